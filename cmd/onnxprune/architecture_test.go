package main

import (
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// architectureFile is the map of the module at the repository root.
const architectureFile = "../../ARCHITECTURE.md"

// arrowsMarker is the line before the fenced block of import arrows.
const arrowsMarker = "<!-- arrows: checked by cmd/onnxprune/architecture_test.go -->"

// modulePackages returns the packages of the module rooted at root, keyed by
// their path relative to root ("graphedit/heads"), each with the module
// packages its non-test files import, relative too. It walks the folders as
// `go list ./...` does: no folder starting with "." or "_", no testdata or
// vendor folder, no nested module; a folder is a package when it holds a
// Go file for this platform, test files included.
func modulePackages(t *testing.T, root string) map[string][]string {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatalf("%s: no module line", filepath.Join(root, "go.mod"))
	}
	module := string(m[1])
	pkgs := map[string][]string{}
	err = filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if dir != root {
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		p, err := build.Default.ImportDir(dir, 0)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return err
		}
		var imports []string
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module+"/") {
				imports = append(imports, strings.TrimPrefix(imp, module+"/"))
			}
		}
		pkgs[filepath.ToSlash(rel)] = imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) == 0 {
		t.Fatalf("no packages under %s", root)
	}
	return pkgs
}

// reducedArrows returns, for every package, the layer (0 for a package
// importing nothing of the module, else one more than its highest import)
// and its imports less those reachable through another of its imports.
func reducedArrows(pkgs map[string][]string) (layer map[string]int, arrows map[string][]string) {
	reach := map[string]map[string]bool{}
	var reachable func(p string) map[string]bool
	reachable = func(p string) map[string]bool {
		if r, ok := reach[p]; ok {
			return r
		}
		r := map[string]bool{}
		reach[p] = r
		for _, d := range pkgs[p] {
			r[d] = true
			for x := range reachable(d) {
				r[x] = true
			}
		}
		return r
	}
	layer = map[string]int{}
	var depth func(p string) int
	depth = func(p string) int {
		if l, ok := layer[p]; ok {
			return l
		}
		l := 0
		for _, d := range pkgs[p] {
			l = max(l, depth(d)+1)
		}
		layer[p] = l
		return l
	}
	arrows = map[string][]string{}
	for p, deps := range pkgs {
		depth(p)
		var kept []string
		for _, d := range deps {
			implied := false
			for _, o := range deps {
				implied = implied || (o != d && reachable(o)[d])
			}
			if !implied {
				kept = append(kept, d)
			}
		}
		slices.Sort(kept)
		arrows[p] = kept
	}
	return layer, arrows
}

// arrowLine writes one line of the arrows block.
func arrowLine(p string, layer int, deps []string) string {
	to := "—"
	if len(deps) > 0 {
		to = strings.Join(deps, ", ")
	}
	return fmt.Sprintf("L%d  %s → %s", layer, p, to)
}

// TestArchitectureListsEveryPackage keeps ARCHITECTURE.md complete and
// true: every package of the module has a row in its package tables and
// exactly its (reduced) import arrows and layer in the arrows block, and
// neither names a package that no longer exists. On failure it logs the
// whole arrows block as it should read.
func TestArchitectureListsEveryPackage(t *testing.T) {
	doc, err := os.ReadFile(architectureFile)
	if err != nil {
		t.Fatal(err)
	}
	pkgs := modulePackages(t, "../..")
	layer, arrows := reducedArrows(pkgs)

	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([^`]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		rows[m[1]] = true
	}
	var names []string
	for p := range pkgs {
		names = append(names, p)
		if !rows[p] {
			t.Errorf("%s: package %s has no row (| `%s` | what it is for |)", architectureFile, p, p)
		}
	}
	for p := range rows {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("%s: row for %s, which is not a package of the module", architectureFile, p)
		}
	}

	_, block, ok := strings.Cut(string(doc), arrowsMarker+"\n```text\n")
	if !ok {
		t.Fatalf("%s: no line %q followed by a ```text block", architectureFile, arrowsMarker)
	}
	block, _, ok = strings.Cut(block, "```")
	if !ok {
		t.Fatalf("%s: the arrows block is not closed", architectureFile)
	}
	got := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			t.Errorf("%s: arrows line %q: want \"LN  package → imports\"", architectureFile, l)
			continue
		}
		got[f[1]] = l
	}
	slices.SortFunc(names, func(a, b string) int {
		if layer[a] != layer[b] {
			return layer[a] - layer[b]
		}
		return strings.Compare(a, b)
	})
	var want []string
	bad := false
	for _, p := range names {
		w := arrowLine(p, layer[p], arrows[p])
		want = append(want, w)
		if g, ok := got[p]; !ok {
			t.Errorf("%s: no arrows line for package %s: want %q", architectureFile, p, w)
			bad = true
		} else if g != w {
			t.Errorf("%s: arrows line %q: want %q", architectureFile, g, w)
			bad = true
		}
	}
	for p, l := range got {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("%s: arrows line %q names no package of the module", architectureFile, l)
			bad = true
		}
	}
	if bad {
		t.Logf("the arrows block should read:\n%s", strings.Join(want, "\n"))
	}
}
