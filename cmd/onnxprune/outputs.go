package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"onnxprune/gatetrain"
	"onnxprune/internal/safefile"
	"onnxprune/onnxio"
)

// The output rule, for every command that writes: an existing path is
// replaced only with --overwrite (or "-", stdout, where a command offers
// it); anything but a regular file is never replaced; a model's data file
// OUT.data counts as part of OUT; an output is never one of the inputs'
// files (model files, their external data files, text inputs); several
// output files are written all-or-nothing (writeModelSet).

// refuseInputOutputs returns an error when one of outs is the same file as
// one of inputs (empty names are skipped): writing the output, even by
// renaming a finished temporary file over it, would replace that input.
func refuseInputOutputs(outs, inputs []string) error {
	for _, out := range outs {
		for _, in := range inputs {
			if in == "" {
				continue
			}
			if same, err := samePath(out, in); err == nil && same {
				return fmt.Errorf("output %s is the input %s; inputs are never overwritten (choose another output)", out, in)
			}
		}
	}
	return nil
}

// modelInputFiles returns the model files and the external data files they
// read, for refuseInputOutputs.
func modelInputFiles(models []string, allowDirs []string) ([]string, error) {
	out := append([]string{}, models...)
	for _, p := range models {
		m, err := onnxio.Load(p, &onnxio.LoadOptions{AllowDirs: allowDirs, SkipNameCheck: true})
		if err != nil {
			return nil, err
		}
		datas, err := m.ExternalFiles()
		m.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, datas...)
	}
	return out, nil
}

// trainOutputs lists the files `onnxprune train` writes into dir.
func trainOutputs(dir string) []string {
	var out []string
	for _, name := range []string{gatetrain.GatesFileName, gatetrain.LogFileName, gatetrain.PlotFileName,
		gatetrain.CheckpointFileName, gatetrain.TrainGraphFileName, gatetrain.TrainedModelName} {
		out = append(out, filepath.Join(dir, name))
	}
	for _, name := range []string{gatetrain.TrainGraphFileName, gatetrain.TrainedModelName} {
		out = append(out, filepath.Join(dir, name+".data"))
	}
	return out
}

// outputPaths maps each input model file to its output: OUT itself for one
// file, OUT/<file name> for several (OUT is then a folder). It checks the
// output rule for each output and its data file OUT.data and creates
// nothing. An output that is its own input is replaced only with overwrite
// (the new file is renamed over it; the input is never opened for writing);
// an output that is another input is refused.
func outputPaths(inputs []string, out string, overwrite bool) ([]string, error) {
	if out == "" {
		return nil, &usageError{msg: "-o OUT is required"}
	}
	var paths []string
	if len(inputs) == 1 {
		// A folder, or a name ending in a slash (a folder to create),
		// receives the file under its own name.
		if st, err := os.Stat(out); (err == nil && st.IsDir()) || strings.HasSuffix(out, string(filepath.Separator)) {
			out = filepath.Join(out, filepath.Base(inputs[0]))
		}
		paths = []string{out}
	} else {
		if st, err := os.Stat(out); err == nil && !st.IsDir() {
			return nil, fmt.Errorf("output %s is a file; several model files need a folder", out)
		}
		for _, in := range inputs {
			paths = append(paths, filepath.Join(out, filepath.Base(in)))
		}
	}
	for i, p := range paths {
		for j, in := range inputs {
			same, err := samePath(p, in)
			if err != nil || !same {
				continue
			}
			if j != i {
				return nil, fmt.Errorf("output %s is another input file; inputs are never overwritten", p)
			}
			if !overwrite {
				return nil, fmt.Errorf("output %s is the input file (use --overwrite to replace it)", p)
			}
		}
		for _, q := range []string{p, p + ".data"} {
			if err := safefile.CheckOutput(q, overwrite); err != nil {
				if q != p {
					err = fmt.Errorf("%w: it is the data file of output %s", err, p)
				}
				return nil, err
			}
		}
	}
	return paths, nil
}

func samePath(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}

// checkDataFiles refuses an output, or its data file OUT.data, that is an
// external data file an input reads: renaming the new file over it would
// change that input under its model. The one exception is an output that
// replaces its own input as a whole (--overwrite), data file included.
func checkDataFiles(outs []string, ms *modelSet) error {
	for _, f := range ms.files {
		datas, err := f.Model.ExternalFiles()
		if err != nil {
			return fmt.Errorf("%s: %w", f.Path, err)
		}
		for _, out := range outs {
			replacesInput, _ := samePath(out, f.Path)
			for _, d := range datas {
				if same, err := samePath(out, d); err == nil && same {
					return fmt.Errorf("output %s is %s, the external data of input %s; inputs are never overwritten", out, d, f.Path)
				}
				if same, err := samePath(out+".data", d); err == nil && same && !replacesInput {
					return fmt.Errorf("output %s would replace %s, the external data of input %s; choose another output name", out, out+".data", f.Path)
				}
			}
		}
	}
	return nil
}

// writeModelSet saves each file of ms to the output of the same index, all
// or nothing. One output is saved directly (onnxio.Save renames its data
// file and model into place). Several are written to a temporary folder
// beside the destination (inside it when the folder exists) and moved into
// place only once every file is written; a new destination folder also
// gets the generation_config.json beside the inputs (copyGenerationConfig).
// An error, or a signal (ctx) before
// the moves begin, leaves the destination as it was. The moves themselves
// are renames within one folder and are not interrupted by ctx.
func writeModelSet(ctx context.Context, ms *modelSet, outs []string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(outs) == 1 {
		created, err := mkdirAllNew(filepath.Dir(outs[0]))
		if err != nil {
			return err
		}
		if err := ms.files[0].Model.Save(outs[0], nil); err != nil {
			if created != "" {
				os.RemoveAll(created)
			}
			return err
		}
		return nil
	}
	dest := filepath.Dir(outs[0])
	_, err := os.Stat(dest)
	fresh := errors.Is(err, fs.ErrNotExist)
	tmpParent := dest
	created := ""
	if fresh {
		tmpParent = filepath.Dir(dest)
		if created, err = mkdirAllNew(tmpParent); err != nil {
			return err
		}
	}
	tmp, err := os.MkdirTemp(tmpParent, "."+filepath.Base(dest)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	done := false
	defer func() {
		// Folders made for an output that was never moved into place go
		// again: a failure leaves nothing behind.
		if !done && created != "" {
			os.RemoveAll(created)
		}
	}()
	for i, f := range ms.files {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := f.Model.Save(filepath.Join(tmp, filepath.Base(outs[i])), nil); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if fresh {
		if err := copyGenerationConfig(filepath.Dir(ms.files[0].Path), tmp); err != nil {
			return err
		}
	}
	done = true
	if fresh {
		return os.Rename(tmp, dest)
	}
	for _, out := range outs {
		if err := moveModel(filepath.Join(tmp, filepath.Base(out)), out); err != nil {
			return err
		}
	}
	return nil
}

// mkdirAllNew makes dir and its missing parents and returns the topmost
// folder it created ("" when dir existed), for removal if what it was made
// for fails.
func mkdirAllNew(dir string) (string, error) {
	top := ""
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		top = d
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return top, nil
}

// copyGenerationConfig copies the generation_config.json of an Optimum
// export's folder, when it has one, into dir: the special ids decoding and
// training read (verify.ResolveSpecials), which gating and pruning do not
// change. The file is read as a file named from inside a model: a regular
// file in the folder, size-capped. config.json is not copied: it states the
// head counts, which pruning changes.
func copyGenerationConfig(from, dir string) error {
	const name = "generation_config.json"
	if _, err := os.Lstat(filepath.Join(from, name)); err != nil {
		return nil
	}
	folder, err := safefile.NewFolder(from, nil)
	if err != nil {
		return err
	}
	data, _, err := folder.Read(name+" beside the model", name, safefile.DocumentLimit)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), data, 0o644)
}

// moveModel renames a saved model (and its data file, if any) from src to
// dst in the order onnxio.Save uses: when a data file is replaced, the old
// model at dst is removed first, so a crash between the renames never pairs
// the old model with the new data.
func moveModel(src, dst string) error {
	if _, err := os.Lstat(src + ".data"); err == nil {
		if _, err := os.Lstat(dst + ".data"); err == nil {
			if err := os.Remove(dst); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
		if err := os.Rename(src+".data", dst+".data"); err != nil {
			return err
		}
	}
	return os.Rename(src, dst)
}

// outputDir is an output folder a command fills with several files
// (analyze, verify, train, run), under the output rule: an existing folder
// that holds anything is used only with --overwrite (train --resume and a
// rerun of run continue their own folder); anything but a folder is
// refused. A folder the command creates is removed again when the command
// fails before writing its results (release), so a failure leaves no empty
// folder behind.
type outputDir struct {
	path    string
	existed bool
}

// claimOutputDir checks path under the output rule and creates nothing.
// cont says the command continues what it finds there (train --resume,
// run's rerun): the folder may then hold files.
func claimOutputDir(path string, overwrite, cont bool) (*outputDir, error) {
	if path == "" {
		return nil, &usageError{msg: "-o DIR is required"}
	}
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &outputDir{path: path}, nil
	}
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("output %s is %s; the output must be a folder", path, safefile.Kind(st.Mode()))
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	if len(entries) > 0 && !overwrite && !cont {
		return nil, fmt.Errorf("output folder %s exists and is not empty (use --overwrite to write into it)", path)
	}
	return &outputDir{path: path, existed: true}, nil
}

// release removes the folder when this command created it and it holds
// nothing of value: called when the command fails with nothing written
// (keep false), or with keep true when a partial report was written.
func (d *outputDir) release(keep bool) {
	if d == nil || d.existed || keep {
		return
	}
	os.RemoveAll(d.path)
}
