package graphedit

type analysis struct{}
