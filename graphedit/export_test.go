package graphedit

// FixtureList lists the fixtures for the external test package.
var FixtureList = listFixtures
