package gatetrain

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// MatchWeights finds, for each named float32 initializer of from, the
// initializer of to that holds the same weight, the two graphs being files
// of one export (decoder_model.onnx and decoder_with_past_model.onnx, or a
// merged decoder). The match is the initializer of the same name when its
// dims and values are equal; else the initializer of another name with
// equal dims and values: PyTorch's exporter numbers the weights it names
// itself per file, so decoder_model.onnx's onnx::MatMul_800 can be
// decoder_with_past_model.onnx's onnx::MatMul_709, and the same name can
// there be another weight. Several initializers of equal values on either
// side are told apart by their readers (node names and input slots, which
// an export keeps across its files); readers that do not tell them apart
// are an error naming the weight. A name without an initializer of equal
// values in to is left out of the result: that file does not read the
// weight (a decoder with past reads the cross-attention keys and values
// from its cache, not their projections).
func MatchWeights(from, to *graphedit.Graph, names []string) (map[string]string, error) {
	fromKeys := map[string]string{}
	for _, n := range names {
		k, ok := weightKey(from, n)
		if !ok {
			return nil, fmt.Errorf("gatetrain: weight %q is not a float32 initializer", n)
		}
		fromKeys[n] = k
	}
	toKeys := map[string]string{}
	for _, v := range to.Initializers() {
		if k, ok := weightKey(to, v.Name()); ok {
			toKeys[v.Name()] = k
		}
	}
	out := map[string]string{}
	claimed := map[string]bool{}
	// The same name with the same values first.
	var rest []string
	for _, n := range names {
		if k, ok := toKeys[n]; ok && k == fromKeys[n] {
			out[n], claimed[n] = n, true
			continue
		}
		rest = append(rest, n)
	}
	// Then equal values under other names, one group of equal values at a
	// time.
	fromGroups, toGroups := map[string][]string{}, map[string][]string{}
	for _, n := range rest {
		fromGroups[fromKeys[n]] = append(fromGroups[fromKeys[n]], n)
	}
	for n, k := range toKeys {
		if !claimed[n] && fromGroups[k] != nil {
			toGroups[k] = append(toGroups[k], n)
		}
	}
	for k, fs := range fromGroups {
		ts := toGroups[k]
		sort.Strings(ts)
		switch {
		case len(ts) == 0:
			continue
		case len(fs) == 1 && len(ts) == 1:
			out[fs[0]] = ts[0]
			continue
		}
		for _, f := range fs {
			sig := readers(from, f)
			var hits []string
			for _, t := range ts {
				if readers(to, t) == sig {
					hits = append(hits, t)
				}
			}
			switch len(hits) {
			case 0:
				// No initializer of equal values has its readers: the
				// file does not read this one.
			case 1:
				if claimed[hits[0]] {
					return nil, fmt.Errorf("gatetrain: weights of equal values and readers both match initializer %q", hits[0])
				}
				out[f], claimed[hits[0]] = hits[0], true
			default:
				return nil, fmt.Errorf("gatetrain: weight %q: %d initializers (%s) hold its values and have its readers", f, len(hits), strings.Join(hits, ", "))
			}
		}
	}
	return out, nil
}

// weightKey identifies a float32 initializer's dims and values (a SHA-256
// of them, bit for bit); ok is false for any other value.
func weightKey(g *graphedit.Graph, name string) (string, bool) {
	v := g.Value(name)
	if v == nil || !v.IsInitializer() {
		return "", false
	}
	t, ok := g.ConstValue(v)
	if !ok || t.DataType != onnxpb.TensorProto_FLOAT {
		return "", false
	}
	h := sha256.New()
	var b [8]byte
	for _, d := range t.Dims {
		binary.LittleEndian.PutUint64(b[:], uint64(d))
		h.Write(b[:])
	}
	buf := make([]byte, 4*len(t.F32))
	for i, x := range t.F32 {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(x))
	}
	h.Write(buf)
	return fmt.Sprint(t.Dims) + hex.EncodeToString(h.Sum(nil)), true
}

// readers lists the readers of a value: node name and input slot, sorted.
func readers(g *graphedit.Graph, name string) string {
	var rs []string
	for _, u := range g.Value(name).Uses() {
		n := ""
		if u.Node != nil {
			n = u.Node.Name()
		}
		rs = append(rs, fmt.Sprintf("%s#%d", n, u.Input))
	}
	slices.Sort(rs)
	return strings.Join(rs, "\n")
}
