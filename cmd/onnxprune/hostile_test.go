package main

// End-to-end tests of the built binary on hostile and broken inputs: every
// command exits 2 with one line naming the file, never panics, never writes
// an output for an input it refuses, never opens an input for writing (an
// inotify watch sees every close of a file opened for writing) and leaves the
// inputs' bytes unchanged.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/tests/large/synth"
)

// bin is the onnxprune command the package's end-to-end tests run.
var bin synth.Binary

// testBinary builds onnxprune once for the package's end-to-end tests.
func testBinary(t *testing.T) string {
	t.Helper()
	path, err := bin.Path()
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMain removes the binary the end-to-end tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	bin.Remove()
	os.Exit(code)
}

// ortEnv points the binary at the repository's ONNX Runtime library (the
// binary lives outside the repository, so its own default would miss it).
func ortEnv(t *testing.T) []string {
	t.Helper()
	lib, err := filepath.Abs("../../.ort/lib/libonnxruntime.so.1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(lib); err != nil {
		if env := os.Getenv("ONNXPRUNE_ORT_LIB"); env != "" {
			lib = env
		} else {
			t.Fatalf("ONNX Runtime library missing (run `make ort`): %v", err)
		}
	}
	return append(os.Environ(), "ONNXPRUNE_ORT_LIB="+lib)
}

type e2eResult struct {
	code           int
	stdout, stderr string
	// elapsed is the command's wall time.
	elapsed time.Duration
}

// e2eTimeout is how long runE2E lets a command run before killing it (a
// command blocked on a named pipe would otherwise hang the test).
const e2eTimeout = 5 * time.Minute

// runE2E runs the binary and fails the test on a panic, a crash by signal or
// a run longer than e2eTimeout.
func runE2E(t *testing.T, env []string, args ...string) e2eResult {
	t.Helper()
	return runE2EWithin(t, env, e2eTimeout, args...)
}

// runE2EWithin is runE2E with a time limit of its own.
func runE2EWithin(t *testing.T, env []string, limit time.Duration, args ...string) e2eResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, testBinary(t), args...)
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("onnxprune %s: still running after %v (killed)", strings.Join(args, " "), limit)
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("onnxprune %s: %v", strings.Join(args, " "), err)
	}
	r := e2eResult{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String(), elapsed: elapsed}
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine ") || r.code < 0 {
		t.Fatalf("onnxprune %s crashed (exit %d):\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r
}

// writeWatch watches files with inotify for anything that writes them:
// a close after opening for writing, a modification, a truncation (modify),
// an attribute change.
type writeWatch struct {
	fd    int
	names map[int]string
}

func watchWrites(t *testing.T, paths []string) *writeWatch {
	t.Helper()
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		t.Fatal(err)
	}
	w := &writeWatch{fd: fd, names: map[int]string{}}
	for _, p := range paths {
		wd, err := syscall.InotifyAddWatch(fd, p, syscall.IN_CLOSE_WRITE|syscall.IN_MODIFY|syscall.IN_ATTRIB)
		if err != nil {
			t.Fatal(err)
		}
		w.names[wd] = p
	}
	return w
}

// check fails the test for every event seen, then stops watching.
func (w *writeWatch) check(t *testing.T, what string) {
	t.Helper()
	defer syscall.Close(w.fd)
	buf := make([]byte, 1<<16)
	n, err := syscall.Read(w.fd, buf)
	if err == syscall.EAGAIN || n <= 0 {
		return
	}
	for off := 0; off+syscall.SizeofInotifyEvent <= n; {
		ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
		t.Errorf("%s: input %s was written (inotify mask %#x)", what, w.names[int(ev.Wd)], ev.Mask)
		off += syscall.SizeofInotifyEvent + int(ev.Len)
	}
}

func sha(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// guard records the inputs' hashes and watches them; done checks both.
func guard(t *testing.T, inputs ...string) func(what string) {
	t.Helper()
	before := map[string][32]byte{}
	for _, p := range inputs {
		before[p] = sha(t, p)
	}
	w := watchWrites(t, inputs)
	return func(what string) {
		t.Helper()
		w.check(t, what)
		for p, h := range before {
			if sha(t, p) != h {
				t.Errorf("%s: input %s changed", what, p)
			}
		}
	}
}

// noTempFiles fails if a save left a temporary file in dir.
func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left in %s: %s", dir, e.Name())
		}
	}
}

// smallModel writes a synthetic two-layer model with external data into dir.
func smallModel(t *testing.T, dir string) string {
	t.Helper()
	p, err := synth.Write(dir, "model.onnx", synth.Config{Layers: 2, Heads: 4, HeadDim: 8, Vocab: 300, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// guardedModel writes smallModel into a fresh temporary folder and guards
// the model and its data file: it returns the folder, the model's path and
// guard's check.
func guardedModel(t *testing.T) (dir, model string, done func(what string)) {
	t.Helper()
	dir = t.TempDir()
	model = smallModel(t, dir)
	return dir, model, guard(t, model, model+".data")
}

// modelWriters are the commands that write a model, each with the
// arguments it needs to write one of smallModel.
var modelWriters = [][]string{{"gate"}, {"prune", "--remove", "encoder:0:0"}}

// rewrite reads the model at src, edits its proto and writes it to dst.
func rewrite(t *testing.T, src, dst string, edit func(m *onnxpb.ModelProto)) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var m onnxpb.ModelProto
	if err := proto.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(&m)
	out, err := proto.Marshal(&m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

func initializer(m *onnxpb.ModelProto, name string) *onnxpb.TensorProto {
	for _, t := range m.GetGraph().GetInitializer() {
		if t.GetName() == name {
			return t
		}
	}
	return nil
}

func setExternal(t *onnxpb.TensorProto, key, value string) {
	for _, e := range t.ExternalData {
		if e.GetKey() == key {
			e.Value = proto.String(value)
			return
		}
	}
	t.ExternalData = append(t.ExternalData, &onnxpb.StringStringEntryProto{Key: proto.String(key), Value: proto.String(value)})
}

// hostileCase is a model file that every command must refuse.
type hostileCase struct {
	name string
	// make writes the model into dir (whose parent holds outside/) and
	// returns its path.
	make func(t *testing.T, dir, good string) string
	// want is a piece of the error message.
	want string
	// quick: the refusal must come within quickRefusal (a special file
	// named from inside the model, which used to block).
	quick bool
}

// quickRefusal is how fast a special file named from inside a model must be
// refused.
const quickRefusal = time.Second

func hostileCases() []hostileCase {
	edit := func(f func(m *onnxpb.ModelProto)) func(t *testing.T, dir, good string) string {
		return func(t *testing.T, dir, good string) string {
			p := filepath.Join(dir, "hostile.onnx")
			rewrite(t, good, p, f)
			return p
		}
	}
	raw := func(b []byte) func(t *testing.T, dir, good string) string {
		return func(t *testing.T, dir, good string) string {
			p := filepath.Join(dir, "hostile.onnx")
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	return []hostileCase{
		{"empty file", raw(nil), "hostile.onnx", false},
		{"not protobuf", raw([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")), "hostile.onnx", false},
		{"truncated", func(t *testing.T, dir, good string) string {
			b, err := os.ReadFile(good)
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(dir, "hostile.onnx")
			if err := os.WriteFile(p, b[:len(b)*2/3], 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}, "hostile.onnx", false},
		{"absolute location", edit(func(m *onnxpb.ModelProto) {
			setExternal(initializer(m, "embed"), "location", "/etc/passwd")
		}), "absolute", false},
		{"dot-dot location", edit(func(m *onnxpb.ModelProto) {
			setExternal(initializer(m, "embed"), "location", "../outside/w.bin")
		}), "..", false},
		{"symlink out of the folder", edit(func(m *onnxpb.ModelProto) {
			setExternal(initializer(m, "embed"), "location", "link.bin")
		}), "link.bin", false},
		{"offset past the end", edit(func(m *onnxpb.ModelProto) {
			setExternal(initializer(m, "lm_head"), "offset", "1099511627776")
		}), "past the end", false},
		{"length past the end", edit(func(m *onnxpb.ModelProto) {
			setExternal(initializer(m, "lm_head"), "length", "1099511627776")
		}), "lm_head", false},
		{"missing data file", edit(func(m *onnxpb.ModelProto) {
			setExternal(initializer(m, "embed"), "location", "nothere.bin")
		}), "nothere.bin", false},
		{"named pipe as data", func(t *testing.T, dir, good string) string {
			pipe := filepath.Join(dir, "pipe.bin")
			if err := syscall.Mkfifo(pipe, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Remove(pipe) })
			return edit(func(m *onnxpb.ModelProto) {
				setExternal(initializer(m, "embed"), "location", "pipe.bin")
			})(t, dir, good)
		}, "is a named pipe", true},
		{"symlink to /dev/zero as data", func(t *testing.T, dir, good string) string {
			zero := filepath.Join(dir, "zero.bin")
			if err := os.Symlink("/dev/zero", zero); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Remove(zero) })
			return edit(func(m *onnxpb.ModelProto) {
				setExternal(initializer(m, "embed"), "location", "zero.bin")
			})(t, dir, good)
		}, "outside the model's folder", true},
		{"2^40 elements inline", edit(func(m *onnxpb.ModelProto) {
			m.Graph.Initializer = append(m.Graph.Initializer, &onnxpb.TensorProto{Name: proto.String("huge"),
				Dims: []int64{1 << 20, 1 << 20}, DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), RawData: make([]byte, 16)})
		}), "huge", false},
		{"negative dim", edit(func(m *onnxpb.ModelProto) {
			initializer(m, "embed").Dims[0] = -300
		}), "embed", false},
		{"short raw_data", edit(func(m *onnxpb.ModelProto) {
			t := initializer(m, "split_shape")
			t.RawData = make([]byte, 8*len(t.Int64Data)-3)
			t.Int64Data = nil
		}), "split_shape", false},
		{"too many attributes", edit(func(m *onnxpb.ModelProto) {
			n := m.Graph.Node[0]
			for i := 0; i < 5000; i++ {
				n.Attribute = append(n.Attribute, &onnxpb.AttributeProto{Name: proto.String(fmt.Sprintf("a%d", i)),
					Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(1)})
			}
		}), "attributes", false},
		{"deeply nested subgraphs", edit(func(m *onnxpb.ModelProto) {
			var g *onnxpb.GraphProto
			for i := 0; i < 100; i++ {
				n := &onnxpb.NodeProto{OpType: proto.String("Identity")}
				if g != nil {
					n.OpType = proto.String("If")
					n.Attribute = []*onnxpb.AttributeProto{{Name: proto.String("then_branch"), Type: onnxpb.AttributeProto_GRAPH.Enum(), G: g}}
				}
				g = &onnxpb.GraphProto{Name: proto.String(fmt.Sprintf("g%d", i)), Node: []*onnxpb.NodeProto{n}}
			}
			m.Graph.Node = append(m.Graph.Node, &onnxpb.NodeProto{OpType: proto.String("If"),
				Attribute: []*onnxpb.AttributeProto{{Name: proto.String("then_branch"), Type: onnxpb.AttributeProto_GRAPH.Enum(), G: g}}})
		}), "nest", false},
	}
}

// TestHostileInputsRefused: inspect, gate and prune refuse every hostile
// model with exit code 2 and one error line naming the model file, write no
// output, and leave the model and its data untouched.
func TestHostileInputsRefused(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "model")
	outside := filepath.Join(root, "outside")
	for _, d := range []string{dir, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	good := smallModel(t, dir)
	if err := os.WriteFile(filepath.Join(outside, "w.bin"), make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "w.bin"), filepath.Join(dir, "link.bin")); err != nil {
		t.Fatal(err)
	}
	env := os.Environ()
	for _, hc := range hostileCases() {
		t.Run(hc.name, func(t *testing.T) {
			model := hc.make(t, dir, good)
			defer os.Remove(model)
			outDir := t.TempDir()
			out := filepath.Join(outDir, "out.onnx")
			done := guard(t, model, good+".data")
			for _, args := range [][]string{
				{"inspect", model},
				{"inspect", "--heads", "--json", model},
				{"gate", model, "-o", out},
				{"prune", model, "--remove", "encoder:0:1", "-o", out},
			} {
				r := runE2EWithin(t, env, time.Minute, args...)
				if r.code != 2 {
					t.Errorf("%s: exit %d, want 2\n%s%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
					continue
				}
				if hc.quick && r.elapsed > quickRefusal {
					t.Errorf("%s: refused after %v, want within %v", strings.Join(args, " "), r.elapsed, quickRefusal)
				}
				line := strings.SplitN(r.stderr, "\n", 2)[0]
				if !strings.HasPrefix(line, "onnxprune "+args[0]+": ") || !strings.Contains(line, model) {
					t.Errorf("%s: error does not name the command and the file: %q", args[0], line)
				}
				if !strings.Contains(line, hc.want) {
					t.Errorf("%s: error %q does not mention %q", args[0], line, hc.want)
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%s wrote %s for a refused input", args[0], out)
				}
				noTempFiles(t, outDir)
			}
			done("hostile " + hc.name)
		})
	}
}

// linkExternal saves the model at src into store with its tensors in an
// external data file, then moves the model file into dir and leaves there a
// symlink to the data file: the model reads its weights from store through
// its own folder. It returns the model's path and the data file's name.
func linkExternal(t *testing.T, src, dir, store string) (string, string) {
	t.Helper()
	m, err := onnxio.Load(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	name := filepath.Base(src)
	if err := m.Save(filepath.Join(store, name), &onnxio.SaveOptions{ExternalData: true}); err != nil {
		t.Fatal(err)
	}
	data := name + ".data"
	if _, err := os.Stat(filepath.Join(store, data)); err != nil {
		t.Fatalf("%s was saved without external data: %v", name, err)
	}
	model := filepath.Join(dir, name)
	if err := os.Rename(filepath.Join(store, name), model); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(store, data), filepath.Join(dir, data)); err != nil {
		t.Fatal(err)
	}
	return model, data
}

// TestAllowDir: external data reached through a symlink into another folder
// is refused by default, with exit 2 and an error naming the data file, and
// accepted given --allow-dir with that folder, by every command that loads a
// model (run also by its allow-dir configuration key). The models are the
// synthetic encoder, the planted translation model (one file) and the
// Marian split export (train and analyze join its encoder and decoder).
func TestAllowDir(t *testing.T) {
	env := ortEnv(t)
	root := t.TempDir()
	dir := filepath.Join(root, "model")
	store := filepath.Join(root, "store")
	for _, d := range []string{dir, store} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The synthetic model's data file lives in store/; its folder holds a symlink.
	smallModel(t, store)
	model := filepath.Join(dir, "model.onnx")
	if err := os.Rename(filepath.Join(store, "model.onnx"), model); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(store, "model.onnx.data"), filepath.Join(dir, "model.onnx.data")); err != nil {
		t.Fatal(err)
	}
	planted, plantedData := linkExternal(t, filepath.Join(plantedDir, "planted_ungated.onnx"), dir, store)
	// The Marian split export, its three files' data in store/ too: train and
	// analyze join encoder and decoder, translate opens all three.
	marian := filepath.Join(dir, "marian")
	if err := os.MkdirAll(marian, 0o755); err != nil {
		t.Fatal(err)
	}
	var marianModels, marianData []string
	for _, f := range marianFiles {
		m, d := linkExternal(t, f, marian, store)
		marianModels = append(marianModels, m)
		marianData = append(marianData, filepath.Join(store, d))
	}
	encData := filepath.Base(marianData[0])
	absPlanted, err := filepath.Abs(plantedDir)
	if err != nil {
		t.Fatal(err)
	}
	pd := func(n string) string { return filepath.Join(absPlanted, n) }
	// Five dev sentences are the test and analysis set.
	head := func(src, dst string) string {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(b), "\n")
		p := filepath.Join(root, dst)
		if err := os.WriteFile(p, []byte(strings.Join(lines[:5], "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	src, tgt := head(pd("dev.src"), "test.src"), head(pd("dev.tgt"), "test.tgt")
	const specials = "pad=0,bos=1,eos=2,decoder-start=1"
	done := guard(t, append(append([]string{model, filepath.Join(store, "model.onnx.data"), planted, filepath.Join(store, plantedData)},
		marianModels...), marianData...)...)
	outDir := t.TempDir()
	out := func(name, variant string) string { return filepath.Join(outDir, variant, name) }
	for _, d := range []string{"refused", "allowed"} {
		if err := os.MkdirAll(filepath.Join(outDir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// run's configuration file, with and without the allow-dir key (paths
	// relative to the file's folder).
	config := func(variant string, allow bool) string {
		text := fmt.Sprintf(`model: model/planted_ungated.onnx
out: %s
ids: true
specials: %s
threads: 1
data:
  train: [%s, %s]
  dev: [test.src, test.tgt]
  test: [test.src, test.tgt]
train:
  max-steps: 3
analyze:
  max-sentences: 2
verify:
  max-len: 8
  no-bench: true
`, out("run-config", variant), specials, pd("train.src"), pd("train.tgt"))
		if allow {
			text += "allow-dir: [store]\n"
		}
		p := filepath.Join(root, variant+".yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		data string   // the data file the refusal names
		args []string // ending where --allow-dir is appended
		// outputs (relative to the variant's output folder) that must load
		// after the run with --allow-dir.
		outputs []string
		// config runs `run --config FILE` instead, the key in the file.
		config bool
	}{
		{name: "inspect", data: "model.onnx.data", args: []string{"inspect", model}},
		{name: "inspect --heads", data: "model.onnx.data", args: []string{"inspect", "--heads", model}},
		{name: "gate", data: "model.onnx.data", args: []string{"gate", model, "-o", "{out}/gated.onnx"}, outputs: []string{"gated.onnx"}},
		{name: "prune", data: "model.onnx.data", args: []string{"prune", model, "--remove", "encoder:1:*", "-o", "{out}/pruned.onnx"}, outputs: []string{"pruned.onnx"}},
		{name: "prune planted", data: plantedData, args: []string{"prune", planted, "--remove", "encoder:0:1,cross:0:2", "-o", "{out}/planted_pruned.onnx"}, outputs: []string{"planted_pruned.onnx"}},
		{name: "train", data: plantedData, args: []string{"train", planted, "--train", pd("train.src") + "," + pd("train.tgt"),
			"--ids", "--specials", "pad=0,decoder-start=1,eos=2", "--max-steps", "3", "--threads", "1", "--log-every", "100", "-o", "{out}/train"},
			outputs: []string{"train/train_graph.onnx"}},
		{name: "translate", data: plantedData, args: []string{"translate", planted, "--ids", "--specials", specials, "--src", src,
			"--max-len", "8", "--threads", "1", "-o", "{out}/test.hyp"}},
		{name: "verify", data: plantedData, args: []string{"verify", "--original", planted, "--pruned", out("planted_pruned.onnx", "allowed"),
			"--remove", "encoder:0:1,cross:0:2", "--test", src + "," + tgt, "--ids", "--specials", specials, "--max-len", "8",
			"--bench-batch", "1", "--warmup", "0", "--repeats", "1", "--threads", "1", "-o", "{out}/verify"}},
		{name: "analyze", data: plantedData, args: []string{"analyze", planted, "--dev", src + "," + tgt, "--ids", "--specials", specials,
			"--threads", "1", "-o", "{out}/analysis"}},
		{name: "loss", data: plantedData, args: []string{"loss", planted, "--dev", src + "," + tgt, "--ids", "--specials", specials, "--threads", "1"}},
		{name: "loss split", data: encData, args: []string{"loss", marianModels[0], marianModels[1], "--dev", src + "," + tgt, "--ids", "--specials", marianSpecials,
			"--threads", "1"}},
		{name: "train split", data: encData, args: []string{"train", marianModels[0], marianModels[1], "--train", pd("train.src") + "," + pd("train.tgt"),
			"--ids", "--specials", "pad=0,decoder-start=0,eos=1", "--max-steps", "3", "--threads", "1", "--log-every", "100", "-o", "{out}/train-split"},
			outputs: []string{"train-split/train_graph.onnx"}},
		{name: "translate split", data: encData, args: []string{"translate", marian, "--ids", "--specials", marianSpecials, "--src", src,
			"--max-len", "8", "--threads", "1", "-o", "{out}/split.hyp"}},
		{name: "analyze split", data: encData, args: []string{"analyze", marianModels[0], marianModels[1], "--dev", src + "," + tgt, "--ids", "--specials", marianSpecials,
			"--threads", "1", "-o", "{out}/analysis-split"}},
		{name: "run", data: plantedData, args: []string{"run", "--model", planted, "--ids", "--specials", specials,
			"--train", pd("train.src") + "," + pd("train.tgt"), "--dev", src + "," + tgt, "--test", src + "," + tgt,
			"--max-steps", "3", "--max-sentences", "2", "--max-len", "8", "--no-bench", "--threads", "1", "-o", "{out}/run"},
			outputs: []string{"run/gated/planted_ungated.onnx", "run/pruned/planted_ungated.onnx"}},
		{name: "run split", data: encData, args: []string{"run", "--model", marianModels[0] + "," + marianModels[1], "--ids", "--specials", marianSpecials,
			"--train", pd("train.src") + "," + pd("train.tgt"), "--dev", src + "," + tgt, "--test", src + "," + tgt,
			"--max-steps", "3", "--max-sentences", "2", "--max-len", "8", "--no-bench", "--threads", "1", "-o", "{out}/run-split"},
			outputs: []string{"run-split/train/train_graph.onnx", "run-split/pruned/encoder_model.onnx", "run-split/pruned/decoder_model.onnx"}},
		{name: "run --config", data: plantedData, config: true, outputs: []string{"run-config/pruned/planted_ungated.onnx"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, variant := range []string{"refused", "allowed"} {
				args := make([]string, len(tc.args))
				for i, a := range tc.args {
					args[i] = strings.ReplaceAll(a, "{out}", filepath.Join(outDir, variant))
				}
				if tc.config {
					args = []string{"run", "--config", config(variant, variant == "allowed")}
				} else if variant == "allowed" {
					args = append(args, "--allow-dir", store)
				}
				r := runE2E(t, env, args...)
				switch {
				case variant == "refused" && (r.code != 2 || !strings.Contains(r.stderr, tc.data)):
					t.Errorf("%s without --allow-dir: exit %d, want 2 naming the data file %s\n%s", tc.name, r.code, tc.data, r.stderr)
				case variant == "refused" && !strings.HasPrefix(r.stderr, "onnxprune "+args[0]+": "):
					t.Errorf("%s without --allow-dir: error does not name the command: %q", tc.name, r.stderr)
				case variant == "allowed" && r.code != 0:
					t.Errorf("%s --allow-dir %s: exit %d\n%s", tc.name, store, r.code, r.stderr)
				}
			}
			for _, o := range tc.outputs {
				if r := runE2E(t, env, "inspect", filepath.Join(outDir, "allowed", o)); r.code != 0 {
					t.Errorf("%s: output %s does not load: %s", tc.name, o, r.stderr)
				}
			}
		})
	}
	for _, d := range []string{"refused", "allowed"} {
		noTempFiles(t, filepath.Join(outDir, d))
	}
	done("--allow-dir runs")
}

// TestOutputRules: an output that is the input needs --overwrite and then
// replaces it by rename; an existing output needs --overwrite and is then replaced
// whole; an output whose data file would replace the input's data file is
// refused; no command opens an input for writing.
func TestOutputRules(t *testing.T) {
	dir, model, done := guardedModel(t)
	data := model + ".data"
	env := os.Environ()
	for _, cmd := range modelWriters {
		name := cmd[0]
		// In place: refused without --overwrite; with it, a copy of the
		// model (and its data file) is replaced by rename and still loads.
		own := filepath.Join(dir, "inplace-"+name)
		inplace := copyTo(t, model, own, "")
		copyTo(t, data, own, "")
		args := append(append([]string{}, cmd...), inplace, "-o", inplace)
		if r := runE2E(t, env, args...); r.code != 2 || !strings.Contains(r.stderr, "--overwrite") {
			t.Errorf("%s -o INPUT: exit %d, want 2 asking for --overwrite\n%s", name, r.code, r.stderr)
		}
		if r := runE2E(t, env, append(args, "--overwrite")...); r.code != 0 {
			t.Errorf("%s -o INPUT --overwrite: exit %d\n%s", name, r.code, r.stderr)
		}
		if r := runE2E(t, env, "inspect", inplace); r.code != 0 {
			t.Errorf("%s -o INPUT --overwrite output does not load: %s", name, r.stderr)
		}
		noTempFiles(t, own)
		out := filepath.Join(dir, name+"-out.onnx")
		if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(append([]string{}, cmd...), model, "-o", out)
		if r := runE2E(t, env, args...); r.code != 2 || !strings.Contains(r.stderr, "--overwrite") {
			t.Errorf("%s over an existing output: exit %d, want 2 asking for --overwrite\n%s", name, r.code, r.stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != "old" {
			t.Errorf("%s replaced an existing output without --overwrite", name)
		}
		if r := runE2E(t, env, append(args, "--overwrite")...); r.code != 0 {
			t.Errorf("%s --overwrite: exit %d\n%s", name, r.code, r.stderr)
		}
		if r := runE2E(t, env, "inspect", out); r.code != 0 {
			t.Errorf("%s --overwrite output does not load: %s", name, r.stderr)
		}
	}
	done("output rules")
	// Output b.onnx writes b.onnx.data: refused when that is the data file
	// the input reads (a.onnx → model.onnx.data; -o model.onnx would
	// replace it under the input).
	a := copyTo(t, model, dir, "a.onnx")
	doneA := guard(t, a, data)
	for _, cmd := range modelWriters {
		args := append(append([]string{}, cmd...), a, "-o", model, "--overwrite")
		if r := runE2E(t, env, args...); r.code != 2 {
			t.Errorf("%s a.onnx -o model.onnx --overwrite (replaces a.onnx's data file): exit %d, want 2\n%s", cmd[0], r.code, r.stderr)
		}
	}
	noTempFiles(t, dir)
	doneA("output over the input's data file")
}

// TestOutputNotInput: translate and train refuse outputs that are their
// inputs (translate -o the model file or the source; train --out a folder
// where an output name is the input model), exit 2, and the inputs stay.
func TestOutputNotInput(t *testing.T) {
	env := ortEnv(t)
	dir := t.TempDir()
	marian := filepath.Join(dir, "marian")
	if err := os.MkdirAll(marian, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx"} {
		b, err := os.ReadFile(filepath.Join(marianDir, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(marian, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := filepath.Join(dir, "src.txt")
	if err := os.WriteFile(src, []byte("5 6 7\n8 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// train's input model named like one of its outputs, in --out.
	trainDir := filepath.Join(dir, "run")
	if err := os.MkdirAll(trainDir, 0o755); err != nil {
		t.Fatal(err)
	}
	planted, err := os.ReadFile(filepath.Join(plantedDir, "planted.onnx"))
	if err != nil {
		t.Fatal(err)
	}
	trainModel := filepath.Join(trainDir, "train_graph.onnx")
	if err := os.WriteFile(trainModel, planted, 0o644); err != nil {
		t.Fatal(err)
	}
	enc := filepath.Join(marian, "encoder_model.onnx")
	done := guard(t, enc, src, trainModel)
	translate := []string{"translate", marian, "--ids", "--specials", marianSpecials, "--src", src, "--max-len", "4"}
	trainArgs := plantedArgs(trainDir, "3")
	trainArgs[1] = trainModel
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"translate -o MODEL", append(append([]string{}, translate...), "-o", enc, "--overwrite")},
		{"translate -o SRC", append(append([]string{}, translate...), "-o", src, "--overwrite")},
		{"train --out holding the model as train_graph.onnx", trainArgs},
	} {
		r := runE2E(t, env, tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, "never overwritten") {
			t.Errorf("%s: exit %d, want 2 refusing to overwrite an input\n%s", tc.name, r.code, r.stderr)
		}
	}
	done("outputs that are inputs")
}

// TestHostileGatesFile: prune --gates refuses broken gates files with exit
// 2 and an error naming the file, and writes no output.
func TestHostileGatesFile(t *testing.T) {
	dir, model, done := guardedModel(t)
	env := os.Environ()
	head := func(name, kind string, layer, h int, keep string) string {
		return fmt.Sprintf(`{"name":%q,"kind":%q,"layer":%d,"head":%d,"keep":%s}`, name, kind, layer, h, keep)
	}
	for _, tc := range []struct{ name, body string }{
		{"not JSON", "\x00\x01gates"},
		{"truncated", `{"version":1,"heads":[` + head("encoder:0:1", "encoder", 0, 1, "false")},
		{"unknown head", `{"version":1,"heads":[` + head("encoder:0:9", "encoder", 0, 9, "false") + `]}`},
		{"unknown layer", `{"version":1,"heads":[` + head("encoder:7:0", "encoder", 7, 0, "false") + `]}`},
		{"name disagrees", `{"version":1,"heads":[` + head("encoder:0:2", "encoder", 0, 1, "false") + `]}`},
		{"listed twice", `{"version":1,"heads":[` + head("encoder:0:1", "encoder", 0, 1, "false") + "," + head("encoder:0:1", "encoder", 0, 1, "true") + `]}`},
		{"huge layer", `{"version":1,"heads":[{"name":"encoder:0:0","kind":"encoder","layer":1e300,"head":0}]}`},
		{"keep not a bool", `{"version":1,"heads":[` + head("encoder:0:1", "encoder", 0, 1, `"no"`) + `]}`},
		{"version 99", `{"version":99,"heads":[` + head("encoder:0:1", "encoder", 0, 1, "false") + `]}`},
		{"no version", `{"heads":[` + head("encoder:0:1", "encoder", 0, 1, "false") + `]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gates := filepath.Join(dir, "gates.json")
			if err := os.WriteFile(gates, []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "out.onnx")
			r := runE2E(t, env, "prune", model, "--gates", gates, "-o", out)
			if r.code != 2 || !strings.Contains(r.stderr, "gates") {
				t.Errorf("exit %d, want 2 naming the gates file\n%s", r.code, r.stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("an output was written for a broken gates file")
			}
		})
	}
	done("broken gates files")
}

// TestMalformedAttention: models that load but whose attention blocks are
// inconsistent (projection widths, biases, head-count constants, Softmax
// axis, weight ranks) never crash inspect --heads, gate or prune: each exits
// 0 with an output that loads, or 2 with one error line.
func TestMalformedAttention(t *testing.T) {
	dir := t.TempDir()
	good := smallModel(t, dir) // 4 heads of 8: E = 32
	const e = 32
	reshape := func(name string, dims ...int64) func(m *onnxpb.ModelProto) {
		return func(m *onnxpb.ModelProto) {
			tp := initializer(m, name)
			n := int64(1)
			for _, d := range dims {
				n *= d
			}
			tp.Dims = dims
			setExternal(tp, "length", fmt.Sprint(4*n))
		}
	}
	ints := func(name string, v ...int64) func(m *onnxpb.ModelProto) {
		return func(m *onnxpb.ModelProto) {
			tp := initializer(m, name)
			tp.Int64Data, tp.RawData = v, nil
			tp.Dims = []int64{int64(len(v))}
		}
	}
	for _, tc := range []struct {
		name string
		edit func(m *onnxpb.ModelProto)
	}{
		{"short q bias", reshape("layer0.q.bias", e-8)},
		{"narrow q weight", reshape("layer0.q.weight", e, e-8)},
		{"short o weight", reshape("layer0.o.weight", e-8, e)},
		{"flat q weight", reshape("layer0.q.weight", e*e)},
		{"rank-3 k weight", reshape("layer0.k.weight", e, e, 1)},
		{"head count off by one", ints("split_shape", 0, 0, 5, 8)},
		{"head dim off", ints("split_shape", 0, 0, 4, 7)},
		{"merge width off", ints("merge_shape", 0, 0, e+1)},
		{"zero heads", ints("split_shape", 0, 0, 0, 8)},
		{"negative head count", ints("split_shape", 0, 0, -4, 8)},
		{"softmax on the head axis", func(m *onnxpb.ModelProto) {
			for _, n := range m.Graph.Node {
				if n.GetOpType() == "Softmax" {
					n.Attribute[0].I = proto.Int64(1)
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			model := filepath.Join(dir, "bad.onnx")
			rewrite(t, good, model, tc.edit)
			done := guard(t, model, good+".data")
			outDir := t.TempDir()
			for _, args := range [][]string{
				{"inspect", "--heads", model},
				{"gate", model, "-o", filepath.Join(outDir, "gated.onnx")},
				{"prune", model, "--remove", "encoder:0:1", "-o", filepath.Join(outDir, "pruned.onnx")},
			} {
				r := runE2E(t, os.Environ(), args...)
				switch r.code {
				case 0:
					if len(args) > 3 {
						if rr := runE2E(t, os.Environ(), "inspect", args[len(args)-1]); rr.code != 0 {
							t.Errorf("%s succeeded but its output does not load: %s", args[0], rr.stderr)
						}
					}
				case 2:
					if n := strings.Count(strings.TrimSpace(r.stderr), "\n"); n > 1 {
						t.Errorf("%s: error is %d lines:\n%s", args[0], n+1, r.stderr)
					}
				default:
					t.Errorf("%s: exit %d\n%s", args[0], r.code, r.stderr)
				}
				t.Logf("%s: exit %d %s", args[0], r.code, strings.TrimSpace(r.stderr))
			}
			noTempFiles(t, outDir)
			done(tc.name)
		})
	}
}

// TestModelNamedFilesRefused: a tokenizer named in a model's metadata, or a
// config.json beside it, that is a named pipe, a symlink to /dev/zero or a
// path out of the model's folder ends translate within a second with exit
// 2 and one line naming it, never quoting the file.
func TestModelNamedFilesRefused(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(root, "outside")
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("SECRET-LINE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "src.txt")
	if err := os.WriteFile(src, []byte("hello world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := ortEnv(t)
	// model makes a copy of the Marian fixture in a folder of its own,
	// its encoder naming tokenizer hint, and runs prepare in that folder.
	model := func(name, hint string, prepare func(dir string)) string {
		dir := filepath.Join(root, name)
		copyTo(t, filepath.Join(marianFixture, "decoder_model.onnx"), dir, "")
		rewrite(t, filepath.Join(marianFixture, "encoder_model.onnx"), filepath.Join(dir, "encoder_model.onnx"), func(m *onnxpb.ModelProto) {
			if hint != "" {
				m.MetadataProps = append(m.MetadataProps, &onnxpb.StringStringEntryProto{Key: proto.String("tokenizer"), Value: proto.String(hint)})
			}
		})
		prepare(dir)
		return dir
	}
	mkfifo := func(name string) func(dir string) {
		return func(dir string) {
			if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	link := func(name, target string) func(dir string) {
		return func(dir string) {
			if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	none := func(string) {}
	for _, c := range []struct {
		name  string
		dir   string
		extra []string
		want  string
	}{
		{"tokenizer is a named pipe", model("tok-fifo", "tok.txt", mkfifo("tok.txt")), nil, "is a named pipe"},
		{"tokenizer is /dev/zero", model("tok-zero", "tok.txt", link("tok.txt", "/dev/zero")), nil, "outside the model's folder"},
		{"tokenizer links out", model("tok-link", "tok.txt", link("tok.txt", filepath.Join(outside, "secret.txt"))), nil, "outside the model's folder"},
		{"tokenizer is ../", model("tok-dotdot", "../outside/secret.txt", none), nil, `contains ".."`},
		{"tokenizer is /etc/passwd", model("tok-abs", "/etc/passwd", none), nil, "is an absolute path"},
		{"config.json is a named pipe", model("cfg-fifo", "", mkfifo("config.json")), []string{"--ids", "--specials", marianSpecials}, "is a named pipe"},
		{"config.json is /dev/zero", model("cfg-zero", "", link("config.json", "/dev/zero")), []string{"--ids", "--specials", marianSpecials}, "outside the model's folder"},
		{"config.json links out", model("cfg-link", "", link("config.json", filepath.Join(outside, "secret.txt"))), []string{"--ids", "--specials", marianSpecials}, "outside the model's folder"},
	} {
		args := append([]string{"translate", c.dir, "--src", src, "-o", filepath.Join(root, "out.txt")}, c.extra...)
		r := runE2EWithin(t, env, time.Minute, args...)
		lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
		switch {
		case r.code != 2 || len(lines) != 1 || !strings.Contains(lines[0], c.want):
			t.Errorf("%s: exit %d, want 2 and one line with %q\n%s", c.name, r.code, c.want, r.stderr)
		case strings.Contains(r.stderr, "SECRET") || strings.Contains(r.stderr, "root:"):
			t.Errorf("%s: the error quotes the file: %s", c.name, r.stderr)
		case r.elapsed > quickRefusal:
			t.Errorf("%s: refused after %v, want within %v", c.name, r.elapsed, quickRefusal)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "out.txt")); err == nil {
		t.Error("translate wrote an output")
	}
}
