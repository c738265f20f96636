package heads

import (
	"sync/atomic"

	"onnxprune/graphedit"
)

// discoveryObserver, when set (ObserveDiscoveries), is told each graph
// Discover analyses.
var discoveryObserver atomic.Pointer[func(g *graphedit.Graph)]

// ObserveDiscoveries has f called with the graph of every head discovery
// (Discover, FindHeads), from now until stop is called (which restores the
// observer before it): how tests check that a run finds each file's heads
// once. f may be called from several goroutines at once.
func ObserveDiscoveries(f func(g *graphedit.Graph)) (stop func()) {
	prev := discoveryObserver.Swap(&f)
	return func() { discoveryObserver.Store(prev) }
}

// observeDiscovery tells the observer, if any, that g is analysed.
func observeDiscovery(g *graphedit.Graph) {
	if f := discoveryObserver.Load(); f != nil {
		(*f)(g)
	}
}
