// Package svgcheck reads an SVG chart written by onnxprune and checks its
// text against the drawing area, for the chart tests: every text must lie
// inside the viewBox (its width estimated from its length and font size).
//
// The estimate takes 0.62 em per character, a little wider than the
// average sans-serif glyph, so a text that passes fits with the usual
// fonts. Positions may be shifted by translate(x,y) on enclosing groups;
// any other transform on a text or group is an error, as is a text
// without an x or y.
package svgcheck

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// charWidth is the estimated glyph width in em.
const charWidth = 0.62

// Text is one text element: its content, anchor point, font size and the
// estimated box it covers.
type Text struct {
	Content                string
	X, Y, FontSize         float64
	Left, Right, Top, Base float64
}

// Doc is a parsed chart.
type Doc struct {
	// Width and Height are the viewBox's size (or the width and height
	// attributes where there is no viewBox).
	Width, Height float64
	Texts         []Text
	// Elements counts the elements by name (rect, circle, line, …).
	Elements map[string]int
	// Titles are the contents of the <title> tooltips, in order.
	Titles []string
}

// Parse reads an SVG document.
func Parse(svg []byte) (*Doc, error) {
	d := &Doc{Elements: map[string]int{}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	type frame struct {
		dx, dy, size float64
		name         string
	}
	stack := []frame{{size: 16}}
	var text *Text
	var title *strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("svgcheck: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			top := stack[len(stack)-1]
			f := frame{dx: top.dx, dy: top.dy, size: top.size, name: t.Name.Local}
			attr := map[string]string{}
			for _, a := range t.Attr {
				attr[a.Name.Local] = a.Value
			}
			if v, ok := attr["font-size"]; ok {
				if f.size, err = strconv.ParseFloat(strings.TrimSuffix(v, "px"), 64); err != nil {
					return nil, fmt.Errorf("svgcheck: <%s> font-size %q", t.Name.Local, v)
				}
			}
			if tr, ok := attr["transform"]; ok {
				dx, dy, err := translate(tr)
				if err != nil {
					return nil, fmt.Errorf("svgcheck: <%s>: %w", t.Name.Local, err)
				}
				f.dx, f.dy = f.dx+dx, f.dy+dy
			}
			d.Elements[t.Name.Local]++
			switch t.Name.Local {
			case "svg":
				if len(stack) == 1 {
					if err := d.size(attr); err != nil {
						return nil, err
					}
				}
			case "text":
				x, errX := strconv.ParseFloat(attr["x"], 64)
				y, errY := strconv.ParseFloat(attr["y"], 64)
				if errX != nil || errY != nil {
					return nil, fmt.Errorf("svgcheck: <text> without numeric x and y (x=%q y=%q)", attr["x"], attr["y"])
				}
				text = &Text{X: x + f.dx, Y: y + f.dy, FontSize: f.size}
				switch attr["text-anchor"] {
				case "middle":
					text.Left = -0.5
				case "end":
					text.Left = -1
				}
			case "title":
				title = &strings.Builder{}
			}
			stack = append(stack, f)
		case xml.CharData:
			if text != nil {
				text.Content += string(t)
			}
			if title != nil {
				title.Write(t)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch t.Name.Local {
			case "text":
				w := float64(utf8.RuneCountInString(text.Content)) * charWidth * text.FontSize
				text.Left = text.X + text.Left*w
				text.Right = text.Left + w
				text.Top, text.Base = text.Y-0.8*text.FontSize, text.Y+0.2*text.FontSize
				d.Texts = append(d.Texts, *text)
				text = nil
			case "title":
				d.Titles = append(d.Titles, title.String())
				title = nil
			}
		}
	}
	if d.Width <= 0 || d.Height <= 0 {
		return nil, fmt.Errorf("svgcheck: no size: the root <svg> needs a viewBox or width and height")
	}
	return d, nil
}

func (d *Doc) size(attr map[string]string) error {
	if vb := strings.Fields(strings.ReplaceAll(attr["viewBox"], ",", " ")); len(vb) == 4 {
		var v [4]float64
		for i, s := range vb {
			var err error
			if v[i], err = strconv.ParseFloat(s, 64); err != nil {
				return fmt.Errorf("svgcheck: viewBox %q", attr["viewBox"])
			}
		}
		if v[0] != 0 || v[1] != 0 {
			return fmt.Errorf("svgcheck: viewBox %q does not start at 0 0", attr["viewBox"])
		}
		d.Width, d.Height = v[2], v[3]
		return nil
	}
	d.Width, _ = strconv.ParseFloat(attr["width"], 64)
	d.Height, _ = strconv.ParseFloat(attr["height"], 64)
	return nil
}

// translate reads "translate(x,y)" or "translate(x)".
func translate(tr string) (float64, float64, error) {
	body, ok := strings.CutPrefix(strings.TrimSpace(tr), "translate(")
	body, ok2 := strings.CutSuffix(body, ")")
	if !ok || !ok2 {
		return 0, 0, fmt.Errorf("transform %q is not a translate", tr)
	}
	f := strings.Fields(strings.ReplaceAll(body, ",", " "))
	var v [2]float64
	for i, s := range f {
		if i > 1 {
			return 0, 0, fmt.Errorf("transform %q", tr)
		}
		var err error
		if v[i], err = strconv.ParseFloat(s, 64); err != nil {
			return 0, 0, fmt.Errorf("transform %q", tr)
		}
	}
	return v[0], v[1], nil
}

// Outside lists the texts that reach outside the viewBox, as messages.
func (d *Doc) Outside() []string {
	var out []string
	for _, t := range d.Texts {
		if t.Left < 0 || t.Right > d.Width || t.Top < 0 || t.Base > d.Height {
			out = append(out, fmt.Sprintf("text %q spans x %.0f…%.0f, y %.0f…%.0f outside the %gx%g viewBox", t.Content, t.Left, t.Right, t.Top, t.Base, d.Width, d.Height))
		}
	}
	return out
}

// Count returns how many texts have exactly the content s.
func (d *Doc) Count(s string) int {
	n := 0
	for _, t := range d.Texts {
		if t.Content == s {
			n++
		}
	}
	return n
}

// Has says whether some text contains s.
func (d *Doc) Has(s string) bool {
	for _, t := range d.Texts {
		if strings.Contains(t.Content, s) {
			return true
		}
	}
	return false
}
