package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/verify/tokenize"
)

// writeModel writes a small model with the given float inputs (each
// reduced into one output) to dir/name.
func writeModel(t *testing.T, dir, name string, inputs []string, output string, meta map[string]string) string {
	t.Helper()
	b := graphedit.NewBuilder(17)
	var vs []*graphedit.Value
	for _, in := range inputs {
		vs = append(vs, b.Input(in, onnxpb.TensorProto_FLOAT, "batch", 4))
	}
	sum := vs[0]
	for _, v := range vs[1:] {
		sum = b.Op("Add", sum, v)
	}
	out := b.Op("Identity", sum)
	b.Output(out)
	mp, err := b.Model()
	if err != nil {
		t.Fatal(err)
	}
	g := mp.GetGraph()
	g.Output[0].Name = proto.String(output)
	g.Node[len(g.Node)-1].Output[0] = output
	for k, v := range meta {
		mp.MetadataProps = append(mp.MetadataProps, &onnxpb.StringStringEntryProto{Key: proto.String(k), Value: proto.String(v)})
	}
	data, err := proto.Marshal(mp)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLayoutErrors(t *testing.T) {
	dir := t.TempDir()
	img := writeModel(t, dir, "classifier.onnx", []string{"pixel_values"}, "probs", nil)
	lm := writeModel(t, dir, "lm.onnx", []string{"input_ids", "position_ids"}, "logits", nil)
	enc := filepath.Join(fixtures, "marian", "encoder_model.onnx")
	dec := filepath.Join(fixtures, "marian", "decoder_model.onnx")
	past := filepath.Join(fixtures, "marian", "decoder_with_past_model.onnx")
	single := filepath.Join(fixtures, "torch113", "model.onnx")
	cases := []struct {
		name  string
		paths []string
		want  []string // substrings of the error
	}{
		{"not a translation model", []string{img}, []string{"classifier.onnx", "inputs [pixel_values]", "do not look like an encoder–decoder"}},
		{"decoder-only inputs", []string{lm}, []string{"lm.onnx", "inputs [input_ids, position_ids]"}},
		{"encoder alone", []string{enc}, []string{"encoder without a decoder"}},
		{"decoder alone", []string{dec}, []string{"no encoder"}},
		{"with-past without first step", []string{enc, past}, []string{"needs the decoder without past"}},
		{"two encoders", []string{enc, enc, dec}, []string{"both a encoder"}},
		{"single plus others", []string{single, enc}, []string{"single-graph model takes no other files"}},
		{"missing file", []string{filepath.Join(dir, "nope.onnx")}, []string{"nope.onnx"}},
		{"empty folder", []string{dir + "/"}, []string{"empty is a folder without a model"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			paths := c.paths
			if c.name == "empty folder" {
				sub := filepath.Join(dir, "empty")
				if err := os.MkdirAll(sub, 0o755); err != nil {
					t.Fatal(err)
				}
				paths = []string{sub}
			}
			m, err := OpenModel(paths, ModelOptions{Overrides: "pad=0,eos=1,decoder-start=0"})
			if err == nil {
				m.Close()
				t.Fatalf("OpenModel(%v) succeeded, want an error", paths)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestFolderEqualsItsFiles: a model folder and its four Optimum files
// named one by one open the same files, with the cache and without.
func TestFolderEqualsItsFiles(t *testing.T) {
	dir := filepath.Join(fixtures, "marian")
	var named []string
	for _, n := range []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"} {
		named = append(named, filepath.Join(dir, n))
	}
	for _, noCache := range []bool{false, true} {
		var got [2]string
		for i, paths := range [][]string{{dir}, named} {
			mf, err := expandPaths(paths, !noCache)
			if err != nil {
				t.Fatal(err)
			}
			l, err := detectLayout(mf, nil, nil)
			if err != nil {
				t.Fatalf("%v: %v", paths, err)
			}
			got[i] = fmt.Sprint(l.layout, mf)
		}
		if got[0] != got[1] {
			t.Errorf("no-cache %v: the folder opens %s, its files %s", noCache, got[0], got[1])
		}
	}
}

// TestOneInputNameList: the layout detection and graphedit.GuessIORoles
// pick the same inputs of a graph offering several usual names.
func TestOneInputNameList(t *testing.T) {
	p := writeModel(t, t.TempDir(), "m.onnx", []string{"input_ids", "src_ids", "decoder_input_ids", "tgt_ids", "src_mask", "attention_mask"}, "logits", nil)
	fi := &fileInfo{path: p, inputs: []string{"input_ids", "src_ids", "decoder_input_ids", "tgt_ids", "src_mask", "attention_mask"}, outputs: []string{"logits"}}
	if err := fi.classify(); err != nil {
		t.Fatal(err)
	}
	m, err := onnxio.Load(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	r, err := graphedit.GuessIORoles(g, graphedit.IORoles{})
	if err != nil {
		t.Fatal(err)
	}
	if fi.srcIDs != r.Src || fi.tgtIDs != r.DecIn || fi.srcMask != r.SrcMask {
		t.Errorf("layout detection picks %s, %s, %s; GuessIORoles %s, %s, %s", fi.srcIDs, fi.tgtIDs, fi.srcMask, r.Src, r.DecIn, r.SrcMask)
	}
	if fi.srcIDs != "src_ids" || fi.tgtIDs != "tgt_ids" || fi.srcMask != "attention_mask" {
		t.Errorf("picked %s, %s, %s; want the most specific names src_ids, tgt_ids, attention_mask", fi.srcIDs, fi.tgtIDs, fi.srcMask)
	}
}

// TestSpecialsFromModel: ids come from config.json first, metadata_props
// second, the fallback third, and flags override them all; missing ones are
// an error naming them.
func TestSpecialsFromModel(t *testing.T) {
	dir := t.TempDir()
	copyFile := func(name string) string {
		data, err := os.ReadFile(filepath.Join(fixtures, "marian", name))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	enc, dec := copyFile("encoder_model.onnx"), copyFile("decoder_model.onnx")
	if _, err := OpenModel([]string{enc, dec}, ModelOptions{}); err == nil ||
		!strings.Contains(err.Error(), "special ids eos, decoder-start, pad") {
		t.Fatalf("without ids: err %v, want one naming eos, decoder-start, pad", err)
	}
	cfg := `{"pad_token_id": 5, "eos_token_id": [7, 8], "decoder_start_token_id": 5, "max_position_embeddings": 64}`
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	fb := tokenize.NoSpecials
	fb.Unk, fb.Eos = 3, 9
	m, err := OpenModel([]string{dir}, ModelOptions{Fallback: &fb, Overrides: "bos=2"})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	want := tokenize.Specials{Pad: 5, Bos: 2, Eos: 7, Unk: 3, DecoderStart: 5}
	if m.Specials != want || m.MaxPositions != 64 {
		t.Errorf("specials %v max positions %d, want %v and 64", m.Specials, m.MaxPositions, want)
	}
	if m.Layout != LayoutSplit {
		t.Errorf("folder gave layout %s, want %s (it has no decoder_with_past)", m.Layout, LayoutSplit)
	}
}

// TestSpecialsConfigFirst: generation_config.json wins over config.json,
// which wins over metadata_props; metadata fills what they lack.
func TestSpecialsConfigFirst(t *testing.T) {
	dir := t.TempDir()
	src, err := onnxio.Load(filepath.Join(fixtures, "torch113", "model.onnx"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	for k, v := range map[string]string{"eos_token_id": "4", "pad_token_id": "0", "decoder_start_token_id": "2"} {
		src.Proto.MetadataProps = append(src.Proto.MetadataProps, &onnxpb.StringStringEntryProto{Key: proto.String(k), Value: proto.String(v)})
	}
	p := filepath.Join(dir, "model.onnx")
	if err := src.Save(p, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"eos_token_id": 7, "unk_token_id": 3, "decoder_start_token_id": 5}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "generation_config.json"), []byte(`{"decoder_start_token_id": 6}`), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := OpenModel([]string{dir}, ModelOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	want := tokenize.Specials{Pad: 0, Bos: -1, Eos: 7, Unk: 3, DecoderStart: 6}
	if m.Specials != want || m.Layout != LayoutSingle {
		t.Errorf("specials %v layout %s, want %v and %s", m.Specials, m.Layout, want, LayoutSingle)
	}
	gen, cfg := filepath.Join(dir, "generation_config.json"), filepath.Join(dir, "config.json")
	if wantFrom := gen + ", " + cfg + ", " + p + " metadata_props"; m.SpecialsFrom != wantFrom {
		t.Errorf("SpecialsFrom %q, want %q", m.SpecialsFrom, wantFrom)
	}
}
