package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"encoder.layers.0.q_proj", "encoder.layers.0.q_proj"},
		{"编码器 Ünïcode", "编码器 Ünïcode"},
		{"a\x1b[31mred", `a\x1b[31mred`},
		{"title\x1b]0;owned\x07", `title\x1b]0;owned\a`},
		{"cr\rlf\nnul\x00", `cr\rlf\nnul\x00`},
		{"c1\u009b31m", `c1\u009b31m`},
		{"bidi\u202eevil", `bidi\u202eevil`},
		{"bad\xffutf8", `bad\xffutf8`},
		{"del\x7f", `del\x7f`},
	} {
		if got := printable(c.in); got != c.want {
			t.Errorf("printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// terminalSafe reports the first byte sequence of s a terminal would act
// on: a C0 control other than newline, DEL, or a C1 control.
func terminalSafe(s string) (string, bool) {
	for i, r := range s {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r <= 0x9f) || r == 0x202e {
			return s[max(0, i-10):min(len(s), i+10)], false
		}
	}
	return "", true
}

// TestInspectEscapesModelStrings: control characters in producer_name,
// opset domains, value names, symbolic dims, op types and initializer names
// never reach the terminal raw, from inspect, inspect --heads or an error.
func TestInspectEscapesModelStrings(t *testing.T) {
	dir := t.TempDir()
	good := smallModel(t, dir)
	evil := filepath.Join(dir, "evil.onnx")
	const esc = "\x1b]0;owned\x07\x1b[2J\r\nforged\u009b31m\u202e"
	rewrite(t, good, evil, func(m *onnxpb.ModelProto) {
		m.ProducerName = proto.String("exporter" + esc)
		m.ProducerVersion = proto.String("1" + esc)
		m.DocString = proto.String("doc" + esc)
		m.MetadataProps = append(m.MetadataProps, &onnxpb.StringStringEntryProto{Key: proto.String("k" + esc), Value: proto.String("v" + esc)})
		m.OpsetImport = append(m.OpsetImport, &onnxpb.OperatorSetIdProto{Domain: proto.String("evil" + esc), Version: proto.Int64(1)})
		g := m.Graph
		rename := func(old, new string) {
			for _, n := range g.Node {
				for i, in := range n.Input {
					if in == old {
						n.Input[i] = new
					}
				}
				for i, out := range n.Output {
					if out == old {
						n.Output[i] = new
					}
				}
			}
			for _, vs := range [][]*onnxpb.ValueInfoProto{g.Input, g.Output, g.ValueInfo} {
				for _, v := range vs {
					if v.GetName() == old {
						v.Name = proto.String(new)
					}
				}
			}
			for _, init := range g.Initializer {
				if init.GetName() == old {
					init.Name = proto.String(new)
				}
			}
		}
		rename(g.Input[0].GetName(), "ids"+esc)
		rename(g.Output[0].GetName(), "logits"+esc)
		for _, d := range g.Input[0].GetType().GetTensorType().GetShape().GetDim() {
			if d.GetDimParam() != "" {
				d.Value = &onnxpb.TensorShapeProto_Dimension_DimParam{DimParam: "batch" + esc}
			}
		}
		g.Node[0].DocString = proto.String("node doc" + esc)
		g.Node[0].Name = proto.String("node" + esc)
		for _, init := range g.Initializer {
			if strings.Contains(init.GetName(), "q_proj") || strings.Contains(init.GetName(), "query") {
				rename(init.GetName(), init.GetName()+esc)
			}
		}
	})
	broken := filepath.Join(dir, "broken.onnx")
	rewrite(t, evil, broken, func(m *onnxpb.ModelProto) {
		m.Graph.Initializer[0].Name = proto.String("w" + esc)
		m.Graph.Initializer[0].Dims[0] = -1
	})
	env := os.Environ()
	for _, args := range [][]string{
		{"inspect", evil},
		{"inspect", "--heads", evil},
		{"inspect", broken},
	} {
		r := runE2E(t, env, args...)
		if r.code != 0 && args[1] != broken {
			t.Errorf("%s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
		for what, text := range map[string]string{"stdout": r.stdout, "stderr": r.stderr} {
			if bad, ok := terminalSafe(text); !ok {
				t.Errorf("%s: %s holds a raw control character near %q", strings.Join(args, " "), what, bad)
			}
		}
		if args[1] == evil && !strings.Contains(r.stdout, `exporter\x1b]0;owned\a`) {
			t.Errorf("%s: producer not shown escaped:\n%s", strings.Join(args, " "), r.stdout)
		}
	}
}

// TestInspectStdoutErrors: inspect (text, --heads, --json) exits 2 naming
// the failure when its output cannot be written (/dev/full).
func TestInspectStdoutErrors(t *testing.T) {
	dir := t.TempDir()
	model := smallModel(t, dir)
	for _, args := range [][]string{
		{"inspect", model},
		{"inspect", "--heads", model},
		{"inspect", "--json", model},
		{"gate", model, "-o", filepath.Join(dir, "gated.onnx")},
	} {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(testBinary(t), args...)
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = full, &stderr
		err = cmd.Run()
		full.Close()
		if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%s > /dev/full: exit %d (%v), want 2 naming the write error\n%s", strings.Join(args, " "), code, err, stderr.String())
		}
	}
}
