package graphedit

import "fmt"

// Pass is a named rewrite of a graph. Run reports whether it changed
// anything.
type Pass interface {
	Name() string
	Run(g *Graph) (changed bool, err error)
}

// PreChecker is implemented by passes that check their preconditions.
type PreChecker interface {
	PreCheck(g *Graph) error
}

// PostChecker is implemented by passes that check their results.
type PostChecker interface {
	PostCheck(g *Graph) error
}

// PassFunc adapts a function to a Pass.
type PassFunc struct {
	// PassName is what Name returns.
	PassName string
	// Fn runs the pass and reports whether it changed the graph.
	Fn func(g *Graph) (bool, error)
}

// Name returns the pass name.
func (p PassFunc) Name() string { return p.PassName }

// Run calls the function.
func (p PassFunc) Run(g *Graph) (bool, error) { return p.Fn(g) }

// RunPasses runs passes in order: for each, its PreCheck, Run, then its
// PostCheck; when validate is set, Validate runs after every pass that
// changed the graph. The first error stops the sequence and names the pass.
func RunPasses(g *Graph, validate bool, passes ...Pass) (changed bool, err error) {
	for _, p := range passes {
		if pc, ok := p.(PreChecker); ok {
			if err := pc.PreCheck(g); err != nil {
				return changed, fmt.Errorf("graphedit: pass %s: pre-check: %w", p.Name(), err)
			}
		}
		c, err := p.Run(g)
		if err != nil {
			return changed, fmt.Errorf("graphedit: pass %s: %w", p.Name(), err)
		}
		changed = changed || c
		if pc, ok := p.(PostChecker); ok {
			if err := pc.PostCheck(g); err != nil {
				return changed, fmt.Errorf("graphedit: pass %s: post-check: %w", p.Name(), err)
			}
		}
		if validate && c {
			if err := g.Validate(); err != nil {
				return changed, fmt.Errorf("graphedit: after pass %s: %w", p.Name(), err)
			}
		}
	}
	return changed, nil
}
