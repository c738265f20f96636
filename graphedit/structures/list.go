package structures

import (
	"fmt"
	"strconv"
	"strings"
)

// List says which structures get gates: `--structures` and the pipeline's
// `structures:` key.
type List struct {
	// Heads gates the attention heads; FFNGroup gates the FFN neurons in
	// groups of that many (0: FFNs not gated, 1: a gate per neuron);
	// Sublayers gates every residual sublayer.
	Heads     bool
	FFNGroup  int64
	Sublayers bool
}

// ParseList reads a comma list of heads, ffn (a gate per FFN neuron),
// ffn:G (a gate per group of G neurons) and sublayers.
func ParseList(s string) (List, error) {
	var l List
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		switch {
		case p == "heads":
			l.Heads = true
		case p == "ffn":
			l.FFNGroup = 1
		case strings.HasPrefix(p, "ffn:"):
			g, err := strconv.ParseInt(p[4:], 10, 64)
			if err != nil || g < 1 {
				return List{}, fmt.Errorf("%q: the group size is not a positive number", p)
			}
			l.FFNGroup = g
		case p == "sublayers":
			l.Sublayers = true
		default:
			return List{}, fmt.Errorf("%q is not heads, ffn, ffn:GROUP or sublayers", p)
		}
	}
	return l, nil
}

// String writes the list as ParseList reads it ("heads,ffn:8,sublayers").
func (l List) String() string {
	var parts []string
	if l.Heads {
		parts = append(parts, "heads")
	}
	switch {
	case l.FFNGroup == 1:
		parts = append(parts, "ffn")
	case l.FFNGroup > 1:
		parts = append(parts, fmt.Sprintf("ffn:%d", l.FFNGroup))
	}
	if l.Sublayers {
		parts = append(parts, "sublayers")
	}
	return strings.Join(parts, ",")
}

// HeadsOnly reports whether only heads are gated.
func (l List) HeadsOnly() bool { return l.FFNGroup == 0 && !l.Sublayers }
