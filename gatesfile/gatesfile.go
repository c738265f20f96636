// Package gatesfile is gates.json, the file gate training writes and
// prune, verify, analyze and `onnxprune run` read: its one Go type (File),
// its one reader (Read, which checks the version and every record) and its
// writer (Write).
//
// The layout, version 1:
//
//	{
//	  "version": 1,
//	  "model": "encoder_model.onnx+decoder_model.onnx",
//	  "step": 1200, "open_heads": 30,
//	  "beta": 0.667, "gamma": -0.1, "zeta": 1.1, "l0_lambda": 0.01,
//	  "heads": [
//	    {"name": "encoder:0:1", "kind": "encoder", "layer": 0, "head": 1,
//	     "log_alpha": -3.2, "p_open": 0.04, "gate": 0, "keep": false,
//	     "closed_at_step": 1200},
//	    ...
//	  ],
//	  "ffn": [{"name": "ffn:encoder:0:17", ...}],
//	  "sublayers": [{"name": "sublayer:decoder:1:cross", ...}],
//	  "closing_order": [{"step": 40, "head": "encoder:0:1", "open": false, "open_heads": 31}]
//	}
//
// One record per head (heads.GateRecord): name is `KIND:LAYER:HEAD` and
// must agree with kind, layer and head; log_alpha is the Hard Concrete
// location parameter at the end of training; p_open the probability that
// the gate is non-zero (1 − P(g = 0)); gate the deterministic test-time
// gate value in [0,1]; keep the decision surgery follows (true: the head
// stays); closed_at_step the training step from which the head stayed
// closed (omitted when it never closed). FFN neurons (`ffn:KIND:LAYER:N`,
// or a group `ffn:KIND:LAYER:A-B`) and sublayers
// (`sublayer:STACK:LAYER:PART`) have the same fields without kind, layer
// and head (structures.GateRecord). Heads, neurons and sublayers not
// listed are kept. The training settings, the budget and the closing order
// are read by people and reports; surgery follows the keep fields only.
package gatesfile

import (
	"encoding/json"
	"fmt"
	"strings"

	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/safefile"
)

// Version is the layout version Write writes and Read reads; a file of
// another version (or none) is refused, since a later layout may mean
// something else by the same fields.
const Version = 1

// File is gates.json.
type File struct {
	Version int    `json:"version"`
	Model   string `json:"model,omitempty"`
	Step    int    `json:"step"`
	// OpenHeads counts the heads with Keep set.
	OpenHeads int     `json:"open_heads"`
	Beta      float64 `json:"beta"`
	Gamma     float64 `json:"gamma"`
	Zeta      float64 `json:"zeta"`
	Lambda    float64 `json:"l0_lambda"`
	// Target is the number of heads training aimed at (0: none).
	Target int                `json:"target_heads,omitempty"`
	Heads  []heads.GateRecord `json:"heads"`
	// Budgets are the parameter, FLOP and time targets of training and
	// what the decision costs under each; Budget is the first of them.
	Budget  *Budget  `json:"budget,omitempty"`
	Budgets []Budget `json:"budgets,omitempty"`
	// FFN and Sublayers are the FFN neurons and sublayers, when they were
	// gated too.
	FFN       []structures.GateRecord `json:"ffn,omitempty"`
	Sublayers []structures.GateRecord `json:"sublayers,omitempty"`
	// ClosingOrder lists every change of a decision, in step order.
	ClosingOrder []Event `json:"closing_order"`
}

// Budget is a parameter, FLOP or time budget of a training run and the
// cost of the decision written.
type Budget struct {
	// What names the cost ("params", "FLOPs/token", "ms/token at batch 1").
	What string `json:"what"`
	// Dense is the cost of the uncut model, Target the cost aimed at and
	// Kept the cost of the model the decision keeps.
	Dense  float64 `json:"dense"`
	Target float64 `json:"target"`
	Kept   float64 `json:"kept"`
}

// Event records a change of a head's (or structure unit's) decision
// during training.
type Event struct {
	// Step is the step (counted from 1) at which the decision changed.
	Step int `json:"step"`
	// Head is the unit's name, `KIND:LAYER:HEAD` for a head.
	Head string `json:"head"`
	// Open is the new decision.
	Open bool `json:"open"`
	// NOpen is the number of open units after the step.
	NOpen int `json:"open_heads"`
}

// HasStructures reports whether the file lists an FFN neuron or a
// sublayer.
func (f *File) HasStructures() bool { return len(f.FFN) > 0 || len(f.Sublayers) > 0 }

// HeadDecision turns the head records into a surgery decision for blocks
// (heads.GatesDecision): every listed head must exist; heads not listed
// are kept.
func (f *File) HeadDecision(blocks []*heads.Block) (heads.Decision, error) {
	return heads.GatesDecision(f.Heads, blocks)
}

// StructureDecision turns the FFN and sublayer records into a surgery
// decision for m (structures.GatesDecision).
func (f *File) StructureDecision(m *structures.Model) (structures.Decision, error) {
	return structures.GatesDecision(f.FFN, f.Sublayers, m)
}

// Read reads and checks a gates file: a pipe is fine, more than
// safefile.DocumentLimit bytes is an error naming the limit; the version
// must be Version; every head record's name must agree with its kind,
// layer and head, FFN and sublayer records must name neurons and
// sublayers, and no name may be listed twice. Errors are one line naming
// the file.
func Read(path string) (*File, error) {
	data, err := safefile.ReadInput(path, safefile.DocumentLimit, "a gates file")
	if err != nil {
		return nil, fmt.Errorf("gatesfile: %w", err)
	}
	var head struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("gatesfile: %s: %w", path, err)
	}
	if head.Version == nil || *head.Version != Version {
		v := "no version"
		if head.Version != nil {
			v = fmt.Sprintf("version %d", *head.Version)
		}
		return nil, fmt.Errorf("gatesfile: %s: gates file of %s; this onnxprune reads version %d", path, v, Version)
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("gatesfile: %s: %w", path, err)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("gatesfile: %s: %w", path, err)
	}
	return &f, nil
}

// Write writes f to path as indented JSON, atomically
// (safefile.WriteFileAtomic).
func Write(path string, f *File) error {
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return fmt.Errorf("gatesfile: %s: %w", path, err)
	}
	if err := safefile.WriteFileAtomic(path, append(b, '\n')); err != nil {
		return fmt.Errorf("gatesfile: %w", err)
	}
	return nil
}

// check checks the records: head names agree with kind, layer and head,
// FFN records name neurons (`ffn:KIND:LAYER:N`) and sublayer records
// sublayers, each name once.
func (f *File) check() error {
	seen := map[string]bool{}
	once := func(name string) error {
		if seen[name] {
			return fmt.Errorf("%q listed twice", name)
		}
		seen[name] = true
		return nil
	}
	for i, h := range f.Heads {
		k, err := heads.ParseKind(h.Kind)
		if err != nil || h.Layer < 0 || h.Head < 0 || h.Name != heads.HeadName(k, h.Layer, h.Head) {
			return fmt.Errorf("head %d (%q): kind, layer, head and name disagree", i, h.Name)
		}
		if err := once(h.Name); err != nil {
			return err
		}
	}
	for _, r := range f.FFN {
		if !strings.HasPrefix(r.Name, "ffn:") || strings.Count(r.Name, ":") != 3 {
			return fmt.Errorf("FFN record %q is not ffn:KIND:LAYER:NEURON", r.Name)
		}
		if err := once(r.Name); err != nil {
			return err
		}
	}
	for _, r := range f.Sublayers {
		if !strings.HasPrefix(r.Name, "sublayer:") || strings.Count(r.Name, ":") != 3 {
			return fmt.Errorf("sublayer record %q is not sublayer:STACK:LAYER:PART", r.Name)
		}
		if err := once(r.Name); err != nil {
			return err
		}
	}
	return nil
}
