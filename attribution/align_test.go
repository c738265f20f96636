package attribution

import (
	"slices"
	"strings"
	"testing"

	"onnxprune/attribution/conllu"
)

func TestAlignWords(t *testing.T) {
	const tree = "1\tI\tI\tPRON\tPRP\t_\t4\tnsubj\t_\t_\n2-3\tdidn't\t_\t_\t_\t_\t_\t_\t_\t_\n2\tdid\tdo\tAUX\tVBD\t_\t4\taux\t_\t_\n3\tn't\tnot\tPART\tRB\t_\t4\tadvmod\t_\t_\n4\tgo\tgo\tVERB\tVB\t_\t0\troot\t_\t_\n"
	s, err := conllu.Read(strings.NewReader(tree), "t")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		pieces []string
		want   []int
		ok     bool
	}{
		{[]string{"▁I", "▁did", "n", "'t", "▁go", ""}, []int{0, 1, 2, 2, 3, -1}, true},
		{[]string{"▁I", "▁didn't", "▁go"}, []int{0, 1, 3}, true},
		{[]string{"▁I", "▁do", "n't", "▁go"}, nil, false},
		{[]string{"▁I", "▁did"}, nil, false},
		{[]string{"▁I", "▁did", UnknownPiece, "t", "▁go"}, []int{0, 1, 2, 2, 3}, true},
		{[]string{"▁I", "▁did", "n", "'t", "▁", UnknownPiece}, []int{0, 1, 2, 2, -1, 3}, true},
		{[]string{UnknownPiece, UnknownPiece, "dn't", "▁go"}, []int{0, 1, 1, 3}, true},
	}
	for _, c := range cases {
		got, ok := AlignWords(c.pieces, s[0])
		if ok != c.ok || !slices.Equal(got, c.want) {
			t.Errorf("AlignWords(%q) = %v, %v; want %v, %v", c.pieces, got, ok, c.want, c.ok)
		}
	}
}
