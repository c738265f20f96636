package heads

import (
	"fmt"

	"onnxprune/graphedit"
)

// isNativeAttention reports whether n is ONNX's own Attention (opset 23).
func isNativeAttention(n *graphedit.Node) bool {
	return n.Domain() == "" && n.OpType() == "Attention"
}

// matchNative matches ONNX's Attention: Q, K and V are projections
// reshaped to [B,H,T,dh] (4-D) or left as [B,T,H*dh] (3-D, heads from
// q_num_heads and kv_num_heads); the output is the per-head tensor, which
// the output projection reads after merging the heads.
func matchNative(g *graphedit.Graph, n *graphedit.Node) (*Block, error) {
	fail := func(format string, args ...any) (*Block, error) {
		return nil, &MatchError{Softmax: nodeLabel(n), Missing: fmt.Sprintf(format, args...)}
	}
	q, k, v := n.Input(0), n.Input(1), n.Input(2)
	if q == nil || k == nil || v == nil {
		return fail("%s lacks Q, K or V", n)
	}
	qh, kvh := n.AttrInt("q_num_heads", 0), n.AttrInt("kv_num_heads", 0)
	if qh != kvh {
		return fail("%s has %d query heads and %d key/value heads (grouped-query attention is not supported)", n, qh, kvh)
	}
	b := &Block{Softmax: n, PerHead: n.Output(0)}
	qs, vs := q.Shape(), v.Shape()
	H := int(qh)
	switch {
	case len(qs) == 4 && len(vs) == 4 && vs[3].Known():
		b.HeadDim = int(vs[3].Value)
		if qs[1].Known() {
			H = int(qs[1].Value)
		}
	case len(qs) == 3 && len(vs) == 3 && vs[2].Known() && kvh > 0:
		if vs[2].Value%kvh != 0 {
			return fail("%s: V width %d is not a multiple of kv_num_heads %d", n, vs[2].Value, kvh)
		}
		b.HeadDim = int(vs[2].Value / kvh)
	default:
		return fail("%s: Q %s and V %s are neither 4-D nor 3-D with head counts", n, graphedit.ShapeString(qs), graphedit.ShapeString(vs))
	}
	if n.AttrInt("is_causal", 0) == 1 {
		b.Kind = KindDecoder
	}
	return completeBlock(g, b, q, k, v, H)
}
