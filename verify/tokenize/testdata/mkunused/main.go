// Command mkunused writes a copy of a SentencePiece model in which some
// normal pieces are marked UNUSED, so that the conformance fixtures cover
// how encoders skip (unigram) or split back (BPE) such pieces.
//
// Usage: go run ./mkunused IN.model OUT.model EVERY
//
// Every EVERY-th normal piece whose piece is longer than one character
// becomes UNUSED.
package main

import (
	"fmt"
	"os"
	"strconv"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"

	"onnxprune/verify/tokenize/spmpb"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mkunused:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	if len(args) != 3 {
		return fmt.Errorf("usage: mkunused IN.model OUT.model EVERY")
	}
	every, err := strconv.Atoi(args[2])
	if err != nil || every < 1 {
		return fmt.Errorf("EVERY must be a positive integer, got %q", args[2])
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	var m spmpb.ModelProto
	if err := proto.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	n, marked := 0, 0
	for _, p := range m.GetPieces() {
		if p.GetType() != spmpb.ModelProto_SentencePiece_NORMAL || utf8.RuneCountInString(p.GetPiece()) < 2 {
			continue
		}
		n++
		if n%every == 0 {
			p.Type = spmpb.ModelProto_SentencePiece_UNUSED.Enum()
			marked++
		}
	}
	out, err := proto.MarshalOptions{Deterministic: true}.Marshal(&m)
	if err != nil {
		return err
	}
	if err := os.WriteFile(args[1], out, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d of %d multi-character pieces marked UNUSED\n", args[1], marked, n)
	return nil
}
