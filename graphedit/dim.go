package graphedit

import (
	"sort"
	"strconv"
	"strings"
)

// Dim is one dimension of a shape: a known size (Param == "") or a symbolic
// one named by Param. Symbolic names from the model (`batch_size`,
// `sequence_length`) are kept; arithmetic on them is written as a canonical
// polynomial such as `batch_size*sequence_length` or `2*seq+1`, and a
// dimension nothing is known about gets a fresh `unk_N` name.
type Dim struct {
	// Value is the size of a known dimension (Param empty).
	Value int64
	// Param is the symbol of a symbolic dimension; empty when known.
	Param string
}

// IntDim returns a known dimension.
func IntDim(n int64) Dim { return Dim{Value: n} }

// SymDim returns a symbolic dimension.
func SymDim(name string) Dim { return Dim{Param: name} }

// Known reports whether the dimension has a known size.
func (d Dim) Known() bool { return d.Param == "" }

// String renders the size or the symbol.
func (d Dim) String() string {
	if d.Known() {
		return strconv.FormatInt(d.Value, 10)
	}
	return d.Param
}

// KnownSizes returns the sizes of dims when every one is known. It reports
// false when one is symbolic or when dims is nil (an unknown rank, as
// Value.Shape gives it); an empty non-nil dims (a scalar) gives an empty
// slice and true.
func KnownSizes(dims []Dim) ([]int64, bool) {
	if dims == nil {
		return nil, false
	}
	out := make([]int64, len(dims))
	for i, d := range dims {
		if !d.Known() {
			return nil, false
		}
		out[i] = d.Value
	}
	return out, true
}

// Dims builds a shape from ints and strings (symbols); a convenience for
// tests and builders. Any other element type panics (a programmer mistake).
func Dims(xs ...any) []Dim {
	out := make([]Dim, 0, len(xs))
	for _, x := range xs {
		switch t := x.(type) {
		case int:
			out = append(out, IntDim(int64(t)))
		case int64:
			out = append(out, IntDim(t))
		case string:
			out = append(out, SymDim(t))
		case Dim:
			out = append(out, t)
		default:
			panic("graphedit.Dims: element must be int, int64, string or Dim")
		}
	}
	return out
}

// ShapeString renders a shape as [a,b,c], or "?" for an unknown rank.
func ShapeString(dims []Dim) string {
	if dims == nil {
		return "?"
	}
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = d.String()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// poly is a polynomial with integer coefficients over symbolic dimensions.
// Keys are monomials: symbol names sorted and joined by "*", "" for the
// constant term. A nil poly means "not representable".
type poly map[string]int64

func constPoly(c int64) poly { return poly{"": c} }

// dimPoly converts a Dim into a polynomial. A Param written in the canonical
// form (possibly with spaces, as in Optimum's `past_sequence_length + 1`) is
// parsed; any other name is an atom.
func dimPoly(d Dim) poly {
	if d.Known() {
		return constPoly(d.Value)
	}
	if p, ok := parsePoly(d.Param); ok {
		return p
	}
	return poly{d.Param: 1}
}

// Eval evaluates d with each symbol given the value sym returns for it;
// ok is false when d is a name that is not a polynomial in its symbols.
func (d Dim) Eval(sym func(name string) int64) (int64, bool) {
	p := dimPoly(d)
	if p == nil {
		return 0, false
	}
	var sum int64
	for mono, c := range p {
		if mono != "" {
			for _, s := range strings.Split(mono, "*") {
				c *= sym(s)
			}
		}
		sum += c
	}
	return sum, true
}

func isSymStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isSymChar(c byte) bool { return isSymStart(c) || (c >= '0' && c <= '9') || c == '.' }

// parsePoly parses sums of products of integers and symbols.
func parsePoly(s string) (poly, bool) {
	// Spaces may surround operators but never split a name or a number.
	for i := 1; i+1 < len(s); i++ {
		if s[i] == ' ' {
			j := i
			for j < len(s) && s[j] == ' ' {
				j++
			}
			if j < len(s) && isSymChar(s[i-1]) && isSymChar(s[j]) {
				return nil, false
			}
		}
	}
	s = strings.ReplaceAll(s, " ", "")
	if s == "" {
		return nil, false
	}
	p := poly{}
	i := 0
	for i < len(s) {
		sign := int64(1)
		if s[i] == '+' || s[i] == '-' {
			if s[i] == '-' {
				sign = -1
			}
			i++
		} else if i > 0 {
			return nil, false
		}
		coef := sign
		var syms []string
		for {
			if i >= len(s) {
				return nil, false
			}
			switch {
			case s[i] >= '0' && s[i] <= '9':
				j := i
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
				n, err := strconv.ParseInt(s[i:j], 10, 64)
				if err != nil {
					return nil, false
				}
				coef *= n
				i = j
			case isSymStart(s[i]):
				j := i
				for j < len(s) && isSymChar(s[j]) {
					j++
				}
				syms = append(syms, s[i:j])
				i = j
			default:
				return nil, false
			}
			if i < len(s) && s[i] == '*' {
				i++
				continue
			}
			break
		}
		sort.Strings(syms)
		p[strings.Join(syms, "*")] += coef
	}
	return p.norm(), true
}

// Polynomials past these bounds are "not representable": shape arithmetic
// in real models stays far below them, and a malformed model cannot make the
// analysis blow up.
const (
	maxPolyTerms  = 8
	maxPolyDegree = 6
)

func (p poly) norm() poly {
	if p == nil {
		return nil
	}
	for k, c := range p {
		if c == 0 {
			delete(p, k)
		}
	}
	if len(p) > maxPolyTerms {
		return nil
	}
	for k := range p {
		if k != "" && strings.Count(k, "*")+1 > maxPolyDegree {
			return nil
		}
	}
	return p
}

func (p poly) constant() (int64, bool) {
	if p == nil {
		return 0, false
	}
	if len(p) == 0 {
		return 0, true
	}
	if len(p) == 1 {
		if c, ok := p[""]; ok {
			return c, true
		}
	}
	return 0, false
}

func addPoly(a, b poly, sign int64) poly {
	if a == nil || b == nil {
		return nil
	}
	out := poly{}
	for k, c := range a {
		out[k] += c
	}
	for k, c := range b {
		out[k] += sign * c
	}
	return out.norm()
}

func mulMono(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	s := append(strings.Split(a, "*"), strings.Split(b, "*")...)
	sort.Strings(s)
	return strings.Join(s, "*")
}

func mulPoly(a, b poly) poly {
	if a == nil || b == nil {
		return nil
	}
	out := poly{}
	for ka, ca := range a {
		for kb, cb := range b {
			out[mulMono(ka, kb)] += ca * cb
		}
	}
	return out.norm()
}

// divMono divides monomial a by b, reporting whether b's symbols all occur in a.
func divMono(a, b string) (string, bool) {
	if b == "" {
		return a, true
	}
	if a == "" {
		return "", false
	}
	as := strings.Split(a, "*")
	for _, s := range strings.Split(b, "*") {
		found := false
		for i, x := range as {
			if x == s {
				as = append(as[:i], as[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			return "", false
		}
	}
	return strings.Join(as, "*"), true
}

// divPoly divides exactly by a single-term divisor; nil when not exact.
func divPoly(a, b poly) poly {
	if a == nil || b == nil || len(b) != 1 {
		return nil
	}
	var bm string
	var bc int64
	for k, c := range b {
		bm, bc = k, c
	}
	if bc == 0 {
		return nil
	}
	out := poly{}
	for k, c := range a {
		if c%bc != 0 {
			return nil
		}
		m, ok := divMono(k, bm)
		if !ok {
			return nil
		}
		out[m] += c / bc
	}
	return out.norm()
}

// String renders the canonical form: terms sorted by monomial, constant last.
func (p poly) String() string {
	keys := make([]string, 0, len(p))
	for k := range p {
		if k != "" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if _, ok := p[""]; ok {
		keys = append(keys, "")
	}
	var b strings.Builder
	for i, k := range keys {
		c := p[k]
		if c < 0 {
			b.WriteByte('-')
			c = -c
		} else if i > 0 {
			b.WriteByte('+')
		}
		switch {
		case k == "":
			b.WriteString(strconv.FormatInt(c, 10))
		case c == 1:
			b.WriteString(k)
		default:
			b.WriteString(strconv.FormatInt(c, 10))
			b.WriteByte('*')
			b.WriteString(k)
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// polyDim turns a polynomial back into a Dim; keep is returned unchanged
// when it already denotes the same polynomial (so model names survive).
func polyDim(p poly) (Dim, bool) {
	if p == nil {
		return Dim{}, false
	}
	if c, ok := p.constant(); ok {
		return IntDim(c), true
	}
	// A single atom with coefficient 1 keeps its own name.
	if len(p) == 1 {
		for k, c := range p {
			if c == 1 && !strings.Contains(k, "*") {
				return SymDim(k), true
			}
		}
	}
	return SymDim(p.String()), true
}

// dimOp applies + - * / to two dims symbolically; ok is false when the result
// cannot be represented (for example a non-exact division).
func dimOp(op byte, a, b Dim) (Dim, bool) {
	if a.Known() && b.Known() {
		switch op {
		case '+':
			return IntDim(a.Value + b.Value), true
		case '-':
			return IntDim(a.Value - b.Value), true
		case '*':
			return IntDim(a.Value * b.Value), true
		case '/':
			if b.Value == 0 {
				return Dim{}, false
			}
			return IntDim(floorDiv(a.Value, b.Value)), true
		}
		return Dim{}, false
	}
	pa, pb := dimPoly(a), dimPoly(b)
	switch op {
	case '+':
		return polyDim(addPoly(pa, pb, 1))
	case '-':
		return polyDim(addPoly(pa, pb, -1))
	case '*':
		return polyDim(mulPoly(pa, pb))
	case '/':
		return polyDim(divPoly(pa, pb))
	}
	return Dim{}, false
}

// floorDiv divides integers the way ONNX Runtime's integer Div does
// (truncation); shape arithmetic only meets non-negative sizes.
func floorDiv(a, b int64) int64 { return a / b }

// SameDim reports whether two dims are provably equal: equal sizes, or
// symbolic expressions with the same canonical polynomial.
func SameDim(a, b Dim) bool {
	if a.Known() != b.Known() {
		return false
	}
	if a.Known() {
		return a.Value == b.Value
	}
	if a.Param == b.Param {
		return true
	}
	return dimPoly(a).String() == dimPoly(b).String()
}

// dimProduct multiplies dims symbolically.
func dimProduct(ds []Dim) (Dim, bool) {
	acc := IntDim(1)
	for _, d := range ds {
		var ok bool
		if acc, ok = dimOp('*', acc, d); !ok {
			return Dim{}, false
		}
	}
	return acc, true
}
