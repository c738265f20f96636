package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"onnxprune/internal/features"
	"onnxprune/internal/safefile"
	"onnxprune/ortrun"
	"onnxprune/verify"
	"onnxprune/verify/score"
	"onnxprune/verify/tokenize"
)

// textFlags say how sentences become token ids: the tokenizer (or --ids)
// and the special ids. Every command that reads sentences binds them.
type textFlags struct {
	tokenizer string
	vocab     string
	specials  string
	ids       bool
}

func (f *textFlags) bind(fs *pflag.FlagSet, dep *deprecations) {
	fs.StringVar(&f.tokenizer, "tokenizer", "", tokenizerHelp)
	dep.rename("spm", "tokenizer")
	fs.StringVar(&f.vocab, "vocab", "", vocabHelp)
	fs.StringVar(&f.specials, "specials", "", specialsHelp)
	fs.BoolVar(&f.ids, "ids", false, idsHelp)
}

// modelFlags are the flags that open a translation model (shared by
// translate, verify and analyze).
type modelFlags struct {
	text     textFlags
	srcBOS   bool
	noSrcEOS bool
	noCache  bool
	session  sessionFlags
	// allowDirs are extra directories the model's external data may live in.
	allowDirs []string
}

func (f *modelFlags) bind(fs *pflag.FlagSet, dep *deprecations) {
	f.text.bind(fs, dep)
	fs.BoolVar(&f.srcBOS, "src-bos", false, "start each source with BOS (BART)")
	fs.BoolVar(&f.noSrcEOS, "no-src-eos", false, "do not end each source with EOS")
	fs.BoolVar(&f.noCache, "no-cache", false, "decode without past key/values (rerun the decoder on the whole prefix)")
	f.session.bind(fs)
	fs.StringArrayVar(&f.allowDirs, "allow-dir", nil, allowDirHelp)
}

// searchFlags bind verify.SearchOptions.
type searchFlags struct{ o verify.SearchOptions }

func (s *searchFlags) bind(fs *pflag.FlagSet) {
	s.o = verify.DefaultSearch()
	fs.IntVar(&s.o.Beam, "beam", s.o.Beam, "beam size (1: greedy search)")
	fs.Float64Var(&s.o.LengthPenalty, "length-penalty", s.o.LengthPenalty, "α of the beam score logprob/len^α")
	fs.BoolVar(&s.o.EarlyStopping, "early-stopping", s.o.EarlyStopping,
		"beam search stops a sentence once it has --beam finished hypotheses (Hugging Face's early_stopping=True, fairseq's rule); "+
			"the default false, Hugging Face's default, goes on while a live beam, scored at its current length, beats the worst finished one")
	fs.IntVar(&s.o.MaxLen, "max-len", s.o.MaxLen, "most generated tokens per sentence, EOS included (0: no fixed cap)")
	fs.Float64Var(&s.o.MaxLenA, "max-len-a", s.o.MaxLenA, "per-sentence limit a·source length + b: a")
	fs.IntVar(&s.o.MaxLenB, "max-len-b", s.o.MaxLenB, "per-sentence limit a·source length + b: b")
	fs.IntVar(&s.o.Batch, "batch", s.o.Batch, "sentences decoded together")
}

func (s *searchFlags) validate() error {
	if s.o.Beam < 1 || s.o.Batch < 1 {
		return &usageError{msg: fmt.Sprintf("--beam and --batch must be at least 1 (got %d, %d)", s.o.Beam, s.o.Batch)}
	}
	if err := s.o.Validate(); err != nil {
		return &usageError{msg: err.Error()}
	}
	return nil
}

// sessionOptions checks the ONNX Runtime flags and returns the session
// options.
func (f *modelFlags) sessionOptions() (ortrun.Options, error) {
	return f.session.options("")
}

// check refuses contradictory flags before anything is read.
func (f *textFlags) check() error {
	if f.ids && (f.tokenizer != "" || f.vocab != "") {
		return &usageError{msg: "--ids takes no --tokenizer or --vocab"}
	}
	return nil
}

// open opens --tokenizer (and --vocab); with neither, the file the model's
// metadata names ("tokenizer"), which must lie in the model's folder or an
// --allow-dir (verify.OpenTokenizerHint). It returns nil with --ids.
func (f *textFlags) open(modelPaths, allowDirs []string) (tokenize.Tokenizer, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	if f.ids {
		return nil, nil
	}
	var tok tokenize.Tokenizer
	if f.tokenizer == "" {
		hinted, _, err := verify.OpenTokenizerHint(modelPaths, allowDirs)
		if err != nil {
			return nil, err
		}
		if hinted == nil {
			return nil, &usageError{msg: "give --tokenizer (the model's metadata names no tokenizer) or --ids"}
		}
		tok = hinted
	}
	if f.vocab != "" {
		var sp *tokenize.SentencePiece
		if f.tokenizer != "" {
			var err error
			if sp, err = tokenize.LoadSentencePiece(f.tokenizer); err != nil {
				return nil, err
			}
		} else if sp, _ = tok.(*tokenize.SentencePiece); sp == nil {
			return nil, &usageError{msg: "--vocab numbers SentencePiece pieces, but the model's metadata names no SentencePiece model: give --tokenizer"}
		}
		v, err := tokenize.LoadVocab(f.vocab)
		if err != nil {
			return nil, err
		}
		return tokenize.NewMarian(sp, v), nil
	}
	if tok != nil {
		return tok, nil
	}
	return tokenize.Load(f.tokenizer)
}

// tokenizer opens the tokenizer of the model at modelPaths (textFlags.open).
func (f *modelFlags) tokenizer(modelPaths []string) (tokenize.Tokenizer, error) {
	return f.text.open(modelPaths, f.allowDirs)
}

// openModel opens a model with the flags' session options and special ids;
// the tokenizer's ids fill in what the model does not say. feats are the
// source of a model whose encoder reads features (nil for token ids).
func (f *modelFlags) openModel(paths []string, tok tokenize.Tokenizer, feats *features.Features) (*verify.Model, error) {
	so, err := f.sessionOptions()
	if err != nil {
		return nil, err
	}
	mo := verify.ModelOptions{Session: so, Overrides: f.text.specials, NoCache: f.noCache, AllowDirs: f.allowDirs, Features: feats}
	if tok != nil {
		sp := tok.Specials()
		mo.Fallback = &sp
	}
	return verify.OpenModel(paths, mo)
}

// readSource reads the source file that flag names; an empty one is an
// error.
func readSource(flag, path string) ([]string, error) {
	if path == "" {
		return nil, &usageError{msg: flag + " is required"}
	}
	lines, err := score.ReadLines(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s %s is empty", flag, path)
	}
	return lines, nil
}

type translateOptions struct {
	model     modelFlags
	search    searchFlags
	src       string
	out       string
	overwrite bool
}

func translateCommand() command {
	c := command{
		name:  "translate",
		short: "translate a file with an ONNX model (greedy or beam search)",
		usage: "translate MODEL... --src FILE -o OUT [flags]",
		long: `Translate a source file, one sentence a line, with an ONNX translation model on
ONNX Runtime, and write one translation a line.

MODEL is one ONNX file holding the whole model (source ids [+ mask], target prefix →
logits), or an encoder file with a decoder file (Hugging Face Optimum's
encoder_model.onnx + decoder_model.onnx, optionally + decoder_with_past_model.onnx,
or + decoder_model_merged.onnx), or a folder holding either. The layout is found
from the graphs' input and output names; the decoder's key/value cache is used when
the files offer it (--no-cache turns it off).

Special ids (pad, bos, eos, unk, decoder start) come from --specials, else the
generation_config.json and config.json beside the model, else its metadata_props,
else the tokenizer. Sources are encoded with --tokenizer (or given as ids with --ids),
framed with EOS (and BOS with --src-bos), and decoded greedily (--beam 1) or with beam
search, sorted by length into batches. A --src ending in .npy is speech features,
float32 [utterances, mel bins, frames], for a model whose encoder reads
input_features (Whisper).

The output is written to a temporary file and renamed into place: an interrupted run
leaves no partial file. An existing output is replaced only with --overwrite, and only
when it is a regular file (never a device, a pipe or a symlink).`,
		example: `  bin/onnxprune translate models/reference --src <(head -5 models/demo/slice/bible-test.en) \
      --tokenizer models/corpus/spm8k.model -o /tmp/onnxprune-ex/test.hyp --overwrite
  bin/onnxprune translate models/reference/encoder_model.onnx models/reference/decoder_model.onnx \
      --tokenizer models/corpus/spm8k.model --src <(head -3 models/demo/slice/bible-test.en) --beam 4 --length-penalty 1.0 -o -
  bin/onnxprune translate models/planted/planted_ungated.onnx --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --src models/demo/slice/planted-test.src -o -`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o translateOptions
		fs := newFlagSet(c, stdout)
		dep := newDeprecations(fs, stderr)
		fs.StringVar(&o.src, "src", "", "source file, one sentence a line")
		bindOutput(fs, dep, &o.out, "output file for the translations (- for stdout)")
		fs.BoolVar(&o.overwrite, "overwrite", false, overwriteHelp)
		o.model.bind(fs, dep)
		o.search.bind(fs)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			return &usageError{msg: "translate needs MODEL (a file, several files or a folder)"}
		}
		if o.out == "" {
			return &usageError{msg: "translate needs -o OUT (- for stdout)"}
		}
		if err := o.search.validate(); err != nil {
			return err
		}
		o.search.o.NoCache = o.model.noCache
		return o.run(ctx, fs.Args(), stdout, stderr)
	}
	return c
}

func (o *translateOptions) run(ctx context.Context, models []string, stdout, stderr io.Writer) error {
	so, err := o.model.sessionOptions()
	if err != nil {
		return err
	}
	if err := ortrun.CheckOptions(so); err != nil {
		return err
	}
	if o.out != "-" {
		// Checked before anything is read or translated.
		if err := safefile.CheckOutput(o.out, o.overwrite); err != nil {
			return err
		}
		if err := refuseInputOutputs([]string{o.out}, append([]string{o.src}, models...)); err != nil {
			return err
		}
	}
	// A source ending in .npy is speech features (a Whisper encoder's
	// input_features).
	var lines []string
	var feats *features.Features
	if features.IsFile(o.src) {
		feats, err = features.Read(o.src)
	} else {
		lines, err = readSource("--src", o.src)
	}
	if err != nil {
		return err
	}
	tok, err := o.model.tokenizer(models)
	if err != nil {
		return err
	}
	m, err := o.model.openModel(models, tok, feats)
	if err != nil {
		return err
	}
	defer m.Close()
	if o.out != "-" {
		inputs, err := modelInputFiles(m.Files, o.model.allowDirs)
		if err != nil {
			return err
		}
		if err := refuseInputOutputs([]string{o.out}, append(inputs, o.src)); err != nil {
			return err
		}
	}
	var src [][]int64
	if feats != nil {
		src = verify.FeatureRows(feats.N)
	} else if src, err = verify.EncodeLines(lines, tok, m.Specials, o.model.srcBOS, !o.model.noSrcEOS, o.src); err != nil {
		return err
	}
	start := time.Now()
	hyps, err := m.Translate(ctx, src, o.search.o)
	if err != nil {
		return fmt.Errorf("translating %s: %w", o.src, err)
	}
	elapsed := time.Since(start)
	var b strings.Builder
	ntok := 0
	for _, h := range hyps {
		b.WriteString(verify.DecodeIDs(h.Tokens, tok, m.Specials))
		b.WriteByte('\n')
		ntok += len(h.Tokens)
	}
	if o.out == "-" {
		if _, err := io.WriteString(stdout, b.String()); err != nil {
			return err
		}
	} else if err := safefile.WriteFileAtomic(o.out, []byte(b.String())); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "translated %d sentences (%d tokens) with %s in %.2fs, %.1f tokens/s; %s\n",
		len(hyps), ntok, m, elapsed.Seconds(), float64(ntok)/elapsed.Seconds(), providerLine(so))
	return nil
}
