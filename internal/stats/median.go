// Package stats holds the small statistics that several packages report:
// the median of timings, rounds and step counts.
package stats

import (
	"cmp"
	"slices"
)

// Number is a value Median takes.
type Number interface {
	~int | ~int64 | ~float64
}

// Median returns the median of v, the mean of the two middle values when
// there are an even number, and 0 for none. v is left unchanged (a sorted
// copy is used).
func Median[T Number](v []T) float64 {
	n := len(v)
	if n == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.SortFunc(s, cmp.Compare[T])
	if n%2 == 1 {
		return float64(s[n/2])
	}
	return (float64(s[n/2-1]) + float64(s[n/2])) / 2
}
