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

// modelFlags are the flags that open a translation model (shared by
// translate and verify).
type modelFlags struct {
	spm      string
	vocab    string
	specials string
	srcBOS   bool
	noSrcEOS bool
	noCache  bool
	session  sessionFlags
	ids      bool
	// allowDirs are extra directories the model's external data may live in.
	allowDirs []string
}

// bind adds the flags; withProvider adds --provider (verify has its own,
// repeatable one).
func (f *modelFlags) bind(fs *pflag.FlagSet, withProvider bool) {
	fs.StringVar(&f.spm, "spm", "", "tokenizer: SentencePiece .model, vocab.json/.yml or a plain vocabulary (default: the model's metadata 'tokenizer')")
	fs.StringVar(&f.vocab, "vocab", "", "Marian vocab.json/.yml numbering the --spm pieces")
	fs.StringVar(&f.specials, "specials", "", "special ids overriding the model's, e.g. pad=0,eos=1,decoder-start=0")
	fs.BoolVar(&f.srcBOS, "src-bos", false, "start each source with BOS (BART)")
	fs.BoolVar(&f.noSrcEOS, "no-src-eos", false, "do not end each source with EOS")
	fs.BoolVar(&f.noCache, "no-cache", false, "decode without past key/values (rerun the decoder on the whole prefix)")
	f.session.bind(fs, withProvider)
	fs.BoolVar(&f.ids, "ids", false, "source and output lines are space-separated token ids, no tokenizer")
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

// tokenizer opens --spm (and --vocab); with neither, the file the model's
// metadata names ("tokenizer"), which must lie in the model's folder or an
// --allow-dir (verify.OpenTokenizerHint). It returns nil with --ids.
func (f *modelFlags) tokenizer(modelPaths []string) (tokenize.Tokenizer, error) {
	if f.ids {
		if f.spm != "" || f.vocab != "" {
			return nil, &usageError{msg: "--ids takes no --spm or --vocab"}
		}
		return nil, nil
	}
	var tok tokenize.Tokenizer
	if f.spm == "" {
		hinted, _, err := verify.OpenTokenizerHint(modelPaths, f.allowDirs)
		if err != nil {
			return nil, err
		}
		if hinted == nil {
			return nil, &usageError{msg: "give --spm (the model's metadata names no tokenizer) or --ids"}
		}
		tok = hinted
	}
	if f.vocab != "" {
		var sp *tokenize.SentencePiece
		if f.spm != "" {
			var err error
			if sp, err = tokenize.LoadSentencePiece(f.spm); err != nil {
				return nil, err
			}
		} else if sp, _ = tok.(*tokenize.SentencePiece); sp == nil {
			return nil, &usageError{msg: "--vocab numbers SentencePiece pieces, but the model's metadata names no SentencePiece model: give --spm"}
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
	return tokenize.Load(f.spm)
}

// openModel opens a model with the flags' session options and special ids;
// the tokenizer's ids fill in what the model does not say. feats are the
// source of a model whose encoder reads features (nil for token ids).
func (f *modelFlags) openModel(paths []string, tok tokenize.Tokenizer, feats *features.Features) (*verify.Model, error) {
	so, err := f.sessionOptions()
	if err != nil {
		return nil, err
	}
	mo := verify.ModelOptions{Session: so, Overrides: f.specials, NoCache: f.noCache, AllowDirs: f.allowDirs, Features: feats}
	if tok != nil {
		sp := tok.Specials()
		mo.Fallback = &sp
	}
	return verify.OpenModel(paths, mo)
}

// readSource reads the source file; an empty one is an error.
func readSource(path string) ([]string, error) {
	if path == "" {
		return nil, &usageError{msg: "--src is required"}
	}
	lines, err := score.ReadLines(path)
	if err != nil {
		return nil, fmt.Errorf("--src: %w", err)
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("--src %s is empty", path)
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
else the tokenizer. Sources are encoded with --spm (SentencePiece), framed with EOS
(and BOS with --src-bos), and decoded greedily (--beam 1) or with beam search, sorted
by length into batches. A --src ending in .npy is speech features, float32
[utterances, mel bins, frames], for a model whose encoder reads input_features
(Whisper).

The output is written to a temporary file and renamed into place: an interrupted run
leaves no partial file. An existing output is replaced only with --overwrite, and only
when it is a regular file (never a device, a pipe or a symlink).`,
		example: `  onnxprune translate models/reference --src models/corpus/test.en --spm models/corpus/spm8k.model -o test.hyp
  onnxprune translate encoder_model.onnx decoder_model.onnx decoder_with_past_model.onnx \
      --src news.en --spm source.spm --vocab vocab.json --beam 5 --length-penalty 1.0 -o news.hyp
  onnxprune translate models/fixtures/marian --ids --specials pad=0,eos=1,decoder-start=0 --src ids.txt -o out.txt`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o translateOptions
		fs := newFlagSet(c, stdout)
		fs.StringVar(&o.src, "src", "", "source file, one sentence a line")
		fs.StringVarP(&o.out, "output", "o", "", "output file for the translations (- for stdout)")
		fs.BoolVar(&o.overwrite, "overwrite", false, "replace an existing output file")
		o.model.bind(fs, true)
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
		lines, err = readSource(o.src)
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
	} else if err := verify.WriteFileAtomic(o.out, []byte(b.String())); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "translated %d sentences (%d tokens) with %s in %.2fs, %.1f tokens/s; %s\n",
		len(hyps), ntok, m, elapsed.Seconds(), float64(ntok)/elapsed.Seconds(), providerLine(so))
	return nil
}
