package tokenize

import (
	"strings"
	"unicode/utf8"
)

// Decode turns ids back into text exactly as spm_decode --input_format=id:
// control pieces vanish, the unknown piece becomes the model's unk surface
// (" ⁇ " by default), byte pieces are joined into UTF-8 (an invalid byte
// becomes U+FFFD), U+2581 becomes a space and the dummy-prefix space at the
// start is dropped. An id outside the vocabulary decodes like the unknown
// id (spm_decode refuses such input instead).
func (m *SentencePiece) Decode(ids []int64) string {
	ps := make([]string, len(ids))
	for i, id := range ids {
		p, ok := m.IDToPiece(id)
		if !ok {
			p = m.pieces[m.unk]
		}
		ps[i] = p
	}
	return m.DecodePieces(ps)
}

// DecodePieces turns piece strings back into text exactly as spm_decode
// --input_format=piece. A string that is not a piece of the model decodes to
// itself (with U+2581 turned into spaces only when it is a known piece).
func (m *SentencePiece) DecodePieces(pieces []string) string {
	var text strings.Builder
	var bytes []byte
	flush := func() {
		for len(bytes) > 0 {
			r, size := utf8.DecodeRune(bytes)
			if r == utf8.RuneError && size == 1 {
				text.WriteString(replacementChar)
			} else {
				text.Write(bytes[:size])
			}
			bytes = bytes[size:]
		}
	}
	stripBOS := m.norm.addDummyPrefix || m.norm.removeExtraWS
	bosWS := true
	bosSeen := false
	for _, p := range pieces {
		id := m.pieceToID(p)
		if m.types[id] == typeByte {
			b, _ := pieceToByte(m.pieces[id])
			bytes = append(bytes, b)
			continue
		}
		flush()
		if bosSeen || text.Len() > 0 {
			bosWS = false
		}
		bosSeen = false
		switch m.types[id] {
		case typeControl:
			continue
		case typeUnknown:
			if m.pieces[id] == p {
				text.WriteString(m.unkSurface)
			} else {
				text.WriteString(p)
			}
			continue
		}
		if bosWS && stripBOS {
			var had bool
			p, had = strings.CutPrefix(p, spaceSymbol)
			bosSeen = had && !m.norm.removeExtraWS
		}
		text.WriteString(strings.ReplaceAll(p, spaceSymbol, " "))
	}
	flush()
	out := text.String()
	if m.denorm != nil {
		out = m.denorm.normalize(out)
	}
	return out
}
