package pipeline

import (
	"fmt"

	"onnxprune/attribution/conllu"
	"onnxprune/internal/features"
	"onnxprune/verify/score"
)

// AnalysisSet is the sentences an analysis reads, as the analyze stage of
// run and the analyze command read them (ReadAnalysisSet).
type AnalysisSet struct {
	// Features is a speech source (nil for text), SrcLines a text source,
	// cut to the analyzed sentences; AllSrc is every source line (the
	// token frequencies of the rare-word role count them all).
	Features         *features.Features
	SrcLines, AllSrc []string
	// TgtLines are the targets (nil when none was given).
	TgtLines []string
	// Trees are the CoNLL-U trees of the source lines (nil: none).
	Trees []*conllu.Sentence
	// N is the number of sentences analyzed.
	N int
}

// ReadAnalysisSet reads the analyzed sentences: src is text, one sentence
// a line, or speech features (a .npy file, one utterance per target line);
// tgt ("": none) the targets, as many lines as src has sentences; limit (0:
// all) the sentences analyzed; conllPath ("": none) the CoNLL-U trees of
// the source lines, which a text source must spell. Errors name the file.
func ReadAnalysisSet(src, tgt, conllPath string, limit int) (*AnalysisSet, error) {
	s := &AnalysisSet{}
	var err error
	if features.IsFile(src) {
		if conllPath != "" {
			return nil, fmt.Errorf("conllu needs a text source, not the features %s", src)
		}
		if s.Features, err = features.Read(src); err != nil {
			return nil, err
		}
		s.N = s.Features.N
	} else {
		if s.SrcLines, err = score.ReadLines(src); err != nil {
			return nil, err
		}
		if len(s.SrcLines) == 0 {
			return nil, fmt.Errorf("%s is empty", src)
		}
		s.N, s.AllSrc = len(s.SrcLines), s.SrcLines
	}
	if tgt != "" {
		if s.TgtLines, err = score.ReadLines(tgt); err != nil {
			return nil, err
		}
		if len(s.TgtLines) != s.N {
			return nil, fmt.Errorf("%s has %d lines, %s %d", src, s.N, tgt, len(s.TgtLines))
		}
	}
	if limit > 0 && s.N > limit {
		s.N = limit
		if s.SrcLines != nil {
			s.SrcLines = s.SrcLines[:limit]
		}
		if s.TgtLines != nil {
			s.TgtLines = s.TgtLines[:limit]
		}
	}
	if conllPath != "" {
		if s.Trees, err = conllu.ReadFile(conllPath); err != nil {
			return nil, err
		}
		if len(s.Trees) > len(s.SrcLines) {
			s.Trees = s.Trees[:len(s.SrcLines)]
		}
		if err := conllu.Match(s.Trees, s.SrcLines); err != nil {
			return nil, fmt.Errorf("%s against %s: %w", conllPath, src, err)
		}
	}
	return s, nil
}
