package gatetrain_test

import (
	"fmt"

	"onnxprune/gatetrain"
)

// A gate sampled at u = ½ is the stretched sigmoid of log α / β; the
// test-time gate and the decision use σ(log α) alone.
func ExampleConcrete() {
	c := gatetrain.DefaultConcrete()
	for _, la := range []float64{-2, -0.5, 0.5, 2} {
		g, dg := c.Gate(la, 0.5)
		p, _ := c.POpen(la)
		fmt.Printf("log α %+.1f: g(u=½) %.3f dg %.3f  P(open) %.3f  test gate %.3f  open %v\n", la, g, dg, p, c.TestGate(la), c.Open(la))
	}
	// Output:
	// log α -2.0: g(u=½) 0.000 dg 0.000  P(open) 0.230  test gate 0.043  open false
	// log α -0.5: g(u=½) 0.116 dg 0.537  P(open) 0.572  test gate 0.353  open false
	// log α +0.5: g(u=½) 0.884 dg 0.537  P(open) 0.784  test gate 0.647  open true
	// log α +2.0: g(u=½) 1.000 dg 0.000  P(open) 0.942  test gate 0.957  open true
}
