package tokenize

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// charsMap is a decoded precompiled_charsmap: a double-array trie (the
// darts-clone layout SentencePiece writes) whose keys are UTF-8 source
// strings and whose values are offsets into a blob of NUL-terminated
// replacement strings.
//
// Blob layout: a little-endian uint32 n, then n bytes of trie units (each a
// little-endian uint32), then the replacement strings.
type charsMap struct {
	units []uint32
	repl  []byte
}

// maxTrieResults is how many prefix matches the reference normalizer records
// per position; longer keys beyond that are never seen by it either.
const maxTrieResults = 32

func parseCharsMap(blob []byte) (*charsMap, error) {
	if len(blob) <= 4 {
		return nil, errors.New("precompiled charsmap is broken: shorter than its header")
	}
	n := binary.LittleEndian.Uint32(blob)
	if uint64(n) >= uint64(len(blob)) {
		return nil, fmt.Errorf("precompiled charsmap is broken: trie size %d exceeds the blob size %d", n, len(blob))
	}
	if n%4 != 0 {
		return nil, fmt.Errorf("precompiled charsmap is broken: trie size %d is not a multiple of 4", n)
	}
	trie := blob[4 : 4+n]
	units := make([]uint32, n/4)
	for i := range units {
		units[i] = binary.LittleEndian.Uint32(trie[4*i:])
	}
	if len(units) == 0 {
		return nil, errors.New("precompiled charsmap is broken: empty trie")
	}
	return &charsMap{units: units, repl: blob[4+n:]}, nil
}

// Darts-clone unit fields.
func unitHasLeaf(u uint32) bool { return (u>>8)&1 == 1 }
func unitValue(u uint32) uint32 { return u & (1<<31 - 1) }
func unitLabel(u uint32) uint32 { return u & (1<<31 | 0xFF) }
func unitOffset(u uint32) uint32 {
	return (u >> 10) << ((u & (1 << 9)) >> 6)
}

// longestPrefix returns the length and value of the longest key of the trie
// that is a prefix of s, among the first maxTrieResults matches, walking the
// double array as darts-clone's commonPrefixSearch does. ok is false when no
// key matches. Out-of-range positions (a corrupt trie) end the walk.
func (m *charsMap) longestPrefix(s string) (length int, value uint32, ok bool) {
	units := m.units
	pos := uint64(unitOffset(units[0]))
	found := 0
	for i := 0; i < len(s); i++ {
		c := uint64(s[i])
		pos ^= c
		if pos >= uint64(len(units)) {
			return length, value, ok
		}
		u := units[pos]
		if uint64(unitLabel(u)) != c {
			return length, value, ok
		}
		pos ^= uint64(unitOffset(u))
		if unitHasLeaf(u) {
			if pos >= uint64(len(units)) {
				return length, value, ok
			}
			if found < maxTrieResults {
				length, value, ok = i+1, unitValue(units[pos]), true
			}
			found++
		}
	}
	return length, value, ok
}

// replacement returns the NUL-terminated string at offset v of the
// replacement blob (the empty string for an offset past its end).
func (m *charsMap) replacement(v uint32) string {
	if uint64(v) >= uint64(len(m.repl)) {
		return ""
	}
	b := m.repl[v:]
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
