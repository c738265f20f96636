package pipeline

import (
	"testing"

	"onnxprune/verify"
)

func TestSpeedupLine(t *testing.T) {
	base := verify.Speedup{Provider: "cpu", Batch: 1, Encoder: 1.9, Step: 1.39, Tokens: 0.98,
		EncoderBound: 1.4, StepBound: 1, PerTokenBound: 1.01}
	paired := base
	paired.Rounds, paired.EncoderPaired, paired.StepPaired, paired.TokensPaired = 5, 1.68, 1.07, 1.08
	oneRound := paired
	oneRound.Rounds = 1
	for _, tc := range []struct {
		name string
		sp   verify.Speedup
		want string
	}{
		{"paired", paired, "×1.08 tokens/s, ×1.07 decoder step, ×1.68 encoder at batch 1 on cpu, paired over 5 rounds (FLOP bound ×1.01 per token, ×1.40 encoder)"},
		{"medians", base, "×0.98 tokens/s, ×1.39 decoder step, ×1.90 encoder at batch 1 on cpu, ratio of medians (FLOP bound ×1.01 per token, ×1.40 encoder)"},
		{"one round", oneRound, "×0.98 tokens/s, ×1.39 decoder step, ×1.90 encoder at batch 1 on cpu, ratio of medians (FLOP bound ×1.01 per token, ×1.40 encoder)"},
	} {
		if got := speedupLine(tc.sp); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

func TestPairCell(t *testing.T) {
	for _, tc := range []struct {
		medians, paired float64
		rounds          int
		want            string
	}{
		{1.9, 1.68, 5, "×1.90 / ×1.68"},
		{1.9, 1.68, 1, "×1.90 / –"},
		{1.9, 0, 3, "×1.90 / –"},
		{0, 0, 3, "–"},
	} {
		if got := pairCell(tc.medians, tc.paired, tc.rounds); got != tc.want {
			t.Errorf("pairCell(%g, %g, %d) = %q, want %q", tc.medians, tc.paired, tc.rounds, got, tc.want)
		}
	}
}
