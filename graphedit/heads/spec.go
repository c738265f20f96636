package heads

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// HeadName returns the name of a head, `KIND:LAYER:HEAD`.
func HeadName(k Kind, layer, head int) string {
	return fmt.Sprintf("%s:%d:%d", k, layer, head)
}

// BlockName returns the name of an attention block, `KIND:LAYER`: the
// part of its heads' names before the head index.
func BlockName(k Kind, layer int) string {
	return fmt.Sprintf("%s:%d", k, layer)
}

// HeadID identifies one head.
type HeadID struct {
	// Kind and Layer name the block; Head is the head's index in it, from 0.
	Kind  Kind
	Layer int
	Head  int
}

// String returns the head's name.
func (h HeadID) String() string { return HeadName(h.Kind, h.Layer, h.Head) }

// ParseKind parses `encoder`, `decoder` or `cross`.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", fmt.Errorf("unknown attention kind %q (want encoder, decoder or cross)", s)
}

// ParseSpec parses a comma list of head names, `KIND:LAYER:HEAD`, where
// HEAD may be `*` (every head of the layer) and LAYER `*` (every layer of
// the kind), against the blocks of a model:
//
//	encoder:0:1,encoder:0:3,cross:1:*,decoder:*:*
//
// It returns the chosen heads per block name (`KIND:LAYER`), each list
// sorted. A name whose kind, layer or head does not exist in blocks is an
// error naming it; so is an empty item or a malformed name. Duplicates are
// allowed and count once.
func ParseSpec(spec string, blocks []*Block) (map[string][]int, error) {
	byName := map[string]*Block{}
	for _, b := range blocks {
		byName[b.Name()] = b
	}
	sel := map[string]map[int]bool{}
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("head spec %q: empty item", spec)
		}
		parts := strings.Split(item, ":")
		if len(parts) != 3 {
			return nil, fmt.Errorf("head spec: %q is not KIND:LAYER:HEAD", item)
		}
		k, err := ParseKind(parts[0])
		if err != nil {
			return nil, fmt.Errorf("head spec: %q: %w", item, err)
		}
		var targets []*Block
		if parts[1] == "*" {
			for _, b := range blocks {
				if b.Kind == k {
					targets = append(targets, b)
				}
			}
			if len(targets) == 0 {
				return nil, fmt.Errorf("head spec: %q: the model has no %s layers", item, k)
			}
		} else {
			layer, err := strconv.Atoi(parts[1])
			if err != nil || layer < 0 {
				return nil, fmt.Errorf("head spec: %q: layer %q is not a number or *", item, parts[1])
			}
			b := byName[BlockName(k, layer)]
			if b == nil {
				return nil, fmt.Errorf("head spec: %q: the model has no %s layer %d (%s)", item, k, layer, layerSummary(blocks, k))
			}
			targets = []*Block{b}
		}
		h := -1
		if parts[2] != "*" {
			if h, err = strconv.Atoi(parts[2]); err != nil || h < 0 {
				return nil, fmt.Errorf("head spec: %q: head %q is not a number or *", item, parts[2])
			}
		}
		for _, b := range targets {
			if h >= b.NumHeads {
				return nil, fmt.Errorf("head spec: %q: %s has %d heads (0..%d)", item, b.Name(), b.NumHeads, b.NumHeads-1)
			}
			if sel[b.Name()] == nil {
				sel[b.Name()] = map[int]bool{}
			}
			if h >= 0 {
				sel[b.Name()][h] = true
				continue
			}
			for i := range b.NumHeads {
				sel[b.Name()][i] = true
			}
		}
	}
	out := map[string][]int{}
	for name, hs := range sel {
		for h := range hs {
			out[name] = append(out[name], h)
		}
		sort.Ints(out[name])
	}
	return out, nil
}

func layerSummary(blocks []*Block, k Kind) string {
	n := 0
	for _, b := range blocks {
		if b.Kind == k {
			n++
		}
	}
	if n == 0 {
		return fmt.Sprintf("it has no %s attention", k)
	}
	return fmt.Sprintf("%s layers are 0..%d", k, n-1)
}

// Decision says, per block name (`KIND:LAYER`), which heads to keep.
// Blocks not listed keep every head. It is the one in-memory form of a
// head decision: --remove and --keep specs (ParseDecision, RemoveDecision,
// KeepDecision) and gates files (GatesDecision) become one, surgery and
// verification follow it, and String writes it back as a spec.
type Decision map[string][]bool

// ParseDecision reads a spec of the heads to remove (ParseSpec) against
// blocks: the Decision that removes them and keeps every other head.
func ParseDecision(spec string, blocks []*Block) (Decision, error) {
	sel, err := ParseSpec(spec, blocks)
	if err != nil {
		return nil, err
	}
	return RemoveDecision(blocks, sel), nil
}

// Removed lists the names of the heads d removes, `KIND:LAYER:HEAD`, block
// by block in the order of blocks, then by head.
func (d Decision) Removed(blocks []*Block) []string {
	var out []string
	for _, b := range blocks {
		for h, keep := range d[b.Name()] {
			if !keep {
				out = append(out, HeadName(b.Kind, b.Layer, h))
			}
		}
	}
	return out
}

// String writes the heads d removes as a spec, `encoder:0:1,cross:1:0`, in
// kind order (encoder, decoder, cross), then layer, then head ("" when it
// removes none): ParseDecision reads it back.
func (d Decision) String() string {
	var blocks []*Block
	for name, keep := range d {
		k, l, _ := strings.Cut(name, ":")
		layer, _ := strconv.Atoi(l)
		blocks = append(blocks, &Block{Kind: Kind(k), Layer: layer, NumHeads: len(keep)})
	}
	sort.Slice(blocks, func(i, j int) bool {
		a, b := blocks[i], blocks[j]
		if ka, kb := slices.Index(Kinds, a.Kind), slices.Index(Kinds, b.Kind); ka != kb {
			return ka < kb
		}
		return a.Layer < b.Layer
	})
	return strings.Join(d.Removed(blocks), ",")
}

// RemoveDecision makes a Decision that removes the heads in remove (as
// returned by ParseSpec) and keeps the rest.
func RemoveDecision(blocks []*Block, remove map[string][]int) Decision {
	d := Decision{}
	for _, b := range blocks {
		keep := make([]bool, b.NumHeads)
		for h := range keep {
			keep[h] = true
		}
		for _, h := range remove[b.Name()] {
			keep[h] = false
		}
		d[b.Name()] = keep
	}
	return d
}

// KeepDecision makes a Decision that keeps only the heads in keep and
// removes every other head of every block.
func KeepDecision(blocks []*Block, keepHeads map[string][]int) Decision {
	d := Decision{}
	for _, b := range blocks {
		keep := make([]bool, b.NumHeads)
		for _, h := range keepHeads[b.Name()] {
			keep[h] = true
		}
		d[b.Name()] = keep
	}
	return d
}

// GateRecord is one head's record in a gates file (gatesfile.File): its
// name `KIND:LAYER:HEAD`, which must agree with Kind, Layer and Head, its
// trained gate and the decision surgery follows (Keep).
type GateRecord struct {
	Name         string  `json:"name"`
	Kind         string  `json:"kind"`
	Layer        int     `json:"layer"`
	Head         int     `json:"head"`
	LogAlpha     float64 `json:"log_alpha"`
	POpen        float64 `json:"p_open"`
	Gate         float64 `json:"gate"`
	Keep         bool    `json:"keep"`
	ClosedAtStep *int    `json:"closed_at_step,omitempty"`
}

// GatesDecision turns the head records of a gates file (gatesfile.File)
// into a surgery Decision for blocks: every listed head must exist, be
// listed once and have a name matching its kind, layer and head; heads not
// listed are kept.
func GatesDecision(records []GateRecord, blocks []*Block) (Decision, error) {
	d := RemoveDecision(blocks, nil)
	byName := map[string]*Block{}
	for _, b := range blocks {
		byName[b.Name()] = b
	}
	seen := map[string]bool{}
	for i, h := range records {
		want := HeadName(Kind(h.Kind), h.Layer, h.Head)
		if h.Name != want {
			return nil, fmt.Errorf("gates file: head %d: name %q does not match kind/layer/head %s", i, h.Name, want)
		}
		if seen[h.Name] {
			return nil, fmt.Errorf("gates file: head %s listed twice", h.Name)
		}
		seen[h.Name] = true
		b := byName[BlockName(Kind(h.Kind), h.Layer)]
		if b == nil || h.Head < 0 || h.Head >= b.NumHeads {
			return nil, fmt.Errorf("gates file: head %s does not exist in the model", h.Name)
		}
		d[b.Name()][h.Head] = h.Keep
	}
	return d, nil
}
