package tokenize

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// conformanceModels are the models trained by testdata/make_expected.sh.
var conformanceModels = []string{"unigram", "bpe", "unigram_raw", "bpe_cf", "unigram_unused", "bpe_unused", "tiny", "unigram_ws"}

// readLines splits a file at '\n' only (spm_encode reads lines that way; a
// '\r' or U+2028 stays inside the line) and drops the final newline.
func readLines(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.TrimSuffix(string(data), "\n")
	return strings.Split(s, "\n")
}

func parseIDs(t *testing.T, line string) []int64 {
	t.Helper()
	if line == "" {
		return nil
	}
	var ids []int64
	for _, f := range strings.Split(line, " ") {
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatalf("bad id %q in expected output", f)
		}
		ids = append(ids, id)
	}
	return ids
}

func formatIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, " ")
}

func loadTestModel(t testing.TB, name string) *SentencePiece {
	t.Helper()
	m, err := LoadSentencePiece(filepath.Join("testdata", name+".model"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// tally counts matching lines and reports the first mismatches.
type tally struct {
	t              *testing.T
	what           string
	matched, total int
}

func (c *tally) check(line int, input, got, want string) {
	c.total++
	if got == want {
		c.matched++
		return
	}
	if c.total-c.matched <= 3 {
		c.t.Errorf("%s line %d: input %q\n got: %q\nwant: %q", c.what, line, input, got, want)
	}
}

func (c *tally) report() {
	c.t.Logf("%-32s %5d/%d lines match", c.what, c.matched, c.total)
	if c.total == 0 {
		c.t.Errorf("%s: no lines compared", c.what)
	}
}

// TestConformance compares encoding and decoding with the outputs of
// spm_encode and spm_decode, line by line, for every committed model on the
// training sample and the held-out text.
func TestConformance(t *testing.T) {
	for _, name := range conformanceModels {
		t.Run(name, func(t *testing.T) {
			m := loadTestModel(t, name)
			base := filepath.Join("testdata", name)
			for _, text := range []string{"sample", "heldout", "random", "fuzz"} {
				inputs := readLines(t, filepath.Join("testdata", text+".txt"))
				wantIDs := readLines(t, base+"."+text+".ids")
				wantPieces := readLines(t, base+"."+text+".pieces")
				wantIDsDec := readLines(t, base+"."+text+".ids.decoded")
				wantPiecesDec := readLines(t, base+"."+text+".pieces.decoded")
				for _, n := range []int{len(wantIDs), len(wantPieces), len(wantIDsDec), len(wantPiecesDec)} {
					if n != len(inputs) {
						t.Fatalf("%s: expected outputs have %d lines, input %d", text, n, len(inputs))
					}
				}
				enc := tally{t: t, what: name + " " + text + " encode ids"}
				pcs := tally{t: t, what: name + " " + text + " encode pieces"}
				decI := tally{t: t, what: name + " " + text + " decode ids"}
				decP := tally{t: t, what: name + " " + text + " decode pieces"}
				for i, in := range inputs {
					ids, err := m.Encode(in)
					if err != nil {
						t.Fatal(err)
					}
					enc.check(i+1, in, formatIDs(ids), wantIDs[i])
					var ps []string
					for _, p := range m.EncodePieces(in) {
						ps = append(ps, p.Text)
					}
					pcs.check(i+1, in, strings.Join(ps, " "), wantPieces[i])
					decI.check(i+1, wantIDs[i], m.Decode(parseIDs(t, wantIDs[i])), wantIDsDec[i])
					var inPieces []string
					if wantPieces[i] != "" {
						inPieces = strings.Split(wantPieces[i], " ")
					}
					decP.check(i+1, wantPieces[i], m.DecodePieces(inPieces), wantPiecesDec[i])
				}
				for _, c := range []*tally{&enc, &pcs, &decI, &decP} {
					c.report()
				}
			}
			randIDs := readLines(t, base+".randids")
			wantRand := readLines(t, base+".randids.decoded")
			if len(randIDs) != len(wantRand) {
				t.Fatalf("randids: %d lines, decoded %d", len(randIDs), len(wantRand))
			}
			rnd := tally{t: t, what: name + " random ids decode"}
			for i, line := range randIDs {
				rnd.check(i+1, line, m.Decode(parseIDs(t, line)), wantRand[i])
			}
			rnd.report()
		})
	}
}
