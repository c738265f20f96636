package conllu

import (
	"os"
	"strings"
	"testing"
)

// ewtDev is UD English-EWT's development set, read from the shared data
// folder beside the repository (never copied into it).
const ewtDev = "../../models/data/ud-ewt/en_ewt-ud-dev.conllu"

const good = `# sent_id = s1
# text = I didn't go.
1	I	I	PRON	PRP	_	4	nsubj	_	_
2-3	didn't	_	_	_	_	_	_	_	_
2	did	do	AUX	VBD	_	4	aux	_	_
3	n't	not	PART	RB	_	4	advmod	_	_
4	go	go	VERB	VB	_	0	root	_	_
4.1	went	go	VERB	VBD	_	_	_	4:conj	_
5	.	.	PUNCT	.	_	4	punct	_	_

# sent_id = s2
1	Hi	hi	INTJ	UH	_	0	root	_	_
`

func TestReadGood(t *testing.T) {
	s, err := Read(strings.NewReader(good), "good.conllu")
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 {
		t.Fatalf("%d sentences, want 2", len(s))
	}
	a := s[0]
	if a.ID != "s1" || a.Text != "I didn't go." || a.Line != 1 {
		t.Errorf("sentence 1 header: %+v", a)
	}
	if len(a.Words) != 5 || len(a.Tokens) != 4 {
		t.Fatalf("words %d tokens %d, want 5 and 4", len(a.Words), len(a.Tokens))
	}
	if a.Words[0].Relation() != "nsubj" || a.Words[0].Head != 4 || a.Words[4].Line != 9 {
		t.Errorf("word 1 or 5 wrong: %+v %+v", a.Words[0], a.Words[4])
	}
	if got := a.Surface(); got != "Ididn'tgo." {
		t.Errorf("surface %q", got)
	}
	cw := a.CharWords()
	want := []int{0, 1, 1, 1, 2, 2, 2, 3, 3, 4}
	if len(cw) != len(want) {
		t.Fatalf("CharWords %v, want %v", cw, want)
	}
	for i := range want {
		if cw[i] != want[i] {
			t.Fatalf("CharWords %v, want %v", cw, want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"fields", "1\tA\ta\tX\tX\t_\t0\troot\t_\n", "x.conllu:1: want 10"},
		{"id order", "1\tA\ta\tX\tX\t_\t0\troot\t_\t_\n3\tB\tb\tX\tX\t_\t1\tdep\t_\t_\n", "x.conllu:2: word ID 3 out of order"},
		{"bad head", "# c\n1\tA\ta\tX\tX\t_\t0\troot\t_\t_\n2\tB\tb\tX\tX\t_\tx\tdep\t_\t_\n", "x.conllu:3: word 2: bad HEAD"},
		{"head range", "1\tA\ta\tX\tX\t_\t0\troot\t_\t_\n2\tB\tb\tX\tX\t_\t7\tdep\t_\t_\n", "x.conllu:2: HEAD 7"},
		{"self head", "1\tA\ta\tX\tX\t_\t1\troot\t_\t_\n", "x.conllu:1: word 1 is its own head"},
		{"no deprel", "\n\n1\tA\ta\tX\tX\t_\t0\t_\t_\t_\n", "x.conllu:3: word 1 has no DEPREL"},
		{"range", "1-x\tAB\t_\t_\t_\t_\t_\t_\t_\t_\n", "x.conllu:1: bad multiword token range"},
		{"range past end", "1-3\tAB\t_\t_\t_\t_\t_\t_\t_\t_\n1\tA\ta\tX\tX\t_\t0\troot\t_\t_\n2\tB\tb\tX\tX\t_\t1\tdep\t_\t_\n", "x.conllu:1: multiword token range runs past"},
		{"comments only", "# text = x\n\n", "x.conllu:1: sentence has comments but no words"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.text), "x.conllu")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestMatch(t *testing.T) {
	s, err := Read(strings.NewReader(good), "good.conllu")
	if err != nil {
		t.Fatal(err)
	}
	if err := Match(s, []string{"I didn't go .", "Hi"}); err != nil {
		t.Errorf("matching text refused: %v", err)
	}
	err = Match(s, []string{"I didn't go .", "Hello"})
	if err == nil || !strings.Contains(err.Error(), "sentence 2 (s2, line 11)") {
		t.Errorf("mismatch error %v, want one naming sentence 2 (s2, line 11)", err)
	}
	if err := Match(s, []string{"I didn't go ."}); err == nil {
		t.Error("count mismatch accepted")
	}
}

func TestEWTDev(t *testing.T) {
	s, err := ReadFile(ewtDev)
	if err != nil {
		t.Fatalf("reading the shared UD English-EWT dev set: %v", err)
	}
	// The file's own count of `# text` comments.
	raw, err := os.ReadFile(ewtDev)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Count(string(raw), "\n# text = ")
	if strings.HasPrefix(string(raw), "# text = ") {
		want++
	}
	if len(s) != want {
		t.Fatalf("%d sentences, file has %d `# text` lines", len(s), want)
	}
	var texts []string
	for _, x := range s {
		texts = append(texts, x.Text)
		if len(x.CharWords()) != len([]rune(x.Surface())) {
			t.Fatalf("sentence %s: CharWords does not cover the surface", x.ID)
		}
	}
	if err := Match(s, texts); err != nil {
		t.Errorf("the file's own texts do not match its trees: %v", err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(good)
	f.Add("1\tA\ta\tX\tX\t_\t0\troot\t_\t_\n\n")
	f.Add("1-2\tAB\t_\t_\t_\t_\t_\t_\t_\t_\n1\tA\ta\tX\tX\t_\t0\troot\t_\t_\n2\tB\tb\tX\tX\t_\t1\tdep\t_\t_\n")
	f.Add("# text = x\n1.1\tA\t_\t_\t_\t_\t_\t_\t_\t_\n")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Read(strings.NewReader(in), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "conllu: fuzz:") {
				t.Fatalf("error without file and line: %v", err)
			}
			return
		}
		for _, x := range s {
			if len(x.Words) == 0 {
				t.Fatal("sentence without words accepted")
			}
			for i, w := range x.Words {
				if w.ID != i+1 || w.Head < 0 || w.Head > len(x.Words) || w.Head == w.ID {
					t.Fatalf("bad word accepted: %+v", w)
				}
			}
			if n := len(x.CharWords()); n != len([]rune(x.Surface())) {
				t.Fatalf("CharWords covers %d of %d runes", n, len([]rune(x.Surface())))
			}
			for _, c := range x.CharWords() {
				if c < 0 || c >= len(x.Words) {
					t.Fatalf("CharWords has word %d of %d", c, len(x.Words))
				}
			}
		}
	})
}
