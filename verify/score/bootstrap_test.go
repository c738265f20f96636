package score

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// bootstrapRun is one run of testdata/bootstrap.json: sacreBLEU's paired
// bootstrap on the systems in testdata/bootstrap, made by make_bootstrap.py.
type bootstrapRun struct {
	Refs        []string      `json:"refs"`
	Systems     []string      `json:"systems"`
	Seed        uint64        `json:"seed"`
	Resamples   int           `json:"resamples"`
	BLEUOptions *bleuOptsJSON `json:"bleu_options"`
	ChrFOptions *chrfOptsJSON `json:"chrf_options"`
	// Results maps sacreBLEU's metric name (BLEU, chrF2, chrF2++) to one
	// result per system, the baseline first.
	Results    map[string][]BootstrapResult `json:"results"`
	Signatures map[string]string            `json:"signatures"`
}

func loadBootstrapRuns(t *testing.T) []bootstrapRun {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "bootstrap.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []bootstrapRun `json:"runs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) == 0 {
		t.Fatal("bootstrap.json holds no runs")
	}
	return doc.Runs
}

func readSystems(t *testing.T, names, refNames []string) ([][]string, [][]string) {
	t.Helper()
	read := func(name string) []string {
		lines, err := ReadLines(filepath.Join("testdata", "bootstrap", name))
		if err != nil {
			t.Fatal(err)
		}
		return lines
	}
	systems := make([][]string, len(names))
	for i, n := range names {
		systems[i] = read(n)
	}
	refs := make([][]string, len(refNames))
	for k, n := range refNames {
		refs[k] = read(n)
	}
	return systems, refs
}

// TestPairedBootstrapMatchesSacreBLEU compares every score, bootstrap mean,
// interval and p-value with sacreBLEU's PairedTest, bit for bit, on eight
// systems (the reference model's greedy and beam translations and derived
// ones) in seven runs: several baselines, seeds, resample counts, one and two
// references, and BLEU and chrF options.
func TestPairedBootstrapMatchesSacreBLEU(t *testing.T) {
	pairs := 0
	for ri, run := range loadBootstrapRuns(t) {
		systems, refs := readSystems(t, run.Systems, run.Refs)
		bs := Bootstrap{Resamples: run.Resamples, Seed: run.Seed}
		check := func(name string, got []BootstrapResult, err error, sig string) {
			t.Helper()
			if err != nil {
				t.Fatalf("run %d %s: %v", ri+1, name, err)
			}
			want, ok := run.Results[name]
			if !ok {
				t.Fatalf("run %d: sacreBLEU has no %s results", ri+1, name)
			}
			if run.Signatures[name] != bs.Signature(sig) {
				t.Errorf("run %d %s: signature %q, sacreBLEU %q", ri+1, name, bs.Signature(sig), run.Signatures[name])
			}
			for i := range want {
				g, w := got[i], want[i]
				if g.Score != w.Score || g.Mean != w.Mean || g.CI != w.CI || !samePValue(g.PValue, w.PValue) {
					t.Errorf("run %d %s %s: got %v %v %v %s, sacreBLEU %v %v %v %s", ri+1, name, run.Systems[i],
						g.Score, g.Mean, g.CI, pString(g.PValue), w.Score, w.Mean, w.CI, pString(w.PValue))
				}
				if i > 0 {
					pairs++
				}
			}
		}
		if run.BLEUOptions != nil {
			b := run.BLEUOptions.metric()
			got, err := b.PairedBootstrap(systems, refs, bs)
			check("BLEU", got, err, b.Signature(len(refs)))
		}
		if run.ChrFOptions != nil {
			c := run.ChrFOptions.metric()
			got, err := c.PairedBootstrap(systems, refs, bs)
			check(c.Name(), got, err, c.Signature(len(refs)))
		}
	}
	if pairs < 3 {
		t.Fatalf("only %d system pairs compared", pairs)
	}
}

func samePValue(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func pString(p *float64) string {
	if p == nil {
		return "p=none"
	}
	return "p=" + formatFixed(*p, 17)
}

// TestPairedBootstrapIdenticalSystem pins sacreBLEU's behaviour for a system
// equal to the baseline: equal score, mean and interval, and the smallest
// p-value, since no centred difference exceeds an observed difference of 0.
func TestPairedBootstrapIdenticalSystem(t *testing.T) {
	systems, refs := readSystems(t, []string{"drop03.es", "drop03.es"}, []string{"ref.es"})
	bs := Bootstrap{Resamples: 99, Seed: DefaultBootstrapSeed}
	got, err := ChrF{}.PairedBootstrap(systems, refs, bs)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Score != got[1].Score || got[0].Mean != got[1].Mean || got[0].CI != got[1].CI ||
		got[0].PValue != nil || got[1].PValue == nil || *got[1].PValue != 0.01 {
		t.Errorf("identical systems: %+v %+v", got[0], got[1])
	}
}

// TestPairedBootstrapErrors checks that bad input is an error, not a panic.
func TestPairedBootstrapErrors(t *testing.T) {
	refs := [][]string{{"a b", "c d"}}
	tests := []struct {
		name    string
		systems [][]string
		refs    [][]string
		bs      Bootstrap
	}{
		{"no systems", nil, refs, DefaultBootstrap},
		{"short system", [][]string{{"a b", "c"}, {"a"}}, refs, DefaultBootstrap},
		{"no references", [][]string{{"a"}}, nil, DefaultBootstrap},
		{"no segments", [][]string{{}}, [][]string{{}}, DefaultBootstrap},
		{"no resamples", [][]string{{"a b", "c"}}, refs, Bootstrap{Seed: 1}},
	}
	for _, tt := range tests {
		if _, err := (BLEU{}).PairedBootstrap(tt.systems, tt.refs, tt.bs); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	if _, err := (BLEU{Smooth: "lin"}).PairedBootstrap([][]string{{"a b", "c"}}, refs, DefaultBootstrap); err == nil {
		t.Error("unknown smoothing: no error")
	}
}
