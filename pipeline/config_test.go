package pipeline

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"onnxprune/ortrun"

	"onnxprune/graphedit/heads"
)

func TestParseConfig(t *testing.T) {
	text := `# a comment
model: m.onnx   # trailing comment
output: "out dir"
ids: true
specials: 'pad=0,eos=2'
attention:
  - encoder
  - cross
data:
  train: [t.src, t.tgt]
  dev:
    - d.src
    - d.tgt
  test: [x.src, "x.tgt"]
train:
  max-steps: 25
  l0-lambda: 0.25
prune:
  by: relevance
  keep-heads: 3
verify:
  bench-batch: [1, 8]
  rounds: 2
  max-bleu-drop: 1.5
`
	c := Default()
	if err := Parse(&c, "p.yaml", text, "/base"); err != nil {
		t.Fatal(err)
	}
	drop := 1.5
	want := Default()
	want.Model = []string{"/base/m.onnx"}
	want.Out = "/base/out dir"
	want.IDs = true
	want.Specials = "pad=0,eos=2"
	want.Attention = []heads.Kind{heads.KindEncoder, heads.KindCross}
	want.Train = [2]string{"/base/t.src", "/base/t.tgt"}
	want.Dev = [2]string{"/base/d.src", "/base/d.tgt"}
	want.Test = [2]string{"/base/x.src", "/base/x.tgt"}
	want.Steps, want.Lambda = 25, 0.25
	want.PruneBy, want.KeepHeads = "relevance", 3
	want.BenchBatch, want.Rounds = []int{1, 8}, 2
	want.MaxBLEUDrop = &drop
	if !reflect.DeepEqual(c, want) {
		t.Errorf("parsed\n%+v\nwant\n%+v", c, want)
	}
}

// TestParseErrorsNameTheLine checks that every kind of mistake is reported
// with the file name and the line it is on.
// TestGPUKeys reads the GPU keys of the configuration into the session
// options of every stage.
func TestGPUKeys(t *testing.T) {
	c := Default()
	text := "provider: CUDA\ndevice-id: 1\ncuda-mem-limit: 6GiB\ncudnn-conv-algo-search: heuristic\n"
	if err := Parse(&c, "p.yaml", text, "."); err != nil {
		t.Fatal(err)
	}
	got := (&runner{c: c}).session()
	if got.Provider != ortrun.CUDA || got.DeviceID != 1 || got.CUDA.MemLimit != 6<<30 || got.CUDA.ConvAlgoSearch != "heuristic" {
		t.Errorf("session options %+v", got)
	}
	d := Default()
	if p := (&runner{c: d}).session().Provider; p != ortrun.CPU {
		t.Errorf("default provider %q, want cpu", p)
	}
}

func TestParseErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct {
		name, text, where, what string
	}{
		{"unknown key", "model: m.onnx\nmodle: x\n", "p.yaml:2:", `unknown key "modle"`},
		{"unknown nested key", "train:\n  max-steps: 3\n  stepz: 4\n", "p.yaml:3:", `unknown key "train.stepz"`},
		{"bad int", "# c\ntrain:\n  max-steps: ten\n", "p.yaml:3:", `"ten" is not an integer`},
		{"negative int", "train:\n  max-steps: -1\n", "p.yaml:2:", "below 0"},
		{"bad float", "train:\n  l0-lambda: 1e\n", "p.yaml:2:", "not a number"},
		{"NaN", "train:\n  l0-lambda: NaN\n", "p.yaml:2:", `"NaN" is not a finite number`},
		{"infinity", "train:\n  lr: inf\n", "p.yaml:2:", `"inf" is not a finite number`},
		{"negative infinity", "verify:\n  max-bleu-drop: -Inf\n", "p.yaml:2:", "not a finite number"},
		{"bad bool", "ids: maybe\n", "p.yaml:1:", "not true or false"},
		{"bad kind", "attention: [encoder, crosss]\n", "p.yaml:1:", "crosss"},
		{"bad prune", "prune:\n  by: random\n", "p.yaml:2:", `"random" is not one of`},
		{"list for scalar", "out: [a, b]\n", "p.yaml:1:", "takes one value"},
		{"pair of one", "data:\n  test: [a]\n", "p.yaml:2:", "two files"},
		{"pair as scalar", "data:\n  test: a\n", "p.yaml:2:", "takes a list"},
		{"no colon", "model m.onnx\n", "p.yaml:1:", `expected "key: value"`},
		{"tab indent", "train:\n\tmax-steps: 3\n", "p.yaml:2:", "tab"},
		{"uneven indent", "train:\n  max-steps: 3\n    lr: 1\n", "p.yaml:3:", "indentation"},
		{"too deep", "data:\n  test:\n    a: b\n", "p.yaml:3:", "indentation"},
		{"unclosed quote", "\n\nout: \"abc\n", "p.yaml:3:", "unclosed quote"},
		{"unclosed list", "attention: [encoder\n", "p.yaml:1:", "unclosed list"},
		{"duplicate", "out: a\nids: true\nout: b\n", "p.yaml:3:", "already set on line 1"},
		{"flow mapping", "train: {max-steps: 3}\n", "p.yaml:1:", "not supported"},
		{"stray item", "out: a\n- b\n", "p.yaml:2:", "list item"},
		{"bad provider", "provider: gpu\n", "p.yaml:1:", `unknown execution provider "gpu"`},
		{"bad memory limit", "\ncuda-mem-limit: lots\n", "p.yaml:2:", `size "lots"`},
		{"bad algo search", "cudnn-conv-algo-search: fastest\n", "p.yaml:1:", "want exhaustive, heuristic or default"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Default()
			err := Parse(&c, "p.yaml", tc.text, ".")
			if err == nil {
				t.Fatalf("no error for %q", tc.text)
			}
			if !strings.Contains(err.Error(), tc.where) || !strings.Contains(err.Error(), tc.what) {
				t.Errorf("error %q lacks %q or %q", err, tc.where, tc.what)
			}
		})
	}
}

// TestParseByteOrderMark: a UTF-8 byte order mark before the first key is
// skipped (it used to make the key "\ufeffmodel" unknown).
// TestParseQuotedCommentsAndCommas: "#" and "," inside quotes belong to the
// value; outside quotes they start a comment and separate list items.
func TestParseQuotedCommentsAndCommas(t *testing.T) {
	text := "out: \"a # b\"  # comment\nspecials: 'pad=0 # x'\ndata:\n  test: [\"x,1.src\", 'y, # \"2\".tgt'] # c\n"
	c := Default()
	if err := Parse(&c, "p.yaml", text, "/d"); err != nil {
		t.Fatal(err)
	}
	if c.Out != "/d/a # b" || c.Specials != "pad=0 # x" || c.Test != [2]string{"/d/x,1.src", `/d/y, # "2".tgt`} {
		t.Errorf("out %q specials %q test %q", c.Out, c.Specials, c.Test)
	}
}

func TestParseByteOrderMark(t *testing.T) {
	c := Default()
	if err := Parse(&c, "p.yaml", "\ufeffmodel: m.onnx\nout: o\n", "/d"); err != nil {
		t.Fatal(err)
	}
	if len(c.Model) != 1 || c.Model[0] != "/d/m.onnx" || c.Out != "/d/o" {
		t.Errorf("model %q out %q", c.Model, c.Out)
	}
}

func TestFlagSet(t *testing.T) {
	c := Default()
	for _, kv := range [][2]string{{"model", "enc.onnx,dec.onnx"}, {"test", "a.src,a.tgt"}, {"ids", "true"}, {"max-steps", "7"}, {"attention", "all"}} {
		f, ok := FieldByFlag(kv[0])
		if !ok {
			t.Fatalf("no flag %s", kv[0])
		}
		if err := f.Set(&c, kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(c.Model, []string{"enc.onnx", "dec.onnx"}) || c.Test != [2]string{"a.src", "a.tgt"} || !c.IDs || c.Steps != 7 || c.Attention != nil {
		t.Errorf("flags gave %+v", c)
	}
	f, _ := FieldByFlag("max-steps")
	if err := f.Set(&c, "x"); err == nil || !strings.Contains(err.Error(), "--max-steps") {
		t.Errorf("bad flag value: error %v does not name the flag", err)
	}
}

func TestValidate(t *testing.T) {
	base := func() Config {
		c := Default()
		c.Model, c.Out = []string{"m.onnx"}, "out"
		c.Train, c.Dev, c.Test = [2]string{"a", "b"}, [2]string{"c", "d"}, [2]string{"e", "f"}
		c.IDs = true
		return c
	}
	if c := base(); c.Validate() != nil {
		t.Fatalf("valid config refused: %v", c.Validate())
	}
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"no model", func(c *Config) { c.Model = nil }, "no model"},
		{"no out", func(c *Config) { c.Out = "" }, "output folder"},
		{"no test", func(c *Config) { c.Test = [2]string{} }, "test"},
		{"gates without training", func(c *Config) { c.Steps = 0 }, "gate training"},
		{"rank without keep", func(c *Config) { c.PruneBy = "relevance" }, "keep-heads"},
		{"rank without analysis", func(c *Config) { c.PruneBy, c.KeepHeads, c.Analyze = "importance", 2, false }, "analysis"},
		{"ids and tokenizer", func(c *Config) { c.Tokenizer = filepath.Join("x", "spm.model") }, "exclude"},
		{"weights without training", func(c *Config) { c.Steps, c.PruneBy, c.KeepHeads, c.TrainWeights.Encoder = 0, "relevance", 2, true }, "train.weights encoder needs training"},
	} {
		c := base()
		tc.edit(&c)
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestValueRoundTrip: every key's Value, set back through its flag,
// leaves the configuration as it was, and a changed setting shows in
// Value (so no key is missing from Value).
func TestValueRoundTrip(t *testing.T) {
	samples := map[string]string{
		"string": "x/y", "bool": "true", "int": "3", "uint": "7", "float": "0.5",
		"list": "a,b", "ints": "2,4", "pair": "s.txt,t.txt",
	}
	special := map[string]string{
		"attention": "encoder,cross", "provider": "cuda", "cudnn-conv-algo-search": "heuristic",
		"prune.by": "relevance", "cuda-mem-limit": "1024", "structures": "heads,ffn:8,sublayers",
		"train.target-params": "50%", "train.target-flops": "1e6", "train.weights": "encoder",
	}
	for _, f := range Fields {
		def := Default()
		again := Default()
		if err := f.Set(&again, def.Value(f.Key)); err != nil {
			t.Errorf("%s: default %q does not set: %v", f.Key, def.Value(f.Key), err)
			continue
		}
		if got, want := again.Value(f.Key), def.Value(f.Key); got != want {
			t.Errorf("%s: round trip %q, want %q", f.Key, got, want)
		}
		v, ok := special[f.Key]
		if !ok {
			v = samples[f.Kind]
		}
		c := Default()
		if err := f.Set(&c, v); err != nil {
			t.Errorf("%s: sample %q: %v", f.Key, v, err)
			continue
		}
		if got := c.Value(f.Key); got != v {
			t.Errorf("%s: set %q, Value says %q", f.Key, v, got)
		}
	}
}

// TestDeprecatedKey: the old key out still sets the output folder, with a
// notice naming the line and the new key.
func TestDeprecatedKey(t *testing.T) {
	c := Default()
	src, err := parse(&c, "p.yaml", "model: m.onnx\nout: o\n", "/d")
	if err != nil {
		t.Fatal(err)
	}
	if c.Out != "/d/o" || len(src.Notices) != 1 || !strings.Contains(src.Notices[0], "p.yaml:2: key out is deprecated") || src.Keys["output"] != "p.yaml:2" {
		t.Errorf("out %q, notices %q, keys %v", c.Out, src.Notices, src.Keys)
	}
}
