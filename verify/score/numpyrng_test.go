package score

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// numpyRNGJSON is testdata/numpy_rng.json, written by make_bootstrap.py
// from NumPy itself.
type numpyRNGJSON struct {
	NumPyVersion string `json:"numpy_version"`
	SeedSequence []struct {
		Seed  string   `json:"seed"`
		State []string `json:"state"`
	} `json:"seed_sequence"`
	PCG64 []struct {
		Seed string   `json:"seed"`
		Raw  []string `json:"raw"`
	} `json:"pcg64"`
	Choice []struct {
		Seed      string    `json:"seed"`
		Resamples int       `json:"resamples"`
		N         int       `json:"n"`
		Indices   [][]int32 `json:"indices"`
	} `json:"choice"`
	Draws []struct {
		Seed        string   `json:"seed"`
		N           uint32   `json:"n"`
		Count       int      `json:"count"`
		First       []uint32 `json:"first"`
		Sum         string   `json:"sum"`
		WeightedSum string   `json:"weighted_sum"`
	} `json:"draws"`
	RowSum struct {
		Stats [][]float32 `json:"stats"`
		Rows  []int32     `json:"rows"`
		Sum   []float32   `json:"sum"`
	} `json:"row_sum"`
	Mean []struct {
		DType  string    `json:"dtype"`
		Values []float64 `json:"values"`
		Mean   float64   `json:"mean"`
	} `json:"mean"`
}

func loadNumpyRNG(t *testing.T) numpyRNGJSON {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "numpy_rng.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc numpyRNGJSON
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.SeedSequence) == 0 || len(doc.PCG64) == 0 || len(doc.Choice) == 0 || len(doc.Draws) == 0 || len(doc.Mean) == 0 {
		t.Fatal("numpy_rng.json lacks a section")
	}
	return doc
}

func parseSeed(t *testing.T, s string) uint64 {
	t.Helper()
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSeedSequenceMatchesNumPy compares SeedSequence(seed).generate_state(4,
// np.uint64) for one- and two-word seeds.
func TestSeedSequenceMatchesNumPy(t *testing.T) {
	for _, c := range loadNumpyRNG(t).SeedSequence {
		got := seedSequenceState64(parseSeed(t, c.Seed), len(c.State))
		for i, w := range c.State {
			if want := parseSeed(t, w); got[i] != want {
				t.Errorf("seed %s word %d: got %d, NumPy %d", c.Seed, i, got[i], want)
			}
		}
	}
}

// TestPCG64MatchesNumPy compares PCG64(seed).random_raw(8).
func TestPCG64MatchesNumPy(t *testing.T) {
	for _, c := range loadNumpyRNG(t).PCG64 {
		g := newPCG64(parseSeed(t, c.Seed))
		for i, w := range c.Raw {
			if got, want := g.next64(), parseSeed(t, w); got != want {
				t.Errorf("seed %s output %d: got %d, NumPy %d", c.Seed, i, got, want)
			}
		}
	}
}

// TestBootstrapIndicesMatchNumPy compares whole index matrices of
// default_rng(seed).choice(n, size=(resamples, n)).
func TestBootstrapIndicesMatchNumPy(t *testing.T) {
	for _, c := range loadNumpyRNG(t).Choice {
		got := BootstrapIndices(parseSeed(t, c.Seed), c.Resamples, c.N)
		if len(got) != len(c.Indices) {
			t.Fatalf("seed %s n %d: %d rows, NumPy %d", c.Seed, c.N, len(got), len(c.Indices))
		}
		for r := range got {
			for i := range got[r] {
				if got[r][i] != c.Indices[r][i] {
					t.Fatalf("seed %s n %d: row %d column %d is %d, NumPy %d", c.Seed, c.N, r, i, got[r][i], c.Indices[r][i])
				}
			}
		}
	}
}

// TestBoundedDrawsMatchNumPy checks long runs of Lemire draws, among them
// sacreBLEU's 1,000 × 200 and 1,000 × 1,029 and ranges near 2^31 and 2^32
// where rejections are frequent, by their first draws and two checksums.
func TestBoundedDrawsMatchNumPy(t *testing.T) {
	for _, c := range loadNumpyRNG(t).Draws {
		g := newPCG64(parseSeed(t, c.Seed))
		sum, weighted := new(big.Int), new(big.Int)
		term := new(big.Int)
		for i := range c.Count {
			v := g.boundedUint32(c.N)
			if i < len(c.First) && v != c.First[i] {
				t.Fatalf("seed %s n %d: draw %d is %d, NumPy %d", c.Seed, c.N, i, v, c.First[i])
			}
			sum.Add(sum, term.SetUint64(uint64(v)))
			weighted.Add(weighted, term.Mul(term, big.NewInt(int64(i+1))))
		}
		if sum.String() != c.Sum || weighted.String() != c.WeightedSum {
			t.Errorf("seed %s n %d: %d draws sum to %s (weighted %s), NumPy %s (%s)",
				c.Seed, c.N, c.Count, sum, weighted, c.Sum, c.WeightedSum)
		}
	}
}

// TestNumpyMeanMatchesNumPy compares np.mean of float32 and float64 arrays
// on both sides of the pairwise-summation block sizes, bit for bit.
func TestNumpyMeanMatchesNumPy(t *testing.T) {
	for _, c := range loadNumpyRNG(t).Mean {
		var got float64
		if c.DType == "float32" {
			got = float64(numpyMean(toFloat32s(c.Values)))
		} else {
			got = numpyMean(c.Values)
		}
		if got != c.Mean {
			t.Errorf("%s mean of %d values: got %v, NumPy %v", c.DType, len(c.Values), got, c.Mean)
		}
	}
}

// TestSumRowsMatchesNumPy compares the float32 sum of resampled statistics
// with NumPy's stats[rows].sum(0) where the sums pass 2^24, so that the
// order of the additions shows.
func TestSumRowsMatchesNumPy(t *testing.T) {
	rs := loadNumpyRNG(t).RowSum
	if len(rs.Stats) == 0 || len(rs.Sum) == 0 {
		t.Fatal("numpy_rng.json has no row sum")
	}
	got := make([]float32, len(rs.Sum))
	sumRows(got, rs.Stats, rs.Rows)
	exact := 0.0
	for _, i := range rs.Rows {
		exact += float64(rs.Stats[i][0])
	}
	if exact == float64(rs.Sum[0]) {
		t.Fatal("the row sum is exact in float32; it tests nothing")
	}
	for j := range got {
		if got[j] != rs.Sum[j] {
			t.Errorf("column %d: %v, NumPy %v", j, got[j], rs.Sum[j])
		}
	}
}
