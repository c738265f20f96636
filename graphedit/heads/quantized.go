package heads

import (
	"strings"

	"onnxprune/graphedit"
)

// QuantizingNode returns the first node of g (or of the branches of its If
// nodes) that quantizes activations to integers, nil when there is none:
// a QuantizeLinear of a computed tensor (static QDQ; the int8 weights'
// DequantizeLinear does not count), a DynamicQuantizeLinear, a QLinear*
// op, or one of ONNX Runtime's com.microsoft ops that quantize their float
// input inside (DynamicQuantizeMatMul, QAttention, QGemm,
// DynamicQuantizeLSTM). Gate gradients do not flow through such a node:
// gate training and relevance analysis refuse the model, while gating,
// surgery and verification work on it.
func QuantizingNode(g *graphedit.Graph) *graphedit.Node {
	for _, n := range g.Nodes() {
		if quantizesActivations(n) {
			return n
		}
		if n.OpType() != "If" || n.Domain() != "" {
			continue
		}
		for _, attr := range []string{"then_branch", "else_branch"} {
			if sub, err := g.Subgraph(n, attr); err == nil {
				if q := QuantizingNode(sub); q != nil {
					return q
				}
			}
		}
	}
	return nil
}

// quantizesActivations reports whether n turns a computed float tensor into
// integers (QuantizingNode).
func quantizesActivations(n *graphedit.Node) bool {
	switch d, op := n.Domain(), n.OpType(); {
	case d == "" && op == "QuantizeLinear":
		return !graphedit.IsConstLike(n.Input(0))
	case d == "" && (op == "DynamicQuantizeLinear" || strings.HasPrefix(op, "QLinear")):
		return true
	case d == "com.microsoft":
		switch op {
		case "DynamicQuantizeMatMul", "QAttention", "QGemm", "DynamicQuantizeLSTM":
			return true
		}
		return strings.HasPrefix(op, "QLinear")
	}
	return false
}
