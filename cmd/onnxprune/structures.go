package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/structures"
	"onnxprune/pipeline"
)

// structureGates reports whether a gates file (--gates) holds FFN or
// sublayer records; a file that cannot be read is left to the heads path
// to report.
func structureGates(path string) bool {
	if path == "" {
		return false
	}
	gf, err := gatesfile.Read(path)
	return err == nil && gf.HasStructures()
}

// structureItems reports whether a --remove or --keep spec names FFN
// neurons or sublayers (items `ffn:…` or `sublayer:…`).
func structureItems(spec string) bool {
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if strings.HasPrefix(item, "ffn:") || strings.HasPrefix(item, "sublayer:") {
			return true
		}
	}
	return false
}

// discoverStructures finds the FFNs and sublayers of every file of ms
// (pipeline.DiscoverStructures).
func discoverStructures(ms *modelSet) ([]*structures.Discovery, *structures.Model, error) {
	return pipeline.DiscoverStructures(ms.files)
}

// structureNotUnderstood is one anchor the structure analysis could not
// explain, with its file (JSON form too).
type structureNotUnderstood struct {
	File string `json:"file"`
	*structures.NotUnderstood
}

// structuresNotUnderstood lists the FFN and sublayer anchors not
// understood in ds (attention nodes are reported by the heads listing).
func structuresNotUnderstood(ms *modelSet, ds []*structures.Discovery) []structureNotUnderstood {
	out := []structureNotUnderstood{}
	for i, d := range ds {
		for _, nu := range d.NotUnderstood {
			if nu.Structure != "attention" {
				out = append(out, structureNotUnderstood{ms.files[i].Path, nu})
			}
		}
	}
	return out
}

func writeStructuresNotUnderstood(w io.Writer, nu []structureNotUnderstood, consequence string) {
	if len(nu) == 0 {
		return
	}
	fmt.Fprintf(w, "%d FFN or sublayer anchors not understood (%s):\n", len(nu), consequence)
	for _, n := range nu {
		where := filepath.Base(n.File)
		if n.Graph != "" && n.Graph != "main" {
			where += " " + n.Graph
		}
		fmt.Fprintf(w, "  %s: %s %q: %s\n", printable(where), n.Structure, printable(n.Node), printable(n.Reason))
	}
}

// ffnInfo is one FFN as inspect --ffn reports it.
type ffnInfo struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Layer   int    `json:"layer"`
	Neurons int64  `json:"neurons"`
	// NeuronParams is the weights one neuron holds (up columns, biases,
	// down row).
	NeuronParams int64    `json:"neuron_params"`
	Activation   string   `json:"activation"`
	Up           []string `json:"up_weights"`
	Down         string   `json:"down_weight"`
	Biases       []string `json:"up_biases"`
	Gate         string   `json:"gate_input,omitempty"`
	Graph        string   `json:"graph"`
	Files        []string `json:"files"`
}

// sublayerInfo is one sublayer as inspect --ffn reports it.
type sublayerInfo struct {
	Name     string   `json:"name"`
	Stack    string   `json:"stack"`
	Layer    int      `json:"layer"`
	Part     string   `json:"part"`
	Residual string   `json:"residual_node"`
	Branch   string   `json:"branch"`
	Stream   string   `json:"stream"`
	Gate     string   `json:"gate_input,omitempty"`
	Graph    string   `json:"graph"`
	Files    []string `json:"files"`
}

// structureInventory merges the structures of every file by name.
func structureInventory(ms *modelSet, ds []*structures.Discovery) ([]*ffnInfo, []*sublayerInfo) {
	ffns, subs := []*ffnInfo{}, []*sublayerInfo{}
	fi, si := map[string]*ffnInfo{}, map[string]*sublayerInfo{}
	for i, d := range ds {
		path := ms.files[i].Path
		for _, f := range d.FFNs {
			if x := fi[f.Name()]; x != nil {
				x.Files = append(x.Files, path)
				continue
			}
			x := &ffnInfo{Name: f.Name(), Kind: string(f.Kind), Layer: f.Layer, Neurons: f.Width, NeuronParams: f.NeuronParams(), Activation: f.Activation,
				Down: f.Down.Weight.Name(), Graph: f.Graph, Files: []string{path}, Up: []string{}, Biases: []string{}}
			for _, u := range f.Up {
				x.Up = append(x.Up, u.Weight.Name())
			}
			for _, b := range f.Biases {
				x.Biases = append(x.Biases, b.Name())
			}
			if f.Gate != nil {
				x.Gate = f.Gate.Name()
			}
			fi[f.Name()] = x
			ffns = append(ffns, x)
		}
		for _, s := range d.Sublayers {
			if x := si[s.Name()]; x != nil {
				x.Files = append(x.Files, path)
				continue
			}
			x := &sublayerInfo{Name: s.Name(), Stack: string(s.Stack), Layer: s.Layer, Part: string(s.Part),
				Residual: structureNodeLabel(s.Add.Name(), s.Add.OpType()), Branch: s.Branch.Name(), Stream: s.Stream.Name(), Graph: s.Graph, Files: []string{path}}
			if s.Gate != nil {
				x.Gate = s.Gate.Name()
			}
			si[s.Name()] = x
			subs = append(subs, x)
		}
	}
	return ffns, subs
}

func structureNodeLabel(name, op string) string {
	if name == "" {
		return op
	}
	return name
}

// runStructures prints the FFNs and sublayers of the files read as one
// model: two tables, or with --json {"models", "ffns", "sublayers",
// "not_understood"}.
func (o *inspectOptions) runStructures(stdout io.Writer) error {
	ms, err := loadModelSet(o.models, o.allowDirs, true)
	if err != nil {
		return err
	}
	defer ms.close()
	ds, _, err := discoverStructures(ms)
	if err != nil {
		return err
	}
	ffns, subs := structureInventory(ms, ds)
	nu := structuresNotUnderstood(ms, ds)
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Models        []string                 `json:"models"`
			FFNs          []*ffnInfo               `json:"ffns"`
			Sublayers     []*sublayerInfo          `json:"sublayers"`
			NotUnderstood []structureNotUnderstood `json:"not_understood"`
		}{o.models, ffns, subs, nu})
	}
	short := func(s string) string {
		s = printable(s)
		if len(s) > 26 {
			s = "…" + s[len(s)-25:]
		}
		return s
	}
	files := func(fs []string) string {
		var out []string
		for _, f := range fs {
			out = append(out, printable(filepath.Base(f)))
		}
		return strings.Join(out, ",")
	}
	gate := func(g string) string {
		if g == "" {
			return "-"
		}
		return printable(g)
	}
	fmt.Fprintf(stdout, "%-16s %7s %9s %-14s %-30s %-28s %-20s %s\n", "FFN", "NEURONS", "PARAMS", "ACTIVATION", "UP", "DOWN", "GATE", "FILES")
	var neurons, params int64
	for _, f := range ffns {
		var up []string
		for _, u := range f.Up {
			up = append(up, short(u))
		}
		fmt.Fprintf(stdout, "%-16s %7d %9d %-14s %-30s %-28s %-20s %s\n", f.Name, f.Neurons, f.Neurons*f.NeuronParams, printable(f.Activation), strings.Join(up, "+"), short(f.Down), gate(f.Gate), files(f.Files))
		neurons += f.Neurons
		params += f.Neurons * f.NeuronParams
	}
	fmt.Fprintf(stdout, "%d FFNs, %d neurons, %d parameters in their neurons\n\n", len(ffns), neurons, params)
	fmt.Fprintf(stdout, "%-26s %-28s %-28s %-20s %s\n", "SUBLAYER", "RESIDUAL", "STREAM", "GATE", "FILES")
	for _, s := range subs {
		fmt.Fprintf(stdout, "%-26s %-28s %-28s %-20s %s\n", s.Name, short(s.Residual), short(s.Stream), gate(s.Gate), files(s.Files))
	}
	fmt.Fprintf(stdout, "%d sublayers\n", len(subs))
	writeStructuresNotUnderstood(stdout, nu, "not listed above")
	writeNotUnderstood(stdout, ms.notUnderstood(), "not listed above")
	return nil
}

// runStructures is prune for a spec that names FFN neurons or sublayers
// (heads may be named too): the decision is made against the structures of
// every file, then each file's are cut.
func (o *pruneOptions) runStructures(ctx context.Context, stdout io.Writer, ms *modelSet, outs []string) error {
	ds, model, err := discoverStructures(ms)
	if err != nil {
		return err
	}
	var dec structures.Decision
	if o.gates != "" {
		gf, err := gatesfile.Read(o.gates)
		if err != nil {
			return err
		}
		hd, err := gf.HeadDecision(model.Blocks)
		if err == nil {
			dec, err = gf.StructureDecision(model)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", o.gates, err)
		}
		dec.Heads = hd
	} else if o.remove != "" {
		sel, err := structures.ParseSpec(o.remove, model)
		if err != nil {
			return ms.explainMissing(&usageError{msg: "--remove: " + err.Error()})
		}
		dec = structures.RemoveDecision(sel, model)
	} else {
		sel, err := structures.ParseSpec(o.keep, model)
		if err == nil {
			dec, err = structures.KeepDecision(sel, model)
		}
		if err != nil {
			return ms.explainMissing(&usageError{msg: "--keep: " + err.Error()})
		}
	}
	writeNotUnderstood(stdout, ms.notUnderstood(), "left whole")
	writeStructuresNotUnderstood(stdout, structuresNotUnderstood(ms, ds), "left whole")
	var lines []string
	for i, f := range ms.files {
		if err := ctx.Err(); err != nil {
			return err
		}
		rep, err := structures.Remove(f.Graph, ds[i], dec)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Path, err)
		}
		if err := f.Graph.CheckTypes(); err != nil {
			return fmt.Errorf("%s: not writing %s: %w", f.Path, outs[i], err)
		}
		f.Graph.Store(f.Model)
		var parts []string
		for _, c := range rep.FFNs {
			parts = append(parts, fmt.Sprintf("%s %d->%d", c.FFN, c.From, c.To))
		}
		for _, s := range rep.Sublayers {
			parts = append(parts, s+" removed")
		}
		if rep.Heads != nil {
			for _, c := range rep.Heads.Blocks {
				parts = append(parts, fmt.Sprintf("%s %d->%d", c.Block, c.From, c.To))
			}
		}
		for _, c := range rep.Copies {
			parts = append(parts, "shared weight copied: "+c)
		}
		if len(parts) == 0 {
			parts = []string{"nothing removed"}
		}
		lines = append(lines, fmt.Sprintf("%s: %s; %d weight bytes removed -> %s", f.Path, strings.Join(parts, ", "), rep.RemovedBytes, outs[i]))
	}
	if err := writeModelSet(ctx, ms, outs); err != nil {
		return err
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return nil
}

// parseStructures reads --structures (structures.ParseList).
func parseStructures(s string) (structures.List, error) {
	l, err := structures.ParseList(s)
	if err != nil {
		return l, &usageError{msg: "--structures: " + err.Error()}
	}
	return l, nil
}
