package autodiff

// noGradOps have no gradient by design: their outputs are integers,
// booleans, shapes or constants, or piecewise constant in their inputs
// (zero gradient almost everywhere).
var noGradOps = []string{
	"Constant", "ConstantOfShape", "Shape", "Size", "Range", "EyeLike",
	"Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual",
	"Not", "And", "Or", "Xor", "IsNaN", "IsInf",
	"NonZero", "ArgMax", "ArgMin", "OneHot", "TopK",
	"Floor", "Ceil", "Round", "Sign",
	"RandomNormal", "RandomNormalLike", "RandomUniform", "RandomUniformLike", "Bernoulli", "Multinomial",
}

// intOutputOps always produce integer or boolean outputs, whatever their
// inputs; they decide differentiability when an element type is unknown.
var intOutputOps = map[string]bool{
	"Shape": true, "Size": true, "NonZero": true, "ArgMax": true, "ArgMin": true,
	"Equal": true, "Less": true, "LessOrEqual": true, "Greater": true, "GreaterOrEqual": true,
	"Not": true, "And": true, "Or": true, "Xor": true, "IsNaN": true, "IsInf": true,
}

func noGradRules() []Rule {
	out := make([]Rule, 0, len(noGradOps))
	for _, op := range noGradOps {
		out = append(out, Rule{Op: op, Diff: []int{}})
	}
	return out
}

// DefaultRules returns a new registry holding every built-in rule; callers
// may Add to it (for example modified rules for relevance propagation).
func DefaultRules() *Registry {
	r := &Registry{}
	for _, set := range [][]Rule{elementwiseRules(), linalgRules(), nnRules(), convRules(), reduceRules(), shapeRules(), attentionRules(), onnxAttentionRules(), fusedRules(), noGradRules()} {
		for _, rule := range set {
			if err := r.Add(rule); err != nil {
				panic(err) // the built-in table is inconsistent: a programmer mistake
			}
		}
	}
	return r
}
