package pipeline

import (
	"fmt"
	"strings"
)

// entry is one key of a configuration file with its value and line.
type entry struct {
	key    string   // dotted path: "train.max-steps"
	val    string   // scalar value (list is nil)
	list   []string // list value
	isList bool
	line   int
}

// parseYAML reads the YAML subset that configuration files use (see the
// package documentation): mappings nested at most two deep, scalars, flow
// lists [a, b] and block lists ("- a" lines under a key with no value),
// comments from " #" to the end of a line. Errors name the file and line.
func parseYAML(name, text string) ([]entry, error) {
	var out []entry
	type open struct {
		key    string
		indent int
	}
	var section *open  // a top-level key whose value is a mapping or block list
	var pending *entry // a key with no value yet (mapping or block list follows)
	pendIndent := 0
	childIndent := -1
	seen := map[string]int{}
	add := func(e entry) error {
		if prev, ok := seen[e.key]; ok {
			return fmt.Errorf("%s:%d: key %q already set on line %d", name, e.line, e.key, prev)
		}
		seen[e.key] = e.line
		out = append(out, e)
		return nil
	}
	flush := func() error {
		if pending != nil {
			if !pending.isList {
				// "key:" with nothing under it is an empty value.
				pending.val = ""
			}
			if err := add(*pending); err != nil {
				return err
			}
			pending = nil
		}
		return nil
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, raw := range lines {
		ln := i + 1
		if strings.ContainsRune(raw, '\t') && strings.TrimLeft(raw, " ") != strings.TrimLeft(raw, " \t") {
			return nil, fmt.Errorf("%s:%d: tab in indentation (use spaces)", name, ln)
		}
		body, err := stripComment(raw)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, ln, err)
		}
		if strings.TrimSpace(body) == "" {
			continue
		}
		if ln == 1 && strings.TrimSpace(body) == "---" {
			continue
		}
		indent := len(body) - len(strings.TrimLeft(body, " "))
		body = strings.TrimSpace(body)

		// A block list item belongs to the pending key.
		if strings.HasPrefix(body, "- ") || body == "-" {
			if pending == nil || indent <= pendIndent {
				return nil, fmt.Errorf("%s:%d: list item %q without a key above it", name, ln, body)
			}
			v, err := scalar(strings.TrimSpace(strings.TrimPrefix(body, "-")))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, ln, err)
			}
			pending.isList = true
			pending.list = append(pending.list, v)
			continue
		}
		key, rest, ok := strings.Cut(body, ":")
		if !ok || (rest != "" && rest[0] != ' ') {
			return nil, fmt.Errorf("%s:%d: expected \"key: value\", got %q", name, ln, body)
		}
		key = strings.TrimSpace(key)
		rest = strings.TrimSpace(rest)
		if key == "" || strings.ContainsAny(key, " \"'[]{},") {
			return nil, fmt.Errorf("%s:%d: bad key %q", name, ln, key)
		}
		if pending != nil && pending.isList {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		switch {
		case indent == 0:
			if err := flush(); err != nil {
				return nil, err
			}
			section, childIndent = nil, -1
		case pending != nil && pending.line > 0 && indent > pendIndent && !strings.Contains(pending.key, "."):
			// The pending top-level key opens a mapping.
			section = &open{key: pending.key, indent: pendIndent}
			childIndent = indent
			pending = nil
		case section != nil && indent == childIndent:
			if err := flush(); err != nil {
				return nil, err
			}
		case section != nil:
			return nil, fmt.Errorf("%s:%d: indentation %d does not match the %d of the keys under %q", name, ln, indent, childIndent, section.key)
		default:
			return nil, fmt.Errorf("%s:%d: unexpected indentation (mappings nest at most two deep)", name, ln)
		}
		full := key
		if section != nil {
			full = section.key + "." + key
		}
		if rest == "" {
			pending = &entry{key: full, line: ln}
			pendIndent = indent
			continue
		}
		e := entry{key: full, line: ln}
		if strings.HasPrefix(rest, "[") {
			if !strings.HasSuffix(rest, "]") {
				return nil, fmt.Errorf("%s:%d: unclosed list %q", name, ln, rest)
			}
			e.isList = true
			inner := strings.TrimSpace(rest[1 : len(rest)-1])
			if inner != "" {
				for _, p := range splitFlow(inner) {
					v, err := scalar(strings.TrimSpace(p))
					if err != nil {
						return nil, fmt.Errorf("%s:%d: %w", name, ln, err)
					}
					e.list = append(e.list, v)
				}
			}
		} else if strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, "&") || strings.HasPrefix(rest, "*") || strings.HasPrefix(rest, "|") || strings.HasPrefix(rest, ">") {
			return nil, fmt.Errorf("%s:%d: %q: flow mappings, anchors and block scalars are not supported", name, ln, rest)
		} else {
			v, err := scalar(rest)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, ln, err)
			}
			e.val = v
		}
		if err := add(e); err != nil {
			return nil, err
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// stripComment removes a comment: "#" at the start of the line or after
// white space, outside quotes.
func stripComment(s string) (string, error) {
	end := len(s)
	inQuote := scanUnquoted(s, func(i int) bool {
		if s[i] == '#' && (i == 0 || s[i-1] == ' ') {
			end = i
			return false
		}
		return true
	})
	if inQuote {
		return "", fmt.Errorf("unclosed quote in %q", strings.TrimSpace(s))
	}
	return s[:end], nil
}

// splitFlow splits the inside of a flow list at commas outside quotes.
func splitFlow(s string) []string {
	var out []string
	start := 0
	scanUnquoted(s, func(i int) bool {
		if s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
		return true
	})
	return append(out, s[start:])
}

// scanUnquoted calls visit with the index of each byte of s outside quotes
// ("..." with backslash escapes, or '...'), quote marks excluded, until
// visit returns false. It reports whether s ends inside a quote.
func scanUnquoted(s string, visit func(i int) bool) (inQuote bool) {
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == '\\' && q == '"' {
				i++
			} else if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case !visit(i):
			return false
		}
	}
	return q != 0
}

// scalar unquotes a scalar: "..." (escapes \" \\ \n \t), '...' (” is a
// quote) or a bare word; "~" and "null" are empty.
func scalar(s string) (string, error) {
	switch {
	case s == "~" || s == "null":
		return "", nil
	case strings.HasPrefix(s, `"`):
		if len(s) < 2 || !strings.HasSuffix(s, `"`) {
			return "", fmt.Errorf("bad quoted string %s", s)
		}
		var b strings.Builder
		in := s[1 : len(s)-1]
		for i := 0; i < len(in); i++ {
			c := in[i]
			if c == '"' {
				return "", fmt.Errorf("bad quoted string %s", s)
			}
			if c != '\\' {
				b.WriteByte(c)
				continue
			}
			i++
			if i == len(in) {
				return "", fmt.Errorf("bad escape at the end of %s", s)
			}
			switch in[i] {
			case '"', '\\':
				b.WriteByte(in[i])
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				return "", fmt.Errorf("unsupported escape \\%c in %s", in[i], s)
			}
		}
		return b.String(), nil
	case strings.HasPrefix(s, "'"):
		if len(s) < 2 || !strings.HasSuffix(s, "'") {
			return "", fmt.Errorf("bad quoted string %s", s)
		}
		in := s[1 : len(s)-1]
		if strings.Count(strings.ReplaceAll(in, "''", ""), "'") > 0 {
			return "", fmt.Errorf("bad quoted string %s", s)
		}
		return strings.ReplaceAll(in, "''", "'"), nil
	case strings.HasPrefix(s, "[") || strings.HasPrefix(s, "{"):
		return "", fmt.Errorf("nested collections are not supported: %s", s)
	}
	return s, nil
}
