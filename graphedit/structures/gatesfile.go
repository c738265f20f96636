package structures

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"onnxprune/graphedit/heads"
)

// GateKind says what a structure gate input gates.
type GateKind string

// The structures a gate input can gate besides heads.
const (
	GateFFN      GateKind = "ffn"
	GateSublayer GateKind = "sublayer"
)

// ParseGateName reads the name of a gate input InsertGates adds:
// `gate/ffn.KIND.LAYER` gives GateFFN, the FFN's key `KIND:LAYER` and
// group 1, `gate/ffn.KIND.LAYER.gG` the group size G;
// `gate/sublayer.STACK.LAYER.PART` gives GateSublayer and
// `STACK:LAYER:PART` (group 0). ok is false for any other name (head
// gates among them).
func ParseGateName(name string) (kind GateKind, key string, group int64, ok bool) {
	var parts []string
	switch {
	case strings.HasPrefix(name, "gate/ffn."):
		parts = strings.Split(strings.TrimPrefix(name, "gate/ffn."), ".")
		kind, group = GateFFN, 1
		if len(parts) == 3 && strings.HasPrefix(parts[2], "g") {
			g, err := strconv.ParseInt(parts[2][1:], 10, 64)
			if err != nil || g < 2 || strconv.FormatInt(g, 10) != parts[2][1:] {
				return "", "", 0, false
			}
			group, parts = g, parts[:2]
		}
		if len(parts) != 2 {
			return "", "", 0, false
		}
	case strings.HasPrefix(name, "gate/sublayer."):
		parts = strings.Split(strings.TrimPrefix(name, "gate/sublayer."), ".")
		kind = GateSublayer
		if len(parts) != 3 || (Part(parts[2]) != PartAttn && Part(parts[2]) != PartCross && Part(parts[2]) != PartFFN) {
			return "", "", 0, false
		}
	default:
		return "", "", 0, false
	}
	if heads.Kind(parts[0]) != heads.KindEncoder && heads.Kind(parts[0]) != heads.KindDecoder {
		return "", "", 0, false
	}
	if l, err := strconv.Atoi(parts[1]); err != nil || l < 0 || strconv.Itoa(l) != parts[1] {
		return "", "", 0, false
	}
	return kind, strings.Join(parts, ":"), group, true
}

// UnitName names unit i of a structure gate: neuron i of an FFN,
// `ffn:KIND:LAYER:i`, its neurons i·group to (i+1)·group−1 with a gate
// per group, `ffn:KIND:LAYER:A-B`, or the sublayer itself,
// `sublayer:STACK:LAYER:PART`.
func UnitName(kind GateKind, key string, i int, group int64) string {
	switch {
	case kind == GateFFN && group > 1:
		return fmt.Sprintf("ffn:%s:%d-%d", key, int64(i)*group, int64(i+1)*group-1)
	case kind == GateFFN:
		return fmt.Sprintf("ffn:%s:%d", key, i)
	}
	return "sublayer:" + key
}

// GateRecord is one FFN neuron (or group of neurons) or sublayer in a
// gates file (gatesfile.File): the same fields as a head's
// (heads.GateRecord) without kind, layer and head, which the name holds.
type GateRecord struct {
	Name         string  `json:"name"`
	LogAlpha     float64 `json:"log_alpha"`
	POpen        float64 `json:"p_open"`
	Gate         float64 `json:"gate"`
	Keep         bool    `json:"keep"`
	ClosedAtStep *int    `json:"closed_at_step,omitempty"`
}

// GatesDecision turns the FFN records (`ffn:KIND:LAYER:N`, one per
// neuron, or `ffn:KIND:LAYER:A-B` per group of neurons) and sublayer
// records (`sublayer:STACK:LAYER:PART`) of a gates file (gatesfile.File)
// into a surgery Decision for model m (heads not included:
// heads.GatesDecision reads those): every record must name an existing
// neuron or sublayer, once. Structures not listed are kept.
func GatesDecision(ffnRecords, sublayerRecords []GateRecord, m *Model) (Decision, error) {
	d := Decision{Neurons: map[string][]bool{}, Sublayers: map[string]bool{}}
	seen := map[string]bool{}
	for _, r := range ffnRecords {
		if seen[r.Name] {
			return d, fmt.Errorf("gates file: %s listed twice", r.Name)
		}
		seen[r.Name] = true
		i := strings.LastIndexByte(r.Name, ':')
		var ffn *FFN
		if i > 0 {
			for _, x := range m.FFNs {
				if x.Name() == r.Name[:i] {
					ffn = x
				}
			}
		}
		if ffn == nil {
			return d, fmt.Errorf("gates file: FFN neurons %q do not exist in the model", r.Name)
		}
		lo, hi, err := parseRange(r.Name[i+1:], ffn.Width)
		if err != nil || r.Name[i+1:] == "*" {
			return d, fmt.Errorf("gates file: FFN neurons %q do not exist in the model", r.Name)
		}
		if d.Neurons[ffn.Key()] == nil {
			d.Neurons[ffn.Key()] = ones(ffn.Width)
		}
		for n := lo; n <= hi; n++ {
			d.Neurons[ffn.Key()][n] = d.Neurons[ffn.Key()][n] && r.Keep
		}
	}
	for _, r := range sublayerRecords {
		if seen[r.Name] {
			return d, fmt.Errorf("gates file: %s listed twice", r.Name)
		}
		seen[r.Name] = true
		found := false
		for _, s := range m.Sublayers {
			found = found || s.Name() == r.Name
		}
		if !found {
			return d, fmt.Errorf("gates file: sublayer %q does not exist in the model", r.Name)
		}
		if !r.Keep {
			d.Sublayers[strings.TrimPrefix(r.Name, "sublayer:")] = true
		}
	}
	return d, nil
}

// GateRecords returns the FFN and sublayer records of a gates file that
// GatesDecision reads back as d's neurons and sublayers: one record, keep
// false, per run of consecutive neurons d removes from an FFN
// (`ffn:KIND:LAYER:N`, or `ffn:KIND:LAYER:A-B` for a longer run) and one
// per sublayer it removes (`sublayer:STACK:LAYER:PART`), by FFN and
// sublayer name. Kept structures are not listed, and neither are heads
// (heads.Decision holds those).
func (d Decision) GateRecords() (ffn, sublayers []GateRecord) {
	keys := make([]string, 0, len(d.Neurons))
	for k := range d.Neurons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		keep := d.Neurons[k]
		for lo := 0; lo < len(keep); lo++ {
			if keep[lo] {
				continue
			}
			hi := lo
			for hi+1 < len(keep) && !keep[hi+1] {
				hi++
			}
			name := fmt.Sprintf("ffn:%s:%d", k, lo)
			if hi > lo {
				name = fmt.Sprintf("ffn:%s:%d-%d", k, lo, hi)
			}
			ffn = append(ffn, GateRecord{Name: name})
			lo = hi
		}
	}
	var subs []string
	for s, removed := range d.Sublayers {
		if removed {
			subs = append(subs, s)
		}
	}
	sort.Strings(subs)
	for _, s := range subs {
		sublayers = append(sublayers, GateRecord{Name: "sublayer:" + s})
	}
	return ffn, sublayers
}
