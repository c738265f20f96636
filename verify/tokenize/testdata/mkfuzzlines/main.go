// Command mkfuzzlines turns a FuzzEncode corpus directory (Go's fuzz cache,
// `$(go env GOCACHE)/fuzz/onnxprune/verify/tokenize/FuzzEncode`, or
// testdata/fuzz/FuzzEncode) into fuzz.txt: one input per line, those
// holding a line break left out, sorted and deduplicated. The conformance
// fixtures then hold spm_encode's answers for inputs the fuzzer found
// interesting.
//
// Usage: go run ./mkfuzzlines CORPUS_DIR... >fuzz.txt
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mkfuzzlines:", err)
		os.Exit(2)
	}
}

func run(dirs []string) error {
	seen := map[string]bool{}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*"))
		if err != nil {
			return err
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if len(lines) != 2 || lines[0] != "go test fuzz v1" {
				return fmt.Errorf("%s: not a one-value corpus file", f)
			}
			v, ok := strings.CutPrefix(lines[1], "string(")
			if !ok || !strings.HasSuffix(v, ")") {
				return fmt.Errorf("%s: not a string value", f)
			}
			s, err := strconv.Unquote(strings.TrimSuffix(v, ")"))
			if err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			if !strings.ContainsAny(s, "\n\r") {
				seen[s] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	w := bufio.NewWriter(os.Stdout)
	for _, s := range out {
		w.WriteString(s)
		w.WriteByte('\n')
	}
	return w.Flush()
}
