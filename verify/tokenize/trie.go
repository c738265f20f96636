package tokenize

// trie is a byte trie over piece strings, for common-prefix search.
type trie struct {
	next map[uint64]int32 // (node<<8 | byte) → child node
	val  []int32          // per node: the id of the piece ending there, or -1
}

func newTrie() *trie {
	return &trie{next: map[uint64]int32{}, val: []int32{-1}}
}

// insert adds key with the given id (a later insert of the same key wins).
func (t *trie) insert(key string, id int32) {
	node := int32(0)
	for i := 0; i < len(key); i++ {
		k := uint64(node)<<8 | uint64(key[i])
		child, ok := t.next[k]
		if !ok {
			child = int32(len(t.val))
			t.val = append(t.val, -1)
			t.next[k] = child
		}
		node = child
	}
	t.val[node] = id
}

// prefixes calls fn(end, id) for every key that is a prefix of s[start:],
// shortest first; end is the index in s just past the key.
func (t *trie) prefixes(s string, start int, fn func(end int, id int32)) {
	node := int32(0)
	for i := start; i < len(s); i++ {
		child, ok := t.next[uint64(node)<<8|uint64(s[i])]
		if !ok {
			return
		}
		node = child
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
