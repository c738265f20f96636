package onnxio

import "sync/atomic"

// loadObserver, when set (ObserveLoads), is told the path of each file
// Load reads.
var loadObserver atomic.Pointer[func(path string)]

// ObserveLoads has f called with the path of every file Load reads, from
// now until stop is called (which restores the observer before it): how
// tests check that a run reads each model file once. f may be called from
// several goroutines at once.
func ObserveLoads(f func(path string)) (stop func()) {
	prev := loadObserver.Swap(&f)
	return func() { loadObserver.Store(prev) }
}

// observeLoad tells the observer, if any, that path is read.
func observeLoad(path string) {
	if f := loadObserver.Load(); f != nil {
		(*f)(path)
	}
}
