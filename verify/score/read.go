package score

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
)

// ReadLines reads a UTF-8 text file of segments the way the sacrebleu
// command does: lines end at "\n" only, a final line without one still
// counts, and each line loses its trailing whitespace. A name ending in
// ".gz" is decompressed. Invalid UTF-8 is an error naming the file and line.
func ReadLines(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("score: %w", err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("score: %s: %w", path, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("score: %s: %w", path, err)
		}
	}
	lines, err := SplitLines(string(data))
	if err != nil {
		return nil, fmt.Errorf("score: %s: %w", path, err)
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
