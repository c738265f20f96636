package large

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"onnxprune/tests/large/synth"
)

// TestKilledBetweenRenames kills `onnxprune prune --overwrite` exactly at
// its second rename (the model's, after the data file's) by strace fault
// injection, over an existing output pair. The output must then be the old
// pair or no model at all, never the old model with the new data (which
// reads the new file at the old offsets). Skipped without strace.
func TestKilledBetweenRenames(t *testing.T) {
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("strace not installed")
	}
	dir := t.TempDir()
	model, err := synth.Write(dir, "model.onnx", synth.Config{Layers: 2, Heads: 4, HeadDim: 8, Vocab: 500, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	outDir := filepath.Join(dir, "out")
	out := filepath.Join(outDir, "out.onnx")
	for attempt := 0; attempt < 5; attempt++ {
		os.RemoveAll(outDir)
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "prune", model, "--remove", "encoder:0:0", "-o", out)
		oldModel, oldData := hashFile(t, out), hashFile(t, out+".data")
		// strace counts calls per thread; when the two renames run on
		// different threads the injection misses and the run finishes.
		cmd := exec.Command(strace, "-f", "-qq", "-e", "trace=renameat", "-e", "inject=renameat:signal=SIGKILL:when=2",
			onnxpruneBin(t), "prune", model, "--remove", "encoder:0:1", "-o", out, "--overwrite")
		outb, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() == 0 {
			t.Logf("attempt %d: the injection missed (renames on different threads):\n%s", attempt, outb)
			continue
		}
		_, errModel := os.Stat(out)
		switch {
		case os.IsNotExist(errModel):
			// No model: the old one was removed before the data rename.
		case errModel != nil:
			t.Fatal(errModel)
		case hashFile(t, out) == oldModel && hashFile(t, out+".data") != oldData:
			t.Fatalf("killed between the renames: the old model is paired with the new data file")
		case hashFile(t, out) == oldModel:
			// Killed before the data rename: the old pair.
		default:
			t.Fatalf("killed at the model's rename, yet a model that is not the old one is in place")
		}
		return
	}
	t.Skip("the rename fault injection missed in 5 attempts")
}
