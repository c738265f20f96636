package verify

import (
	"math"
	"strings"
	"testing"

	"onnxprune/internal/svgcheck"
)

// checkSpeedupChart renders the speedup chart of r and checks it against
// the report: one label per ratio, each ratio's text as the table gives it,
// every text inside the viewBox, and the chart inside a 1280 px window.
func checkSpeedupChart(t *testing.T, r *Report) *svgcheck.Doc {
	t.Helper()
	d, err := svgcheck.Parse([]byte(SpeedupSVG(r)))
	if err != nil {
		t.Fatal(err)
	}
	rows := speedupRows(r)
	if want := 3 * len(r.Speedups); len(rows) != want {
		t.Errorf("chart has %d rows, want %d (encoder, step, tokens/s per speedup)", len(rows), want)
	}
	for _, row := range rows {
		if d.Count(row.label) != 1 {
			t.Errorf("chart labels %q %d times", row.label, d.Count(row.label))
		}
		if row.r.Value > 0 && !d.Has(strings.Split(row.r.String(), " (")[0]) {
			t.Errorf("chart lacks the ratio %s of %s", row.r, row.label)
		}
	}
	for _, o := range d.Outside() {
		t.Error(o)
	}
	// Tick labels (the texts under the axis, "×…") do not overlap.
	var ticks []svgcheck.Text
	for _, tx := range d.Texts {
		if strings.HasPrefix(tx.Content, "×") && !strings.Contains(tx.Content, "(") {
			ticks = append(ticks, tx)
		}
	}
	for i := range ticks {
		for j := i + 1; j < len(ticks); j++ {
			if ticks[i].Left < ticks[j].Right && ticks[j].Left < ticks[i].Right {
				t.Errorf("tick labels %q and %q overlap", ticks[i].Content, ticks[j].Content)
			}
		}
	}
	if d.Width > 1280-40 {
		t.Errorf("chart is %g wide: does not fit a 1280 px window", d.Width)
	}
	return d
}

// TestRatio: paired ratios take the median and range of the round ratios;
// one round takes the ratio of medians and the quartiles' range; "not
// significant" when the range includes 1.
func TestRatio(t *testing.T) {
	a := Timing{Median: 10, Times: []float64{8, 9, 10, 11, 12}, RoundMedians: []float64{10, 12, 9}}
	b := Timing{Median: 5, Times: []float64{4, 5, 5, 6, 6}, RoundMedians: []float64{5, 10, 10}}
	r := timingRatio(a, b, 1)
	if r.Value != 1.2 || r.Low != 0.9 || r.High != 2 || r.Significant() || r.Spread != "over 3 rounds" {
		t.Errorf("paired: %+v", r)
	}
	if got, want := r.String(), "×1.20 (0.90–2.00 over 3 rounds, not significant)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	a.RoundMedians, b.RoundMedians = nil, nil
	r = timingRatio(a, b, 1)
	// Quartiles: a 8.5 and 11.5, b 4.5 and 6.
	if r.Value != 2 || r.Low != 8.5/6 || r.High != 11.5/4.5 || !r.Significant() {
		t.Errorf("one round: %+v", r)
	}
	// A wide range (as on a busy machine) still gets readable ticks.
	wide := &Report{Speedups: []Speedup{{Provider: "cpu", Batch: 1,
		EncoderSpeedup: Ratio{Value: 4.33, Low: 2.73, High: 10.21, Spread: "over 3 rounds"},
		StepSpeedup:    Ratio{Unchanged: "decoder_model.onnx byte-identical to the original"},
		TokensSpeedup:  Ratio{Value: 0.56, Low: 0.38, High: 3.06, Spread: "over 3 rounds"}}}}
	checkSpeedupChart(t, wide)
	if got, want := (Ratio{Unchanged: "x.onnx byte-identical to the original"}).String(), "unchanged (x.onnx byte-identical to the original)"; got != want {
		t.Errorf("unchanged: %q, want %q", got, want)
	}
}

// TestUnchangedParts: a part is unchanged when its files are byte-identical
// to the original's or when the decision removes no head from them.
func TestUnchangedParts(t *testing.T) {
	orig, err := detectLayout(fixtureLayouts("marian")[LayoutSplit], nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := detectLayout(fixtureLayouts("bart")[LayoutSplit], nil, nil) // other bytes, same layout
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		pruned    *modelFiles
		removedIn map[string]bool
		enc, dec  string
	}{
		{"same files", orig, nil, "encoder_model.onnx byte-identical to the original", "decoder_model.onnx byte-identical to the original"},
		{"other files, no decision", other, nil, "", ""},
		{"encoder cut", other, map[string]bool{orig.enc.path: true}, "", "no head removed from decoder_model.onnx"},
		{"both cut", other, map[string]bool{orig.enc.path: true, orig.dec.path: true}, "", ""},
	} {
		enc, dec, err := unchangedParts(orig, tc.pruned, tc.removedIn)
		if err != nil || enc != tc.enc || dec != tc.dec {
			t.Errorf("%s: encoder %q, decoder %q (err %v), want %q, %q", tc.name, enc, dec, err, tc.enc, tc.dec)
		}
	}
}

// TestRatioManyRounds: from 6 rounds on, the spread is the distribution-free
// 95% interval of the median round ratio (20 rounds: the 6th smallest and
// the 6th largest, coverage 95.86%), not the range; up to 5 rounds it is
// the range (5 rounds: 93.75%).
func TestRatioManyRounds(t *testing.T) {
	var a, b Timing
	for i := 1; i <= 20; i++ {
		a.RoundMedians = append(a.RoundMedians, float64(i))
		b.RoundMedians = append(b.RoundMedians, 1)
	}
	r := timingRatio(a, b, 1)
	if r.Value != 10.5 || r.Low != 6 || r.High != 15 || r.Spread != "over 20 rounds, 95% interval of the median" {
		t.Errorf("20 rounds: %+v", r)
	}
	for _, tc := range []struct {
		n          int
		k          int
		conf, slop float64
	}{{3, 1, 0.75, 0}, {5, 1, 0.9375, 0}, {6, 1, 0.96875, 0}, {9, 2, 0.9609375, 0}, {20, 6, 0.9586, 1e-4}} {
		rs := make([]float64, tc.n)
		for i := range rs {
			rs[i] = float64(i + 1)
		}
		lo, hi, conf := medianInterval(rs)
		if lo != float64(tc.k) || hi != float64(tc.n+1-tc.k) || math.Abs(conf-tc.conf) > tc.slop+1e-12 {
			t.Errorf("%d ratios: [%g, %g] coverage %g, want the %dth from each end, %g", tc.n, lo, hi, conf, tc.k, tc.conf)
		}
	}
}
