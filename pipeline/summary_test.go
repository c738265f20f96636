package pipeline

import (
	"bytes"
	"strings"
	"testing"

	"onnxprune/verify"
)

// TestSpeedupLine: the terminal line gives every ratio with its range,
// says "not significant" where the range includes 1, calls an unchanged
// part unchanged (no ratio, no FLOP bound), and names how it was measured.
func TestSpeedupLine(t *testing.T) {
	rounds := "over 5 rounds"
	paired := verify.Speedup{Provider: "cpu", Batch: 1, Rounds: 5, EncoderBound: 1.4, StepBound: 1, PerTokenBound: 1.01,
		EncoderSpeedup: verify.Ratio{Value: 1.68, Low: 1.5, High: 1.8, Spread: rounds},
		StepSpeedup:    verify.Ratio{Value: 1.07, Low: 0.95, High: 1.2, Spread: rounds},
		TokensSpeedup:  verify.Ratio{Value: 1.08, Low: 1.02, High: 1.1, Spread: rounds}}
	unchanged := paired
	unchanged.StepSpeedup = verify.Ratio{Unchanged: "decoder_model.onnx byte-identical to the original"}
	unchanged.TokensSpeedup = verify.Ratio{Value: 0.96, Low: 0.9, High: 1.02, Spread: rounds}
	oneRound := paired
	oneRound.Rounds = 1
	oneRound.TokensSpeedup.Spread = "quartiles of 5 and 5 runs"
	for _, tc := range []struct {
		name string
		sp   verify.Speedup
		want string
	}{
		{"paired", paired, "×1.08 tokens/s (1.02–1.10), ×1.07 decoder step (0.95–1.20, not significant), ×1.68 encoder (1.50–1.80) at batch 1 on cpu, paired over 5 rounds (FLOP bound ×1.01 per token, ×1.40 encoder)"},
		{"unchanged", unchanged, "×0.96 tokens/s (0.90–1.02, not significant), decoder step unchanged, ×1.68 encoder (1.50–1.80) at batch 1 on cpu, paired over 5 rounds (FLOP bound ×1.01 per token, ×1.40 encoder)"},
		{"one round", oneRound, "×1.08 tokens/s (1.02–1.10), ×1.07 decoder step (0.95–1.20, not significant), ×1.68 encoder (1.50–1.80) at batch 1 on cpu, quartiles of 5 and 5 runs (FLOP bound ×1.01 per token, ×1.40 encoder)"},
	} {
		if got := speedupLine(tc.sp); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
	// summary.md shows the same ratios, the unchanged part without a ratio.
	var b bytes.Buffer
	(&Summary{Speedups: []verify.Speedup{unchanged}}).WriteMarkdown(&b)
	md := b.String()
	for _, want := range []string{"| cpu | 1 | ×0.96 (0.90–1.02 over 5 rounds, not significant) | unchanged (decoder_model.onnx byte-identical to the original) | ×1.68 (1.50–1.80 over 5 rounds) | ×1.01 | ×1.40 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md)
		}
	}
}
