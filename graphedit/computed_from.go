package graphedit

// ComputedFrom reports whether v is computed from a value for which from
// returns true: v itself or a value upstream of it, following node inputs
// but not into initializers, visiting at most limit values (a bounded
// search for pattern matchers, which must not walk a whole large graph).
func ComputedFrom(v *Value, from func(*Value) bool, limit int) bool {
	seen := map[*Value]bool{}
	stack := []*Value{v}
	for len(stack) > 0 && limit > 0 {
		limit--
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if from(c) {
			return true
		}
		if seen[c] {
			continue
		}
		seen[c] = true
		if n, _ := c.Producer(); n != nil {
			for _, in := range n.Inputs() {
				if in != nil && !in.IsInitializer() {
					stack = append(stack, in)
				}
			}
		}
	}
	return false
}
