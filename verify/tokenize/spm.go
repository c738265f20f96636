package tokenize

import (
	"errors"
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"

	"onnxprune/verify/tokenize/spmpb"
)

// Piece types of a SentencePiece model.
const (
	typeNormal      = spmpb.ModelProto_SentencePiece_NORMAL
	typeUnknown     = spmpb.ModelProto_SentencePiece_UNKNOWN
	typeControl     = spmpb.ModelProto_SentencePiece_CONTROL
	typeUserDefined = spmpb.ModelProto_SentencePiece_USER_DEFINED
	typeByte        = spmpb.ModelProto_SentencePiece_BYTE
	typeUnused      = spmpb.ModelProto_SentencePiece_UNUSED
)

// unkPenalty is how much worse than the worst piece an unknown character
// scores in unigram segmentation (SentencePiece's kUnkPenalty).
const unkPenalty = 10.0

type modelKind int

const (
	kindUnigram modelKind = iota
	kindBPE
)

// SentencePiece is a SentencePiece model (a `.model` file): normalizer,
// vocabulary and the unigram or BPE segmentation, encoding and decoding as
// the reference implementation does. It is safe for concurrent use except
// for SetSpecials.
type SentencePiece struct {
	name string
	kind modelKind

	pieces []string
	types  []spmpb.ModelProto_SentencePiece_Type
	scores []float32

	normal   map[string]int32 // NORMAL, USER_DEFINED and UNUSED pieces
	reserved map[string]int32 // CONTROL, UNKNOWN and BYTE pieces
	unk      int32

	byteFallback bool
	byteIDs      [256]int32

	norm   normalizer
	denorm *normalizer

	pieceTrie          *trie // normal pieces (unigram)
	minScore, maxScore float32

	unkSurface string
	specials   Specials
}

var _ Tokenizer = (*SentencePiece)(nil)

// LoadSentencePiece reads a SentencePiece `.model` file.
func LoadSentencePiece(path string) (*SentencePiece, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	return ParseSentencePiece(data, path)
}

// ParseSentencePiece reads a serialized SentencePiece ModelProto; name
// (usually the file path) is used in error messages. Arbitrary bytes give an
// error, never a panic.
func ParseSentencePiece(data []byte, name string) (*SentencePiece, error) {
	var mp spmpb.ModelProto
	if err := proto.Unmarshal(data, &mp); err != nil {
		return nil, fmt.Errorf("tokenize: %s: not a SentencePiece model: %v", name, firstLine(err.Error()))
	}
	m, err := newSentencePiece(&mp, name)
	if err != nil {
		return nil, fmt.Errorf("tokenize: %s: %w", name, err)
	}
	return m, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func newSentencePiece(mp *spmpb.ModelProto, name string) (*SentencePiece, error) {
	ts := mp.GetTrainerSpec()
	m := &SentencePiece{
		name:         name,
		normal:       map[string]int32{},
		reserved:     map[string]int32{},
		unk:          -1,
		byteFallback: ts.GetByteFallback(),
		unkSurface:   ts.GetUnkSurface(),
	}
	switch t := ts.GetModelType(); t {
	case spmpb.TrainerSpec_UNIGRAM:
		m.kind = kindUnigram
	case spmpb.TrainerSpec_BPE:
		m.kind = kindBPE
	default:
		return nil, fmt.Errorf("model type %v is not supported (only UNIGRAM and BPE)", t)
	}
	if len(mp.GetPieces()) == 0 {
		return nil, errors.New("the model has no pieces")
	}
	if len(mp.GetPieces()) > 1<<30 {
		return nil, errors.New("the model has too many pieces")
	}
	for i := range m.byteIDs {
		m.byteIDs[i] = -1
	}
	user := newTrie()
	nUser := 0
	for i, sp := range mp.GetPieces() {
		p, t := sp.GetPiece(), sp.GetType()
		if p == "" {
			return nil, fmt.Errorf("piece %d is empty", i)
		}
		switch t {
		case typeNormal, typeUnknown, typeControl, typeUserDefined, typeByte, typeUnused:
		default:
			return nil, fmt.Errorf("piece %d (%q) has unknown type %d", i, p, int32(t))
		}
		dict := m.reserved
		if t == typeNormal || t == typeUserDefined || t == typeUnused {
			dict = m.normal
		}
		if _, dup := dict[p]; dup {
			return nil, fmt.Errorf("piece %d: %q is already defined", i, p)
		}
		dict[p] = int32(i)
		m.pieces = append(m.pieces, p)
		m.types = append(m.types, t)
		m.scores = append(m.scores, sp.GetScore())
		switch t {
		case typeUserDefined:
			user.insert(p, int32(i))
			nUser++
		case typeUnknown:
			if m.unk >= 0 {
				return nil, fmt.Errorf("piece %d: unk is already defined (piece %d)", i, m.unk)
			}
			m.unk = int32(i)
		case typeByte:
			if !m.byteFallback {
				return nil, fmt.Errorf("piece %d: byte piece %q is found although byte_fallback is false", i, p)
			}
			b, ok := pieceToByte(p)
			if !ok {
				return nil, fmt.Errorf("piece %d: byte piece %q is invalid", i, p)
			}
			m.byteIDs[b] = int32(i)
		}
	}
	if m.unk < 0 {
		return nil, errors.New("unk is not defined")
	}
	if m.byteFallback {
		for b, id := range m.byteIDs {
			if id < 0 {
				return nil, fmt.Errorf("byte_fallback is set but byte piece %s is missing", byteToPiece(byte(b)))
			}
		}
	}
	if nUser > 0 {
		user.freeze()
		m.norm.user = user
	}

	ns := mp.GetNormalizerSpec()
	m.norm.addDummyPrefix = ns.GetAddDummyPrefix()
	m.norm.removeExtraWS = ns.GetRemoveExtraWhitespaces()
	m.norm.escapeWS = ns.GetEscapeWhitespaces()
	m.norm.wsAsSuffix = ts.GetTreatWhitespaceAsSuffix()
	if cm := ns.GetPrecompiledCharsmap(); len(cm) > 0 {
		c, err := parseCharsMap(cm)
		if err != nil {
			return nil, fmt.Errorf("normalizer: %w", err)
		}
		m.norm.cmap = c
	}
	if ds := mp.GetDenormalizerSpec(); len(ds.GetPrecompiledCharsmap()) > 0 {
		c, err := parseCharsMap(ds.GetPrecompiledCharsmap())
		if err != nil {
			return nil, fmt.Errorf("denormalizer: %w", err)
		}
		m.denorm = &normalizer{
			cmap:           c,
			addDummyPrefix: ds.GetAddDummyPrefix(),
			removeExtraWS:  ds.GetRemoveExtraWhitespaces(),
			escapeWS:       ds.GetEscapeWhitespaces(),
		}
	}

	if m.kind == kindUnigram {
		m.pieceTrie = newTrie()
		m.minScore, m.maxScore = maxFloat32, minPositiveFloat32
		for id, p := range m.pieces {
			if t := m.types[id]; t == typeNormal || t == typeUserDefined || t == typeUnused {
				m.pieceTrie.insert(p, int32(id))
			}
			if m.types[id] == typeNormal {
				m.minScore = min(m.minScore, m.scores[id])
				m.maxScore = max(m.maxScore, m.scores[id])
			}
		}
		m.pieceTrie.freeze()
		if len(m.pieceTrie.val) == 1 {
			return nil, errors.New("no normal, user-defined or unused piece: the unigram trie is empty")
		}
	}

	m.specials = Specials{
		Unk:          m.specialID(ts.GetUnkPiece(), typeUnknown),
		Bos:          m.specialID(ts.GetBosPiece(), typeControl),
		Eos:          m.specialID(ts.GetEosPiece(), typeControl),
		Pad:          m.specialID(ts.GetPadPiece(), typeControl),
		DecoderStart: -1,
	}
	return m, nil
}

// Float limits as SentencePiece initializes its score range with (FLT_MAX,
// FLT_MIN): the maximum starts at the smallest positive normal float, not at
// the most negative one.
const (
	maxFloat32         float32 = 3.40282346638528859811704183484516925440e+38
	minPositiveFloat32 float32 = 1.17549435082228750796873653722224568e-38
)

// specialID returns the id of piece when it has type t, else -1 (the way
// SentencePieceProcessor reports bos_id, eos_id, pad_id and unk_id).
func (m *SentencePiece) specialID(piece string, t spmpb.ModelProto_SentencePiece_Type) int64 {
	id := m.pieceToID(piece)
	if m.types[id] != t {
		return -1
	}
	return int64(id)
}

// pieceToID looks a piece up as SentencePiece does: reserved pieces first,
// then normal ones, else the unknown id.
func (m *SentencePiece) pieceToID(p string) int32 {
	if id, ok := m.reserved[p]; ok {
		return id
	}
	if id, ok := m.normal[p]; ok {
		return id
	}
	return m.unk
}

// byteToPiece returns the piece of a byte-fallback byte, e.g. <0x0A>.
func byteToPiece(b byte) string { return fmt.Sprintf("<0x%02X>", b) }

// pieceToByte parses exactly the form byteToPiece writes.
func pieceToByte(p string) (byte, bool) {
	if len(p) != 6 || p[:3] != "<0x" || p[5] != '>' {
		return 0, false
	}
	hi, ok1 := upperHex(p[3])
	lo, ok2 := upperHex(p[4])
	return hi<<4 | lo, ok1 && ok2
}

func upperHex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Name returns the name the model was loaded under (its file path).
func (m *SentencePiece) Name() string { return m.name }

// VocabSize returns the number of pieces.
func (m *SentencePiece) VocabSize() int { return len(m.pieces) }

// Specials returns the special ids: from the model's trainer spec unless
// changed by SetSpecials.
func (m *SentencePiece) Specials() Specials { return m.specials }

// SetSpecials replaces the special ids.
func (m *SentencePiece) SetSpecials(s Specials) { m.specials = s }

// IDToPiece returns the piece of id; ok is false when id is out of range.
func (m *SentencePiece) IDToPiece(id int64) (string, bool) {
	if id < 0 || id >= int64(len(m.pieces)) {
		return "", false
	}
	return m.pieces[id], true
}

// PieceToID returns the id of a piece, or the unknown id when the model has
// no such piece (as SentencePiece does).
func (m *SentencePiece) PieceToID(p string) int64 { return int64(m.pieceToID(p)) }

// Normalize returns the text the segmentation sees: the input after the
// model's normalizer (character map, whitespace rules, dummy prefix, U+2581
// escape).
func (m *SentencePiece) Normalize(s string) string { return m.norm.normalize(s) }
