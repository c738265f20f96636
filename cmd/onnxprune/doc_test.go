package main

// TestDocCommands runs every command that README.md and docs/*.md show, and
// every example of every command's --help, with a freshly built binary,
// against the files of the repository.
//
// The convention the documents follow:
//
//   - A fenced block whose info string is `sh` or `console` holds commands;
//     other blocks (plain, yaml, json) are not run. In a `console` block a
//     command starts with "$ " and the lines after it, up to the next "$ ",
//     are its output; in an `sh` block every line is a command. A line
//     ending in "\" continues on the next.
//   - Commands run from the repository root, or from the folder named by an
//     HTML comment `<!-- cwd: DIR -->` on the line before the fence. The
//     binary is bin/onnxprune (as `make build` writes it).
//   - `<!-- doc-test: skip REASON -->` on the line before the fence skips a
//     block (make test itself, the 2-minute demo, GPU-only commands); the
//     reason is required.
//   - The blocks of one document run in order in one shell, so a variable
//     set in one block serves the later ones; each command must exit 0
//     (pipefail is on; 141, a writer whose reader such as head stopped
//     early, counts as success).
//
// The test runs in a scratch folder that links every top-level entry of the
// repository and holds the new binary in bin/, so nothing is written into
// the repository. With -update-docs the output shown under each `console`
// command is replaced by what the command printed (stdout and stderr), so
// the documents show real output, regenerated, never typed.

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// docFiles returns the documents whose command blocks are run: README.md
// and every docs/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs/*.md (%v)", err)
	}
	files := []string{"README.md"}
	for _, d := range docs {
		files = append(files, filepath.ToSlash(strings.TrimPrefix(d, "../../")))
	}
	return files
}

// docCommand is one command of a document, with the output the document
// shows under it.
type docCommand struct {
	line     int // first line of the command in the document
	cwd      string
	text     string // the command, continuation lines joined with "\n"
	outStart int    // first output line (0-based index into the file's lines), console only
	outEnd   int    // one past the last output line
	console  bool
}

var (
	cwdMark  = regexp.MustCompile(`^<!-- cwd: (\S+) -->$`)
	skipMark = regexp.MustCompile(`^<!-- doc-test: skip (.+) -->$`)
)

// parseDocCommands returns the commands of a document's `sh` and
// `console` blocks, and the number of blocks skipped.
func parseDocCommands(t *testing.T, name string, lines []string) (cmds []docCommand, skipped int) {
	for i := 0; i < len(lines); i++ {
		info, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		open := i
		i = end
		if info != "sh" && info != "console" {
			continue
		}
		cwd, skip := ".", false
		if open > 0 {
			if m := cwdMark.FindStringSubmatch(lines[open-1]); m != nil {
				cwd = m[1]
			}
			skip = skipMark.MatchString(lines[open-1])
		}
		if skip {
			skipped++
			continue
		}
		console := info == "console"
		for j := open + 1; j < end; j++ {
			l := lines[j]
			if console {
				c, ok := strings.CutPrefix(l, "$ ")
				if !ok {
					if len(cmds) == 0 || cmds[len(cmds)-1].line <= open {
						t.Errorf("%s:%d: console block output before any command", name, j+1)
					}
					continue
				}
				l = c
			}
			if strings.TrimSpace(l) == "" {
				continue
			}
			cmd := docCommand{line: j + 1, cwd: cwd, text: l, console: console}
			for strings.HasSuffix(cmd.text, `\`) && j+1 < end {
				j++
				cmd.text += "\n" + lines[j]
			}
			if console {
				cmd.outStart = j + 1
				k := j + 1
				for k < end && !strings.HasPrefix(lines[k], "$ ") {
					k++
				}
				cmd.outEnd = k
			}
			cmds = append(cmds, cmd)
		}
	}
	return cmds, skipped
}

// helpExamples returns the example commands of every command's --help.
func helpExamples(t *testing.T) []docCommand {
	var out []docCommand
	for _, c := range commands() {
		for _, l := range splitContinued(c.example) {
			l = strings.TrimSpace(l)
			if l == "" {
				continue
			}
			if !strings.HasPrefix(l, "bin/onnxprune ") {
				t.Errorf("%s --help example does not start with bin/onnxprune: %q", c.name, l)
			}
			out = append(out, docCommand{cwd: ".", text: l})
		}
	}
	return out
}

// splitContinued splits text into lines, joining a line that ends in "\"
// with the next.
func splitContinued(text string) []string {
	var out []string
	cur := ""
	for _, l := range strings.Split(text, "\n") {
		cur += l
		if strings.HasSuffix(l, `\`) {
			cur += "\n"
			continue
		}
		out = append(out, cur)
		cur = ""
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// docScratch makes the scratch folder: every top-level entry of the
// repository linked, and bin/onnxprune a copy of the package's test binary
// (built from this checkout once per test process).
func docScratch(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "bin" || e.Name() == ".git" {
			continue
		}
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	if err := copyFile(testBinary(t), filepath.Join(dir, "bin", "onnxprune")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".ort/lib/libonnxruntime.so.1")); err != nil {
		t.Fatalf("the documented commands need ONNX Runtime: run make ort (%v)", err)
	}
	return dir
}

// copyFile copies the executable at src to dst, making dst's folder.
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o755)
}

const docMarker = "@@onnxprune-doc-command-end@@"

// runDocScript runs cmds in order in one bash process from dir and
// returns each command's output (stdout and stderr together). A command
// that fails stops the script; the error names it.
func runDocScript(t *testing.T, dir, what string, cmds []docCommand) []string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "set -o pipefail\nexport PATH=\"$PWD/bin:$PATH\"\nroot=$PWD\necho \"%s start $(date +%%s.%%N)\"\n", docMarker)
	// The documents write under /tmp; each run of the test gets a /tmp of
	// its own, so that two runs at once (two checkouts) cannot collide.
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, c := range cmds {
		fmt.Fprintf(&b, "cd \"$root/%s\" || exit 101\n{\n%s\n} 2>&1 || { rc=$?; [ $rc = 141 ] || { echo; echo '%s FAILED %d' $rc; exit 100; }; }\necho; echo \"%s %d $(date +%%s.%%N)\"\n", c.cwd, strings.ReplaceAll(c.text, "/tmp/", tmp+"/"), docMarker, i, docMarker, i)
	}
	cmd := exec.Command("bash", "-c", b.String())
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	start := time.Now()
	out, err := cmd.Output()
	t.Logf("%s: %d commands in %.1fs", what, len(cmds), time.Since(start).Seconds())
	outputs := make([]string, len(cmds))
	done := 0 // commands finished
	last := 0.0
	var cur []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		l := sc.Text()
		if !strings.HasPrefix(l, docMarker+" ") {
			cur = append(cur, l)
			continue
		}
		if strings.Contains(l, "FAILED") {
			break
		}
		if t0, ok := strings.CutPrefix(l, docMarker+" start "); ok {
			fmt.Sscanf(t0, "%f", &last)
			cur = nil
			continue
		}
		// The marker line follows an empty line the script adds.
		if len(cur) > 0 && cur[len(cur)-1] == "" {
			cur = cur[:len(cur)-1]
		}
		if done < len(outputs) {
			var idx int
			var at float64
			if _, err := fmt.Sscanf(strings.TrimPrefix(l, docMarker+" "), "%d %f", &idx, &at); err == nil {
				if last > 0 {
					t.Logf("%.1fs  %s", at-last, strings.SplitN(cmds[done].text, "\n", 2)[0])
				}
				last = at
			}
			outputs[done] = strings.ReplaceAll(strings.Join(cur, "\n"), tmp+"/", "/tmp/")
			done++
		}
		cur = nil
	}
	if err != nil {
		if done < len(cmds) {
			c := cmds[done]
			t.Fatalf("%s: command at line %d failed (%v):\n%s\noutput:\n%s", what, c.line, err, c.text, strings.Join(cur, "\n"))
		}
		t.Fatalf("%s: %v\n%s", what, err, out)
	}
	return outputs
}

func TestDocCommands(t *testing.T) {
	dir := docScratch(t)
	// Help examples first: the documents may use their outputs.
	t.Run("help", func(t *testing.T) {
		runDocScript(t, dir, "--help examples", helpExamples(t))
	})
	for _, name := range docFiles(t) {
		t.Run(strings.ReplaceAll(name, "/", ":"), func(t *testing.T) {
			path := filepath.Join("../..", name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			cmds, skipped := parseDocCommands(t, name, lines)
			t.Logf("%s: %d commands, %d blocks skipped", name, len(cmds), skipped)
			if len(cmds) == 0 {
				return
			}
			outputs := runDocScript(t, dir, name, cmds)
			if !*updateDocs {
				return
			}
			// Replace the shown outputs, last first so indices hold.
			for i := len(cmds) - 1; i >= 0; i-- {
				c := cmds[i]
				if !c.console {
					continue
				}
				var shown []string
				if outputs[i] != "" {
					shown = strings.Split(strings.ReplaceAll(outputs[i], dir, "."), "\n")
				}
				lines = append(lines[:c.outStart], append(shown, lines[c.outEnd:]...)...)
			}
			if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
}

var generatedMark = regexp.MustCompile(`^<!-- generated: (\S+) without comment lines -->$`)

// withoutComments returns a configuration file's text without its comment
// lines, runs of blank lines collapsed.
func withoutComments(text string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if strings.TrimSpace(l) == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// TestDocGenerated: a block marked `<!-- generated: FILE without comment
// lines -->` shows FILE as it is, comment lines cut (-update-docs rewrites
// it).
func TestDocGenerated(t *testing.T) {
	for _, name := range docFiles(t) {
		path := filepath.Join("../..", name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		changed := false
		for i := 0; i+1 < len(lines); i++ {
			m := generatedMark.FindStringSubmatch(lines[i])
			if m == nil || !strings.HasPrefix(lines[i+1], "```") {
				continue
			}
			end := i + 2
			for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
				end++
			}
			src, err := os.ReadFile(filepath.Join("../..", m[1]))
			if err != nil {
				t.Fatalf("%s:%d: %v", name, i+1, err)
			}
			want := withoutComments(string(src))
			if strings.Join(lines[i+2:end], "\n") == strings.Join(want, "\n") {
				continue
			}
			if !*updateDocs {
				t.Errorf("%s:%d: the block differs from %s: run go test ./cmd/onnxprune -run TestDocGenerated -update-docs", name, i+1, m[1])
				continue
			}
			lines = append(lines[:i+2], append(want, lines[end:]...)...)
			changed = true
		}
		if changed {
			if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
