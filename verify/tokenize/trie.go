package tokenize

import "sort"

// trie is a byte trie over piece strings, for common-prefix search. Keys are
// added with insert, then freeze turns it into a compact read-only form (each
// node's edges sorted by byte in one array) that searches need.
type trie struct {
	build map[uint64]int32 // while building: (node<<8 | byte) → child node
	val   []int32          // per node: the id of the piece ending there, or -1

	// Frozen form: the edges of node n are edges[first[n]:first[n+1]].
	first  []int32
	labels []byte
	child  []int32
}

func newTrie() *trie {
	return &trie{build: map[uint64]int32{}, val: []int32{-1}}
}

// insert adds key with the given id (a later insert of the same key wins).
func (t *trie) insert(key string, id int32) {
	if t.build == nil {
		panic("tokenize: insert into a frozen trie")
	}
	node := int32(0)
	for i := 0; i < len(key); i++ {
		k := uint64(node)<<8 | uint64(key[i])
		child, ok := t.build[k]
		if !ok {
			child = int32(len(t.val))
			t.val = append(t.val, -1)
			t.build[k] = child
		}
		node = child
	}
	t.val[node] = id
}

// freeze turns the building map into sorted edge arrays.
func (t *trie) freeze() {
	keys := make([]uint64, 0, len(t.build))
	for k := range t.build {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	t.first = make([]int32, len(t.val)+1)
	t.labels = make([]byte, len(keys))
	t.child = make([]int32, len(keys))
	for i, k := range keys {
		t.labels[i] = byte(k)
		t.child[i] = t.build[k]
		t.first[k>>8+1]++
	}
	for n := 1; n < len(t.first); n++ {
		t.first[n] += t.first[n-1]
	}
	t.build = nil
}

// step returns the child of node along byte c, or -1.
func (t *trie) step(node int32, c byte) int32 {
	lo, hi := int(t.first[node]), int(t.first[node+1])
	for lo < hi { // lower bound of c among the node's sorted labels
		mid := int(uint(lo+hi) >> 1)
		if t.labels[mid] < c {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < int(t.first[node+1]) && t.labels[lo] == c {
		return t.child[lo]
	}
	return -1
}

// prefixes calls fn(end, id) for every key that is a prefix of s[start:],
// shortest first; end is the index in s just past the key.
func (t *trie) prefixes(s string, start int, fn func(end int, id int32)) {
	if t.build != nil {
		panic("tokenize: search in a trie that is not frozen")
	}
	node := int32(0)
	for i := start; i < len(s); i++ {
		node = t.step(node, s[i])
		if node < 0 {
			return
		}
		if id := t.val[node]; id >= 0 {
			fn(i+1, id)
		}
	}
}

// longest returns the length and id of the longest key that is a prefix of
// s[start:]; ok is false when there is none.
func (t *trie) longest(s string, start int) (length int, id int32, ok bool) {
	t.prefixes(s, start, func(end int, v int32) {
		length, id, ok = end-start, v, true
	})
	return length, id, ok
}
