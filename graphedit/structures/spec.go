package structures

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"onnxprune/graphedit/heads"
)

// Selection is what a structure spec names: heads per attention block (as
// heads.ParseSpec returns them), neurons per FFN (`KIND:LAYER` to sorted
// indices) and whole sublayers (`STACK:LAYER:PART`, sorted).
type Selection struct {
	Heads     map[string][]int
	Neurons   map[string][]int
	Sublayers []string
}

// Model is what a spec is read against: the attention blocks, FFNs and
// sublayers of a model, whose files may each hold some of them.
type Model struct {
	Blocks    []*heads.Block
	FFNs      []*FFN
	Sublayers []*Sublayer
}

// Add adds the structures of one file's discovery, each name once.
func (m *Model) Add(d *Discovery) {
	seen := map[string]bool{}
	for _, b := range m.Blocks {
		seen["b "+b.Name()] = true
	}
	for _, f := range m.FFNs {
		seen[f.Name()] = true
	}
	for _, s := range m.Sublayers {
		seen[s.Name()] = true
	}
	for _, b := range d.Heads.Blocks {
		if !seen["b "+b.Name()] {
			seen["b "+b.Name()] = true
			m.Blocks = append(m.Blocks, b)
		}
	}
	for _, f := range d.FFNs {
		if !seen[f.Name()] {
			seen[f.Name()] = true
			m.FFNs = append(m.FFNs, f)
		}
	}
	for _, s := range d.Sublayers {
		if !seen[s.Name()] {
			seen[s.Name()] = true
			m.Sublayers = append(m.Sublayers, s)
		}
	}
}

// ParseSpec parses a comma list of structure names against a model:
//
//	encoder:0:1,cross:1:*              heads, as heads.ParseSpec reads them
//	ffn:encoder:3:17-40,ffn:decoder:*:0  FFN neurons: N, A-B (inclusive) or *
//	sublayer:decoder:2:ffn             a whole sublayer: PART attn, cross, ffn or *
//
// LAYER may be `*` in every kind. A name that does not exist in the model
// is an error naming it; duplicates count once.
func ParseSpec(spec string, m *Model) (*Selection, error) {
	sel := &Selection{Neurons: map[string][]int{}}
	var headItems []string
	neurons := map[string]map[int]bool{}
	subs := map[string]bool{}
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		switch {
		case strings.HasPrefix(item, "ffn:"):
			if err := parseFFNItem(item, m, neurons); err != nil {
				return nil, err
			}
		case strings.HasPrefix(item, "sublayer:"):
			if err := parseSublayerItem(item, m, subs); err != nil {
				return nil, err
			}
		default:
			headItems = append(headItems, item)
		}
	}
	if len(headItems) > 0 {
		h, err := heads.ParseSpec(strings.Join(headItems, ","), m.Blocks)
		if err != nil {
			return nil, err
		}
		sel.Heads = h
	}
	for k, ns := range neurons {
		for n := range ns {
			sel.Neurons[k] = append(sel.Neurons[k], n)
		}
		sort.Ints(sel.Neurons[k])
	}
	for k := range subs {
		sel.Sublayers = append(sel.Sublayers, k)
	}
	sort.Strings(sel.Sublayers)
	return sel, nil
}

// parseFFNItem reads `ffn:KIND:LAYER:NEURONS`.
func parseFFNItem(item string, m *Model, into map[string]map[int]bool) error {
	parts := strings.Split(item, ":")
	if len(parts) != 4 {
		return fmt.Errorf("structure spec: %q is not ffn:KIND:LAYER:NEURONS", item)
	}
	kind := heads.Kind(parts[1])
	if kind != heads.KindEncoder && kind != heads.KindDecoder {
		return fmt.Errorf("structure spec: %q: FFN kind %q is not encoder or decoder", item, parts[1])
	}
	var targets []*FFN
	for _, f := range m.FFNs {
		if f.Kind == kind && (parts[2] == "*" || strconv.Itoa(f.Layer) == parts[2]) {
			targets = append(targets, f)
		}
	}
	if len(targets) == 0 {
		if _, err := strconv.Atoi(parts[2]); err != nil && parts[2] != "*" {
			return fmt.Errorf("structure spec: %q: layer %q is not a number or *", item, parts[2])
		}
		return fmt.Errorf("structure spec: %q: the model has no such FFN (%s)", item, ffnSummary(m, kind))
	}
	for _, f := range targets {
		lo, hi, err := parseRange(parts[3], f.Width)
		if err != nil {
			return fmt.Errorf("structure spec: %q: %s: %w", item, f.Name(), err)
		}
		if into[f.Key()] == nil {
			into[f.Key()] = map[int]bool{}
		}
		for n := lo; n <= hi; n++ {
			into[f.Key()][n] = true
		}
	}
	return nil
}

// parseRange reads N, A-B or * against a width.
func parseRange(s string, width int64) (lo, hi int, err error) {
	if s == "*" {
		return 0, int(width) - 1, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	lo, err = strconv.Atoi(a)
	if err != nil || lo < 0 {
		return 0, 0, fmt.Errorf("neurons %q are not N, A-B or *", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("neurons %q are not N, A-B (A ≤ B) or *", s)
		}
	}
	if int64(hi) >= width {
		return 0, 0, fmt.Errorf("it has %d neurons (0..%d)", width, width-1)
	}
	return lo, hi, nil
}

func ffnSummary(m *Model, kind heads.Kind) string {
	n := 0
	for _, f := range m.FFNs {
		if f.Kind == kind {
			n++
		}
	}
	if n == 0 {
		return fmt.Sprintf("it has no %s FFN", kind)
	}
	return fmt.Sprintf("%s FFN layers are 0..%d", kind, n-1)
}

// parseSublayerItem reads `sublayer:STACK:LAYER:PART`.
func parseSublayerItem(item string, m *Model, into map[string]bool) error {
	parts := strings.Split(item, ":")
	if len(parts) != 4 {
		return fmt.Errorf("structure spec: %q is not sublayer:STACK:LAYER:PART", item)
	}
	stack := heads.Kind(parts[1])
	if stack != heads.KindEncoder && stack != heads.KindDecoder {
		return fmt.Errorf("structure spec: %q: stack %q is not encoder or decoder", item, parts[1])
	}
	if parts[3] != "*" && Part(parts[3]) != PartAttn && Part(parts[3]) != PartCross && Part(parts[3]) != PartFFN {
		return fmt.Errorf("structure spec: %q: part %q is not attn, cross, ffn or *", item, parts[3])
	}
	if _, err := strconv.Atoi(parts[2]); err != nil && parts[2] != "*" {
		return fmt.Errorf("structure spec: %q: layer %q is not a number or *", item, parts[2])
	}
	found := false
	for _, s := range m.Sublayers {
		if s.Stack == stack && (parts[2] == "*" || strconv.Itoa(s.Layer) == parts[2]) && (parts[3] == "*" || string(s.Part) == parts[3]) {
			into[s.Key()] = true
			found = true
		}
	}
	if !found {
		var have []string
		for _, s := range m.Sublayers {
			if s.Stack == stack {
				have = append(have, s.Key())
			}
		}
		if len(have) == 0 {
			return fmt.Errorf("structure spec: %q: the model has no %s sublayers", item, stack)
		}
		return fmt.Errorf("structure spec: %q: the model has no such sublayer (it has %s)", item, strings.Join(have, ", "))
	}
	return nil
}

// Decision says what surgery keeps: heads per block (heads.Decision),
// neurons per FFN (`KIND:LAYER` to one keep flag per neuron; FFNs not
// listed keep all), and the sublayers to remove (`STACK:LAYER:PART`).
type Decision struct {
	Heads     heads.Decision
	Neurons   map[string][]bool
	Sublayers map[string]bool
}

// RemoveDecision removes what sel names and keeps the rest.
func RemoveDecision(sel *Selection, m *Model) Decision {
	d := Decision{Neurons: map[string][]bool{}, Sublayers: map[string]bool{}}
	if len(sel.Heads) > 0 {
		d.Heads = heads.RemoveDecision(m.Blocks, sel.Heads)
	}
	for _, f := range m.FFNs {
		if ns, ok := sel.Neurons[f.Key()]; ok {
			keep := ones(f.Width)
			for _, n := range ns {
				keep[n] = false
			}
			d.Neurons[f.Key()] = keep
		}
	}
	for _, s := range sel.Sublayers {
		d.Sublayers[s] = true
	}
	return d
}

// KeepDecision keeps only what sel names, per kind of structure it names:
// with head items every other head is removed, with FFN items every other
// neuron of every FFN. Sublayers cannot be kept this way (an error): a
// sublayer is removed by name.
func KeepDecision(sel *Selection, m *Model) (Decision, error) {
	if len(sel.Sublayers) > 0 {
		return Decision{}, fmt.Errorf("structure spec: sublayers are removed by name (--remove), not kept")
	}
	d := Decision{Neurons: map[string][]bool{}, Sublayers: map[string]bool{}}
	if len(sel.Heads) > 0 {
		d.Heads = heads.KeepDecision(m.Blocks, sel.Heads)
	}
	if len(sel.Neurons) > 0 {
		for _, f := range m.FFNs {
			keep := make([]bool, f.Width)
			for _, n := range sel.Neurons[f.Key()] {
				keep[n] = true
			}
			d.Neurons[f.Key()] = keep
		}
	}
	return d, nil
}

func ones(n int64) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	return out
}
