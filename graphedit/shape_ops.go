package graphedit

import "onnxprune/onnxio/onnxpb"

// shapeRules maps an op ("Type", or "domain:Type" outside the default
// domain) to its shape rule. Ops without a rule keep declared types.
var shapeRules map[string]shapeRule

func init() {
	shapeRules = map[string]shapeRule{
		"MatMul":             inferMatMul,
		"Gemm":               inferGemm,
		"Conv":               inferConv,
		"Reshape":            inferReshape,
		"Transpose":          inferTranspose,
		"LayerNormalization": inferLayerNorm,
		"Gather":             inferGather,
		"GatherElements":     func(c *ictx) error { c.set(0, c.elem(0), c.shape(1)); return nil },
		"ScatterND":          sameAsInput0,
		"ScatterElements":    sameAsInput0,
		"Slice":              inferSlice,
		"Split":              inferSplit,
		"Concat":             inferConcat,
		"Unsqueeze":          inferUnsqueeze,
		"Squeeze":            inferSqueeze,
		"Expand":             inferExpand,
		"Cast":               inferCast,
		"CastLike":           func(c *ictx) error { c.set(0, c.elem(1), c.shape(0)); return nil },
		"Shape":              inferShape,
		"Size":               inferSize,
		"Constant":           inferConstant,
		"ConstantOfShape":    inferConstantOfShape,
		"Range":              inferRange,
		"Where":              inferWhere,
		"Not":                inferNot,
		"Identity":           inferIdentity,
		"Dropout":            inferDropout,
		"Flatten":            inferFlatten,
		"Tile":               inferTile,
		"NonZero": func(c *ictx) error {
			if r := c.rank(0); r >= 0 {
				c.set(0, elemInt64, append([]Dim{IntDim(int64(r))}, c.fresh(1)...))
			}
			return nil
		},
		"ArgMax": inferArgReduce,
		"ArgMin": inferArgReduce,
		"Neg":    inferNeg,
		"If":     inferIf,
		// QuantizeLinear gives the zero point's type (uint8 without one),
		// DequantizeLinear the scale's; both keep the input's shape.
		"QuantizeLinear": func(c *ictx) error {
			elem := int32(onnxpb.TensorProto_UINT8)
			if c.in(2) != nil {
				elem = c.elem(2)
			}
			c.set(0, elem, c.shape(0))
			return nil
		},
		"DequantizeLinear": func(c *ictx) error {
			c.set(0, c.elem(1), c.shape(0))
			return nil
		},

		"com.microsoft:Attention":               inferMSAttention,
		"Attention":                             inferAttention,
		"com.microsoft:MultiHeadAttention":      inferMSMultiHeadAttention,
		"com.microsoft:SkipLayerNormalization":  inferSkipLayerNorm,
		"com.microsoft:EmbedLayerNormalization": inferEmbedLayerNorm,
		"com.microsoft:FastGelu":                sameAsInput0,
		"com.microsoft:Gelu":                    sameAsInput0,
		"com.microsoft:BiasGelu":                sameAsInput0,
	}
	for _, op := range []string{"Erf", "Sqrt", "Tanh", "Relu", "Sigmoid", "Exp", "Log", "Abs",
		"Reciprocal", "Softplus", "Gelu", "Softmax", "LogSoftmax", "Trilu", "Floor", "Ceil",
		"Round", "Sin", "Cos", "Clip", "LeakyRelu", "Elu", "HardSigmoid", "HardSwish", "Sign",
		"CumSum", "Mish", "Selu", "Celu", "Softsign", "Tan", "Atan", "Asin", "Acos"} {
		shapeRules[op] = sameAsInput0
	}
	for _, op := range []string{"Add", "Sub", "Mul", "Div", "Pow", "Mod", "Max", "Min", "Sum", "Mean", "PRelu", "BitShift"} {
		shapeRules[op] = inferArith
	}
	for _, op := range []string{"Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor"} {
		shapeRules[op] = inferCompare
	}
	for _, op := range []string{"IsNaN", "IsInf"} {
		shapeRules[op] = func(c *ictx) error { c.set(0, elemBool, c.shape(0)); return nil }
	}
	for _, op := range []string{"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd",
		"ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"} {
		shapeRules[op] = inferReduce
	}
}

func sameAsInput0(c *ictx) error {
	c.set(0, c.elem(0), c.shape(0))
	return nil
}

func inferIdentity(c *ictx) error {
	c.set(0, c.elem(0), c.shape(0))
	c.passSym()
	return nil
}

func inferDropout(c *ictx) error {
	c.set(0, c.elem(0), c.shape(0))
	c.set(1, elemBool, c.shape(0))
	return nil
}
