package main

import "onnxprune/verify"

// Results is results.json: every figure of RESULTS.md's generated blocks,
// gathered by collect from the outputs of results.sh.
type Results struct {
	// Settings are results.sh's settings (OUT/settings.env): model,
	// budgets, λ, steps, sentence counts, bootstrap resamples and seed.
	Settings map[string]string `json:"settings"`
	// Bootstrap describes the paired bootstrap tests.
	Bootstrap Bootstrap `json:"bootstrap"`
	// TestSentences is the number of test sentences translated,
	// LossSentences the dev verses of each dev loss, AnalysisSentences the
	// dev verses the dense model's rankings come from.
	TestSentences     int `json:"test_sentences"`
	LossSentences     int `json:"loss_sentences"`
	AnalysisSentences int `json:"analysis_sentences"`
	// Dense is the unpruned model.
	Dense System `json:"dense"`
	// Evaluate is evaluate.py's score of the model on the whole test split
	// (the model folder's test_scores.json; absent when there is none).
	Evaluate *Evaluate `json:"evaluate,omitempty"`
	// Gates are the gate trainings of the encoder heads, budgets first,
	// then penalty weights, in the order of the settings.
	Gates []GateRun `json:"gates"`
	// AllKinds are the gate trainings of all attention kinds together.
	AllKinds []GateRun `json:"all_kinds"`
	// Rankings are the prunings by a ranking of the dense model or a
	// random choice, method by method, budgets in the settings' order.
	Rankings []RankRun `json:"rankings"`
	// NoEncoder is the model with every encoder self-attention head removed.
	NoEncoder System `json:"no_encoder"`
	// Agreement compares each gate training's decision with the dense
	// model's LRP relevance and Michel importance.
	Agreement []Agreement `json:"agreement"`
	// Roles are the head roles found on the UD EWT dev trees.
	Roles Roles `json:"roles"`
	// Speed are the timed comparisons with the dense model.
	Speed []SpeedRun `json:"speed"`
	// Structures are the gate trainings to FLOP budgets of issue 21
	// (heads, FFN neurons and sublayers; heads alone), budget by budget.
	Structures []BudgetRun `json:"structures,omitempty"`
	// Timings are the wall seconds of every step results.sh ran.
	Timings []Timing `json:"timings"`
}

// Bootstrap describes the paired bootstrap resampling tests (onnxprune
// score --paired-bs, sacreBLEU's test).
type Bootstrap struct {
	Resamples int    `json:"resamples"`
	Seed      uint64 `json:"seed"`
	// Signatures maps a metric's name (BLEU, chrF2) to its signature.
	Signatures map[string]string `json:"signatures"`
}

// Metric is one corpus score with its bootstrap estimate: the mean of the
// resampled scores and the half-width of their 95% interval.
type Metric struct {
	Score float64 `json:"score"`
	Mean  float64 `json:"mean"`
	CI    float64 `json:"ci"`
}

// PValues are the paired bootstrap p-values of a system's BLEU and chrF
// differences from a baseline, and how many of its translations equal the
// baseline's (all equal: no difference, whatever the p-value).
type PValues struct {
	Against   string  `json:"against"`
	BLEU      float64 `json:"bleu"`
	ChrF      float64 `json:"chrf"`
	Identical int     `json:"identical"`
}

// System is one model's test scores, dev loss and size.
type System struct {
	// Name is results.sh's name: dense, gt-t10, all-l0.01, relevance-10,
	// none-0.
	Name string `json:"name"`
	BLEU Metric `json:"bleu"`
	ChrF Metric `json:"chrf"`
	// VsDense is the test against the dense model (nil for the dense model).
	VsDense *PValues `json:"vs_dense,omitempty"`
	// DevLoss is the mean teacher-forced cross-entropy on the dev verses.
	DevLoss float64 `json:"dev_loss"`
	// FileBytes is the size of the encoder and decoder files.
	FileBytes int64 `json:"file_bytes"`
	// Kept and Total count the heads per kind (encoder, decoder, cross).
	Kept  map[string]int `json:"kept"`
	Total map[string]int `json:"total"`
	// KeptHeads names the kept heads of the kinds the decision covers.
	KeptHeads []string `json:"kept_heads"`
}

// GateRun is one gate training (onnxprune run).
type GateRun struct {
	System
	// Kinds are the attention kinds gated.
	Kinds []string `json:"kinds"`
	// Target is the head budget (0: the penalty weight Lambda alone).
	Target int     `json:"target_heads"`
	Lambda float64 `json:"l0_lambda"`
	Steps  int     `json:"steps"`
	// ValLossDense and ValLossGated are the training's validation loss
	// with every gate open and with the final 0/1 gates.
	ValLossDense float64 `json:"val_loss_dense"`
	ValLossGated float64 `json:"val_loss_gated"`
	// EquivalenceMaxDiff is verify's largest |gated − pruned| logit
	// difference on the test translations.
	EquivalenceMaxDiff *float64 `json:"equivalence_max_diff,omitempty"`
	// DenseMismatch counts the test lines where the run's own translation
	// by the dense model differs from dense.hyp (0 when both translate
	// alike).
	DenseMismatch int `json:"dense_mismatch"`
	// Closing says, per kind, when heads closed during training.
	Closing []KindClosing `json:"closing"`
}

// KindClosing is the closing of one attention kind's heads in a training.
type KindClosing struct {
	Kind string `json:"kind"`
	// Heads is the kind's number of gated heads; Closed how many of them
	// closed at some step of the training (before the final cut to the
	// budget); Kept how many the final decision keeps.
	Heads  int `json:"heads"`
	Closed int `json:"closed"`
	Kept   int `json:"kept"`
	// FirstStep and MedianStep are the step of the kind's first closing
	// and the median of its heads' first closing steps (0: none closed).
	FirstStep  int     `json:"first_step"`
	MedianStep float64 `json:"median_step"`
}

// RankRun is one pruning by a ranking, without training.
type RankRun struct {
	System
	// Method is relevance, importance, confidence or random.
	Method string `json:"method"`
	// N is the number of encoder heads kept.
	N int `json:"n"`
	// VsGates is the test against gate training at the same budget (nil
	// when there is no such run).
	VsGates *PValues `json:"vs_gates,omitempty"`
	// VsRandom is the test against the random choice at the same budget
	// (nil for the random choice itself).
	VsRandom *PValues `json:"vs_random,omitempty"`
}

// Agreement compares one gate training's decision with the dense model's
// rankings (attribution.CompareKeep, as `onnxprune analyze --gates`).
type Agreement struct {
	Run string `json:"run"`
	// Kept and Covered count the kept heads and the heads the decision
	// covers.
	Kept    int `json:"kept"`
	Covered int `json:"covered"`
	// MeanRankKept and MeanRankRemoved average the relevance ranks (1 =
	// most relevant of the covered heads).
	MeanRankKept    float64 `json:"mean_rank_kept"`
	MeanRankRemoved float64 `json:"mean_rank_removed"`
	// AUCRelevance and AUCImportance are the probabilities that a kept
	// head has a higher relevance (importance) than a removed one.
	AUCRelevance  float64 `json:"auc_relevance"`
	AUCImportance float64 `json:"auc_importance"`
}

// Roles summarises the analysis of the UD EWT dev trees.
type Roles struct {
	// Sentences is the number of sentences analysed; Run the gate
	// training whose decision is marked.
	Sentences int    `json:"sentences"`
	Run       string `json:"run"`
	// The thresholds of the roles (attribution.Config).
	PositionalMin   float64 `json:"positional_min"`
	SyntacticMargin float64 `json:"syntactic_margin"`
	RareWordMin     float64 `json:"rare_word_min"`
	// WithRoles lists every head with a role.
	WithRoles []HeadRoles `json:"with_roles"`
	// Positional and RareWord are the best encoder head and the best head
	// of any kind by each measure; KeptPositional and KeptRareWord the
	// best among the heads the marked decision keeps.
	Positional     []BestHead `json:"positional"`
	RareWord       []BestHead `json:"rare_word"`
	KeptPositional BestHead   `json:"kept_positional"`
	KeptRareWord   BestHead   `json:"kept_rare_word"`
	// Syntactic is, per relation, the encoder head and direction whose
	// accuracy beats the relation's fixed-offset baseline by the most.
	Syntactic []BestSyntactic `json:"syntactic"`
	// MaxResidual is the largest conservation residual of the relevance
	// over the cuts.
	MaxResidual float64 `json:"max_residual"`
}

// HeadRoles is a head and the roles found for it.
type HeadRoles struct {
	Head  string   `json:"head"`
	Roles []string `json:"roles"`
	Kept  *bool    `json:"kept,omitempty"`
}

// BestHead is the head with the largest share by one measure (positional:
// the share of tokens on its most common relative position Offset).
type BestHead struct {
	Scope  string  `json:"scope"`
	Head   string  `json:"head"`
	Share  float64 `json:"share"`
	Offset int     `json:"offset,omitempty"`
}

// BestSyntactic is the best encoder head for one dependency relation.
type BestSyntactic struct {
	Relation  string  `json:"relation"`
	Direction string  `json:"direction"`
	Head      string  `json:"head"`
	Accuracy  float64 `json:"accuracy"`
	Baseline  float64 `json:"baseline"`
	Arcs      int     `json:"arcs"`
}

// SpeedRun is one timed comparison of a pruned model with the dense one.
type SpeedRun struct {
	Run string `json:"run"`
	// Kept counts the pruned model's heads per kind.
	Kept      map[string]int   `json:"kept"`
	Total     map[string]int   `json:"total"`
	Sentences int              `json:"sentences"`
	Speedups  []verify.Speedup `json:"speedups"`
}

// Evaluate is the part of evaluate.py's test_scores.json shown.
type Evaluate struct {
	Sentences int     `json:"sentences"`
	BLEU      float64 `json:"bleu"`
	ChrF      float64 `json:"chrf"`
	Signature string  `json:"bleu_signature"`
}

// Timing is one step's wall time.
type Timing struct {
	Step    string  `json:"step"`
	Seconds float64 `json:"seconds"`
}
