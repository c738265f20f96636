package heads_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
)

// fuzzBlocks returns the attention blocks of the Marian fixture's encoder
// and decoder (encoder, decoder and cross kinds), for the parsers to match
// names against.
func fuzzBlocks(f *testing.F) []*heads.Block {
	f.Helper()
	var all []*heads.Block
	seen := map[string]bool{}
	for _, name := range []string{"encoder_model.onnx", "decoder_model.onnx"} {
		m, err := onnxio.Load(filepath.Join("..", "..", "models", "fixtures", "marian", name), nil)
		if err != nil {
			f.Fatal(err)
		}
		g, err := graphedit.Load(m)
		if err != nil {
			f.Fatal(err)
		}
		bs, err := heads.FindHeads(g)
		if err != nil {
			f.Fatal(err)
		}
		for _, b := range bs {
			if !seen[b.Name()] {
				seen[b.Name()] = true
				all = append(all, b)
			}
		}
		m.Close()
	}
	if len(all) == 0 {
		f.Fatal("no attention blocks in the Marian fixture")
	}
	return all
}

// FuzzParseSpec: any string gives a selection or an error, never a panic;
// a selection names only existing blocks and heads in range, sorted and
// without duplicates, and writing it back as a spec parses to the same
// selection. Decisions built from it have one entry per head.
func FuzzParseSpec(f *testing.F) {
	blocks := fuzzBlocks(f)
	for _, s := range []string{
		"encoder:0:1", "encoder:0:1,encoder:0:1", "cross:1:*", "decoder:0:0, decoder:1:3",
		"encoder:0", "encoder:-1:0", "encoder:0:-1", "encoder:0:99", "self:0:0", "", ",", "encoder:0:1,",
		"encoder:+1:01", "encoder:9999999999999999999999:0", "encoder:0:*:*", "ENCODER:0:0", " cross : 0 : 1 ",
	} {
		f.Add(s)
	}
	byName := map[string]*heads.Block{}
	for _, b := range blocks {
		byName[b.Name()] = b
	}
	f.Fuzz(func(t *testing.T, spec string) {
		sel, err := heads.ParseSpec(spec, blocks)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		var items []string
		for name, hs := range sel {
			b := byName[name]
			if b == nil {
				t.Fatalf("spec %q selected block %q that does not exist", spec, name)
			}
			if !sort.IntsAreSorted(hs) {
				t.Errorf("heads of %s not sorted: %v", name, hs)
			}
			for i, h := range hs {
				if h < 0 || h >= b.NumHeads {
					t.Fatalf("spec %q selected head %d of %s (H=%d)", spec, h, name, b.NumHeads)
				}
				if i > 0 && hs[i-1] == h {
					t.Errorf("head %d of %s listed twice", h, name)
				}
				items = append(items, fmt.Sprintf("%s:%d", name, h))
			}
		}
		again, err := heads.ParseSpec(strings.Join(items, ","), blocks)
		if err != nil {
			t.Fatalf("selection of %q written back (%q) does not parse: %v", spec, strings.Join(items, ","), err)
		}
		if fmt.Sprint(again) != fmt.Sprint(sel) {
			t.Errorf("round trip of %q: %v then %v", spec, sel, again)
		}
		for _, d := range []heads.Decision{heads.RemoveDecision(blocks, sel), heads.KeepDecision(blocks, sel)} {
			for _, b := range blocks {
				if len(d[b.Name()]) != b.NumHeads {
					t.Fatalf("decision for %s has %d entries, want %d", b.Name(), len(d[b.Name()]), b.NumHeads)
				}
			}
		}
	})
}

// FuzzGatesDecision: any bytes read as the heads of gates.json give a
// surgery decision or an error, never a panic; a decision has one entry per head of every block,
// follows keep for every listed head and keeps every head not listed.
func FuzzGatesDecision(f *testing.F) {
	blocks := fuzzBlocks(f)
	rec := func(name string, keep bool) string {
		parts := strings.Split(name, ":")
		return fmt.Sprintf(`{"name":%q,"kind":%q,"layer":%s,"head":%s,"log_alpha":-1.5,"p_open":0.2,"gate":0,"keep":%v}`,
			name, parts[0], parts[1], parts[2], keep)
	}
	b0 := blocks[0].Name()
	for _, s := range []string{
		`{"version":1,"heads":[]}`,
		`{"version":1,"heads":[` + rec(b0+":0", false) + `,` + rec(b0+":1", true) + `]}`,
		`{"version":1,"heads":[` + rec(b0+":0", false) + `,` + rec(b0+":0", true) + `]}`,
		`{"version":1,"heads":[` + rec(b0+":99", false) + `]}`,
		`{"version":1,"heads":[{"name":"encoder:0:0","kind":"encoder","layer":0,"head":1}]}`,
		`{"version":1,"heads":[{"name":"x","kind":"x","layer":-5,"head":-1,"keep":false}]}`,
		`{"heads":null}`, `[]`, `null`, ``, `{`, `{"version":"one"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var gf struct {
			Heads []heads.GateRecord `json:"heads"`
		}
		if err := json.Unmarshal(data, &gf); err != nil {
			return
		}
		d, err := heads.GatesDecision(gf.Heads, blocks)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		listed := map[string]bool{}
		for _, h := range gf.Heads {
			listed[h.Name] = h.Keep
		}
		for _, b := range blocks {
			if len(d[b.Name()]) != b.NumHeads {
				t.Fatalf("decision for %s has %d entries, want %d", b.Name(), len(d[b.Name()]), b.NumHeads)
			}
			for h, keep := range d[b.Name()] {
				name := heads.HeadName(b.Kind, b.Layer, h)
				want, ok := listed[name]
				if !ok {
					want = true
				}
				if keep != want {
					t.Errorf("%s: keep %v, want %v", name, keep, want)
				}
			}
		}
		if len(d) != len(blocks) {
			t.Errorf("decision has %d blocks, the model %d", len(d), len(blocks))
		}
	})
}
