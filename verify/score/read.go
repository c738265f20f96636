package score

import (
	"fmt"
	"strings"

	"onnxprune/internal/safefile"
)

// ReadLines reads a UTF-8 text file of segments the way the sacrebleu
// command does: lines end at "\n" only, a final line without one still
// counts, and each line loses its trailing whitespace. A name ending in
// ".gz" is decompressed. The file may be a pipe (process substitution); it
// is streamed, and the limits of safefile.ReadLines (one line, the whole
// text) end the read with an error naming the file and the limit. Invalid
// UTF-8 is an error naming the file and line.
func ReadLines(path string) ([]string, error) {
	var lines []string
	err := safefile.ReadLines(path, func(n int, line []byte) error {
		if at := invalidUTF8At(string(line)); at >= 0 {
			return fmt.Errorf("%s: line %d: invalid UTF-8 at byte %d of the line", path, n, at)
		}
		lines = append(lines, pyRstrip(string(line)))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("score: %w", err)
	}
	return lines, nil
}

// SplitLines splits text into segments as [ReadLines] does.
func SplitLines(text string) ([]string, error) {
	if text == "" {
		return nil, nil
	}
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		if at := invalidUTF8At(l); at >= 0 {
			return nil, fmt.Errorf("line %d: invalid UTF-8 at byte %d of the line", i+1, at)
		}
		lines[i] = pyRstrip(l)
	}
	return lines, nil
}
