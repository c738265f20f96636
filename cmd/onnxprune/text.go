package main

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable returns s with every character that is not graphic (control
// characters such as ESC, CR, LF and BEL, C1 controls, bidirectional and
// other format characters, invalid UTF-8) written as a Go escape (\x1b,
// \r, \u202e). Every string that comes from a model and is printed for a
// person goes through it, so that a model cannot move the cursor, retitle
// the window or forge lines on the terminal.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsGraphic(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsGraphic(r):
			b.WriteRune(r)
		default:
			q := strings.Trim(fmt.Sprintf("%+q", string(r)), `"`)
			b.WriteString(q)
		}
		i += size
	}
	return b.String()
}

// checkedWriter passes writes to w and keeps the first error, so that a
// command that prints with fmt.Fprintf can still fail when its output
// cannot be written (a full disk, a closed pipe).
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}
