// Command mkseeds writes the committed seed corpora of the tokenize fuzz
// targets (testdata/fuzz/<Target>/) from the committed models and texts.
//
// Usage (from verify/tokenize/testdata): go run ./mkseeds
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mkseeds:", err)
		os.Exit(2)
	}
}

// seed writes one corpus entry; each value is already in corpus syntax.
func seed(target, name string, values ...string) error {
	dir := filepath.Join("fuzz", target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	body := "go test fuzz v1\n" + strings.Join(values, "\n") + "\n"
	return os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
}

func bytesVal(b []byte) string  { return "[]byte(" + strconv.Quote(string(b)) + ")" }
func stringVal(s string) string { return "string(" + strconv.Quote(s) + ")" }

func run() error {
	tiny, err := os.ReadFile("tiny.model")
	if err != nil {
		return err
	}
	raw, err := os.ReadFile("unigram_raw.model")
	if err != nil {
		return err
	}
	// Model reader: the tiny model whole, cut short, with bytes flipped in
	// the middle (inside the charsmap), and a cut of a bigger model.
	flipped := append([]byte(nil), tiny...)
	for i := len(flipped) / 3; i < len(flipped)/3+16 && i < len(flipped); i++ {
		flipped[i] ^= 0x5A
	}
	for name, data := range map[string][]byte{
		"tiny":            tiny,
		"tiny-cut":        tiny[:len(tiny)/2],
		"tiny-flipped":    flipped,
		"unigram_raw-cut": raw[:2000],
		"empty":           {},
	} {
		if err := seed("FuzzParseSentencePiece", name, bytesVal(data)); err != nil {
			return err
		}
	}
	// Encoders: held-out lines with odd characters.
	held, err := os.ReadFile("heldout.txt")
	if err != nil {
		return err
	}
	n := 0
	for _, line := range strings.Split(string(held), "\n") {
		if len(line) < 20 || strings.Count(line, " ") > 12 {
			continue
		}
		n++
		if err := seed("FuzzEncode", fmt.Sprintf("heldout-%02d", n), stringVal(line)); err != nil {
			return err
		}
		if n == 24 {
			break
		}
	}
	for name, vals := range map[string][]string{
		"specials": {bytesVal([]byte{0, 0, 1, 0, 2, 0, 3, 0, 255, 255}), stringVal("<s> ▁a </s> <pad> <unk>")},
		"bytes":    {bytesVal([]byte{10, 0, 20, 0, 30, 0}), stringVal("<0xE2> <0x96> <0x81> <0xF0> <0x41>")},
		"user":     {bytesVal([]byte{6, 0, 7, 0}), stringVal("<sep> [MASK] ▁▁ ▁")},
	} {
		if err := seed("FuzzDecode", name, vals...); err != nil {
			return err
		}
	}
	for name, vals := range map[string][]string{
		"plain":    {"uint8(0)", bytesVal([]byte("<pad>\n</s>\n<unk>\nthe\ncat\r\n"))},
		"json":     {"uint8(1)", bytesVal([]byte("{\n  \"</s>\": 0,\n  \"<unk>\": 1,\n  \"\\u2581a\": 2,\n  \"x\": 7\n}\n"))},
		"yaml":     {"uint8(2)", bytesVal([]byte("---\n</s>: 0\n'it''s': 1\n\"\\u2581x\\t\": 2\nplain key: 3 # c\n"))},
		"json-bad": {"uint8(1)", bytesVal([]byte("{\"a\": 0, \"a\": 1}"))},
		"yaml-bad": {"uint8(2)", bytesVal([]byte("\"unterminated: 1\n"))},
	} {
		if err := seed("FuzzVocab", name, vals...); err != nil {
			return err
		}
	}
	return nil
}
