package features

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// npyMagic starts every .npy file.
const npyMagic = "\x93NUMPY"

// npyHeader is what the header of a .npy file declares.
type npyHeader struct {
	descr   string
	fortran bool
	shape   []int64
}

// readNPYHeader reads the magic string, the version and the header
// dictionary of a .npy file from r.
func readNPYHeader(r io.Reader, path string) (*npyHeader, error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		return nil, fmt.Errorf("%s: not a NumPy .npy file (shorter than its 8-byte preamble)", path)
	}
	if string(pre[:6]) != npyMagic {
		return nil, fmt.Errorf("%s: not a NumPy .npy file (it does not start with \\x93NUMPY)", path)
	}
	var size int
	switch pre[6] {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("%s: .npy header length: file ends", path)
		}
		size = int(binary.LittleEndian.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("%s: .npy header length: file ends", path)
		}
		size = int(binary.LittleEndian.Uint32(b[:]))
	default:
		return nil, fmt.Errorf("%s: .npy format version %d.%d is not 1, 2 or 3", path, pre[6], pre[7])
	}
	const maxHeader = 64 << 10
	if size > maxHeader {
		return nil, fmt.Errorf("%s: .npy header of %d bytes is longer than %d", path, size, maxHeader)
	}
	text := make([]byte, size)
	if _, err := io.ReadFull(r, text); err != nil {
		return nil, fmt.Errorf("%s: .npy header: file ends before its %d bytes", path, size)
	}
	h, err := parseNPYHeader(string(text))
	if err != nil {
		return nil, fmt.Errorf("%s: bad .npy header: %w", path, err)
	}
	return h, nil
}

// parseNPYHeader reads the Python dictionary literal of a .npy header,
// {'descr': '<f4', 'fortran_order': False, 'shape': (8, 80, 3000), }.
func parseNPYHeader(s string) (*npyHeader, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "{") || !strings.HasSuffix(s, "}") {
		return nil, errors.New("not a dictionary literal")
	}
	p := &literal{s: s[1 : len(s)-1]}
	h := &npyHeader{}
	seen := map[string]bool{}
	for {
		p.space()
		if p.done() {
			break
		}
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if !p.take(':') {
			return nil, fmt.Errorf("no ':' after key %q", key)
		}
		p.space()
		switch key {
		case "descr":
			if h.descr, err = p.str(); err != nil {
				return nil, fmt.Errorf("descr: %w", err)
			}
		case "fortran_order":
			switch {
			case p.word("True"):
				h.fortran = true
			case p.word("False"):
			default:
				return nil, errors.New("fortran_order is neither True nor False")
			}
		case "shape":
			if h.shape, err = p.tuple(); err != nil {
				return nil, fmt.Errorf("shape: %w", err)
			}
		default:
			return nil, fmt.Errorf("unknown key %q", key)
		}
		seen[key] = true
		p.space()
		if !p.take(',') {
			p.space()
			if !p.done() {
				return nil, fmt.Errorf("no ',' after the value of %q", key)
			}
		}
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return nil, fmt.Errorf("no %q", k)
		}
	}
	return h, nil
}

// literal scans a Python literal.
type literal struct {
	s string
	i int
}

func (p *literal) done() bool { return p.i >= len(p.s) }

func (p *literal) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *literal) take(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *literal) word(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

// str reads a quoted string without escapes.
func (p *literal) str() (string, error) {
	if p.done() || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
		return "", errors.New("want a quoted string")
	}
	q := p.s[p.i]
	end := strings.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		return "", errors.New("unterminated string")
	}
	v := p.s[p.i+1 : p.i+1+end]
	p.i += end + 2
	return v, nil
}

// tuple reads a tuple of non-negative integers: (), (5,), (8, 80, 3000).
func (p *literal) tuple() ([]int64, error) {
	if !p.take('(') {
		return nil, errors.New("want a tuple")
	}
	var out []int64
	for {
		p.space()
		if p.take(')') {
			return out, nil
		}
		j := p.i
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		if j == p.i {
			return nil, errors.New("want a non-negative integer")
		}
		v, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is too large", p.s[p.i:j])
		}
		out = append(out, v)
		p.i = j
		p.space()
		if !p.take(',') {
			p.space()
			if !p.take(')') {
				return nil, errors.New("want ',' or ')'")
			}
			return out, nil
		}
	}
}

// readFloat32 reads n little-endian float32 values and checks that the
// input ends after them.
func readFloat32(r io.Reader, path string, n int64) ([]float32, error) {
	raw := make([]byte, 4*n)
	if got, err := io.ReadFull(r, raw); err != nil {
		return nil, fmt.Errorf("%s: the data ends after %d of the %d bytes its shape declares", path, got, len(raw))
	}
	var extra [1]byte
	if k, _ := io.ReadFull(r, extra[:]); k > 0 {
		return nil, fmt.Errorf("%s: more data than the %d bytes its shape declares", path, len(raw))
	}
	out := make([]float32, n)
	if err := binary.Read(bytes.NewReader(raw), binary.LittleEndian, out); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}
