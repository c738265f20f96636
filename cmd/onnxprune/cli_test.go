package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"onnxprune/pipeline"
)

// updateDocs rewrites the generated documentation (docs/cli.md) instead of
// comparing it: go test ./cmd/onnxprune -run TestCLIReference -update-docs
var updateDocs = flag.Bool("update-docs", false, "rewrite docs/cli.md from the flag sets")

const cliDoc = "../../docs/cli.md"

// commandFlagSets returns every command's flag set, in help order, as the
// command binds it (flagSetSink stops each command before parsing).
func commandFlagSets(t *testing.T) []*pflag.FlagSet {
	t.Helper()
	var sets []*pflag.FlagSet
	flagSetSink = func(fs *pflag.FlagSet) { sets = append(sets, fs) }
	defer func() { flagSetSink = nil }()
	for _, c := range commands() {
		n := len(sets)
		if err := c.run(context.Background(), nil, io.Discard, io.Discard); err != errHelp {
			t.Fatalf("%s: flag set not reached: %v", c.name, err)
		}
		if len(sets) != n+1 || sets[n].Name() != c.name {
			t.Fatalf("%s: got no flag set of its own", c.name)
		}
	}
	return sets
}

// cliReference renders docs/cli.md: one table per command of every
// visible flag (name, type, default, help), then the deprecated spellings.
func cliReference(sets []*pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString(`# Command-line reference

Generated from the commands' flag sets by ` + "`go test ./cmd/onnxprune -run TestCLIReference -update-docs`" + `;
` + "`make test`" + ` fails when this file is stale. A flag that several commands have means
the same thing in each, with the same type and help text (TestFlagVocabulary checks
it); where the help differs, it says what that command does with it.

**Output rule** (every command that writes): an output that exists is an error unless
` + "`--overwrite`" + ` is given (` + "`train --resume`" + ` and a rerun of ` + "`run`" + ` continue their own folder);
anything but a regular file or folder is never replaced; outputs are written to a
temporary name and renamed into place, and a command that fails leaves no output behind
(no empty folder; verify and analyze keep a partial report, marked so, when interrupted,
and train keeps its checkpoint).

`)
	var deprecated []string
	for _, fs := range sets {
		fmt.Fprintf(&b, "## %s\n\n| flag | type | default | meaning |\n|---|---|---|---|\n", fs.Name())
		fs.VisitAll(func(f *pflag.Flag) {
			if f.Hidden {
				if strings.HasPrefix(f.Usage, "deprecated: ") {
					deprecated = append(deprecated, fmt.Sprintf("| %s | `--%s` | %s |", fs.Name(), f.Name, cell(strings.TrimPrefix(f.Usage, "deprecated: use "))))
				}
				return
			}
			name := "`--" + f.Name + "`"
			if f.Shorthand != "" {
				name = "`-" + f.Shorthand + "`, " + name
			}
			typ := f.Value.Type()
			if typ == "float64" {
				typ = "float"
			}
			def := f.DefValue
			switch def {
			case "", "[]", "false":
				def = ""
			default:
				def = "`" + def + "`"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", name, typ, def, cell(f.Usage))
		})
		b.WriteString("\n")
	}
	b.WriteString("## Deprecated spellings\n\nAccepted for one more release; each prints a one-line notice on stderr.\n\n| command | old | use |\n|---|---|---|\n")
	for old, use := range pipeline.DeprecatedKeys {
		deprecated = append(deprecated, fmt.Sprintf("| run (configuration key) | `%s:` | `%s:` |", old, use))
	}
	deprecated = append(deprecated, "| verify | `--provider` repeated | `--provider P --bench-provider Q,...` |")
	sort.Strings(deprecated)
	for _, d := range deprecated {
		b.WriteString(d + "\n")
	}
	return b.String()
}

func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}

// TestCLIReference: docs/cli.md is what the flag sets say.
func TestCLIReference(t *testing.T) {
	got := cliReference(commandFlagSets(t))
	if *updateDocs {
		if err := os.WriteFile(cliDoc, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(cliDoc)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s is stale: run go test ./cmd/onnxprune -run TestCLIReference -update-docs", cliDoc)
	}
}

// perCommandHelp are the flags whose help says what the command does with
// them (what it writes, which data set it reads for what, which decision
// it compares); their type is still one.
var perCommandHelp = map[string]string{
	"output":        "what is written differs per command",
	"train":         "a data set: its use differs per command",
	"dev":           "a data set: its use differs per command",
	"test":          "a data set: its use differs per command",
	"gates":         "prune cuts by it, verify checks it, analyze compares it",
	"json":          "inspect and score print different documents",
	"beam":          "run's applies to the test translations of verify",
	"bench-batch":   "run's applies to verify's timing stage",
	"repeats":       "run's applies to verify's timing stage",
	"rounds":        "run's applies to verify's timing stage",
	"no-bench":      "run's skips verify's timing stage",
	"max-bleu-drop": "run's applies to verify's test BLEU",
	"model":         "run's only: a file, encoder and decoder, or a folder",
	"heads":         "inspect's only",
	"max-steps":     "run's 0 skips training and prunes by a ranking",
	"max-tokens":    "loss runs no backward pass and batches more tokens by default",
}

// differentConcept are names that mean different things in different
// commands, with the reason they keep one name.
var differentConcept = map[string]string{
	"seed": "score's seeds sacreBLEU's bootstrap (its SACREBLEU_SEED); train's and run's the gate noise",
}

// TestFlagVocabulary: a flag name means one thing: the same type, default
// and help text in every command that has it (beyond the documented
// exceptions above).
func TestFlagVocabulary(t *testing.T) {
	type seen struct {
		cmd string
		f   *pflag.Flag
	}
	byName := map[string][]seen{}
	for _, fs := range commandFlagSets(t) {
		fs.VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				byName[f.Name] = append(byName[f.Name], seen{fs.Name(), f})
			}
		})
	}
	for name, uses := range byName {
		if differentConcept[name] != "" {
			continue
		}
		first := uses[0]
		for _, u := range uses[1:] {
			if u.f.Value.Type() != first.f.Value.Type() {
				t.Errorf("--%s: type %s in %s, %s in %s", name, first.f.Value.Type(), first.cmd, u.f.Value.Type(), u.cmd)
			}
			if u.f.Shorthand != first.f.Shorthand {
				t.Errorf("--%s: shorthand %q in %s, %q in %s", name, first.f.Shorthand, first.cmd, u.f.Shorthand, u.cmd)
			}
			if perCommandHelp[name] != "" {
				continue
			}
			if u.f.Usage != first.f.Usage {
				t.Errorf("--%s: help differs between %s and %s:\n  %s\n  %s", name, first.cmd, u.cmd, first.f.Usage, u.f.Usage)
			}
			if u.f.DefValue != first.f.DefValue {
				t.Errorf("--%s: default %q in %s, %q in %s", name, first.f.DefValue, first.cmd, u.f.DefValue, u.cmd)
			}
		}
	}
	// The decided spellings exist on every command that takes the concept.
	for _, want := range []struct {
		flag string
		cmds []string
	}{
		{"tokenizer", []string{"train", "translate", "verify", "analyze", "run"}},
		{"specials", []string{"train", "translate", "verify", "analyze", "run"}},
		{"ids", []string{"train", "translate", "verify", "analyze", "run"}},
		{"output", []string{"train", "gate", "prune", "translate", "verify", "analyze", "run"}},
		{"overwrite", []string{"train", "gate", "prune", "translate", "verify", "analyze", "run"}},
		{"provider", []string{"train", "translate", "verify", "analyze", "run"}},
		{"remove", []string{"prune", "verify"}},
		{"max-sentences", []string{"analyze", "run"}},
		{"allow-dir", []string{"inspect", "gate", "prune", "train", "translate", "verify", "analyze", "run"}},
	} {
		have := map[string]bool{}
		for _, u := range byName[want.flag] {
			have[u.cmd] = true
		}
		for _, c := range want.cmds {
			if !have[c] {
				t.Errorf("%s has no --%s", c, want.flag)
			}
		}
	}
}
