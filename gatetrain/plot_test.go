package gatetrain

import (
	"fmt"
	"testing"

	"onnxprune/internal/svgcheck"
)

// TestPOpenSVG: the heatmap of 48 heads over 150 steps names every head
// once, marks every head's final decision, ticks the step axis, and keeps
// every text inside the viewBox, for short and long runs.
func TestPOpenSVG(t *testing.T) {
	for _, steps := range []int{1, 7, 150, 2000} {
		var names []string
		final := make([]string, 48)
		for l := 0; l < 6; l++ {
			for h := 0; h < 8; h++ {
				names = append(names, fmt.Sprintf("encoder:%d:%d", l, h))
				final[l*8+h] = "cut"
				if h < 2 {
					final[l*8+h] = "kept"
				}
			}
		}
		rows := make([][]float32, steps)
		for s := range rows {
			rows[s] = make([]float32, len(names))
			for i := range names {
				rows[s][i] = float32(i%3) / 2
			}
		}
		d, err := svgcheck.Parse([]byte(POpenSVG(names, rows, final)))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if d.Count(n) != 1 {
				t.Errorf("%d steps: head %s labelled %d times", steps, n, d.Count(n))
			}
		}
		if d.Count("kept") != 12 || d.Count("cut") != 36 {
			t.Errorf("%d steps: %d kept and %d cut marks, want 12 and 36", steps, d.Count("kept"), d.Count("cut"))
		}
		if d.Count("1") != 1 || (steps >= 10 && d.Count(fmt.Sprint(stepTicks(steps)[1])) != 1) {
			t.Errorf("%d steps: axis ticks %v not all drawn", steps, stepTicks(steps))
		}
		for _, o := range d.Outside() {
			t.Errorf("%d steps: %s", steps, o)
		}
		if d.Width > 1240 {
			t.Errorf("%d steps: %g wide, more than a 1280 px window", steps, d.Width)
		}
	}
	if got := fmt.Sprint(stepTicks(150)); got != "[1 50 100 150]" {
		t.Errorf("stepTicks(150) = %s", got)
	}
}
