package score

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestCorrectlyRoundedExpLog checks crExp and crLog against the correctly
// rounded values that Python's decimal module gave for arguments of the kind
// BLEU uses (testdata/libm.json), and counts how often glibc (what sacreBLEU
// calls) and Go's math package agree with them.
func TestCorrectlyRoundedExpLog(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "libm.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Log [][3]float64 `json:"log"`
		Exp [][3]float64 `json:"exp"`
	}
	if err := json.Unmarshal(b, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Log) == 0 || len(fx.Exp) == 0 {
		t.Fatal("libm.json is empty")
	}
	for _, f := range []struct {
		name   string
		cases  [][3]float64
		cr     func(float64) float64
		gomath func(float64) float64
	}{
		{"log", fx.Log, crLog, math.Log},
		{"exp", fx.Exp, crExp, math.Exp},
	} {
		glibcOff, goOff := 0, 0
		for _, c := range f.cases {
			x, glibc, want := c[0], c[1], c[2]
			if got := f.cr(x); got != want {
				t.Errorf("%s(%v) = %v, correctly rounded %v", f.name, x, got, want)
			}
			if glibc != want {
				glibcOff++
			}
			if f.gomath(x) != want {
				goOff++
			}
		}
		t.Logf("%s: %d arguments; glibc differs from correct rounding on %d, Go's math on %d", f.name, len(f.cases), glibcOff, goOff)
	}
}

func TestExpLogSpecialValues(t *testing.T) {
	tests := []struct {
		name    string
		f       func(float64) float64
		x, want float64
	}{
		{"exp", crExp, 0, 1},
		{"exp", crExp, -1e10, 0},
		{"exp", crExp, 1, math.E},
		{"exp", crExp, -745, 5e-324},
		{"exp", crExp, -740, 4.2e-322},
		{"exp", crExp, -709.5, 7.38014831401258e-309},
		{"log", crLog, 1, 0},
		{"log", crLog, math.E, 1},
		{"log", crLog, 100, 4.605170185988092},
		{"log", crLog, 0, math.Inf(-1)},
		{"log", crLog, 2, math.Ln2},
	}
	for _, tt := range tests {
		if got := tt.f(tt.x); got != tt.want {
			t.Errorf("%s(%v) = %v, want %v", tt.name, tt.x, got, tt.want)
		}
	}
	if !math.IsNaN(crLog(-1)) {
		t.Errorf("log(-1) is not NaN")
	}
}

// TestExpLogFastPathAgrees checks the 128-bit first stage against the
// workPrec evaluation on random arguments of the kinds BLEU and its
// bootstrap produce: log of precisions in (0, 100], exp of their means and of
// brevity-penalty exponents.
func TestExpLogFastPathAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range 3000 {
		x := float64(float32(100*rng.Float64()) + float32(i%7)*1e-3)
		if x <= 0 {
			continue
		}
		slow, _ := logAt(x, workPrec+32).Float64()
		if got := crLog(x); got != slow {
			t.Errorf("crLog(%v) = %v, at %d bits %v", x, got, workPrec+32, slow)
		}
		y := 5*rng.Float64() - 10*rng.Float64()
		if i%10 == 0 {
			y = 1400*rng.Float64() - 740
		}
		slowExp, _ := expAt(y, workPrec+32).Float64()
		if got := crExp(y); got != slowExp {
			t.Errorf("crExp(%v) = %v, at %d bits %v", y, got, workPrec+32, slowExp)
		}
	}
}
