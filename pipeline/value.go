package pipeline

import (
	"strconv"
	"strings"

	"onnxprune/ortrun"
)

// Value returns the setting of key in c as its flag would read it (lists
// and pairs comma-separated): what `onnxprune run --help` shows as a
// flag's default. An unknown key returns "".
func (c *Config) Value(key string) string {
	itoa := strconv.Itoa
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	pair := func(p [2]string) string {
		if p[0] == "" {
			return ""
		}
		return p[0] + "," + p[1]
	}
	switch key {
	case "model":
		return strings.Join(c.Model, ",")
	case "output":
		return c.Out
	case "tokenizer":
		return c.Tokenizer
	case "ids":
		return strconv.FormatBool(c.IDs)
	case "specials":
		return c.Specials
	case "attention":
		if len(c.Attention) == 0 {
			return "all"
		}
		var ks []string
		for _, k := range c.Attention {
			ks = append(ks, string(k))
		}
		return strings.Join(ks, ",")
	case "structures":
		return c.Structures.String()
	case "train.target-params":
		return c.Budget.Params
	case "train.target-flops":
		return c.Budget.FLOPs
	case "threads":
		return itoa(c.Threads)
	case "ort-lib":
		return c.ORTLib
	case "provider":
		if c.Provider == "" {
			return string(ortrun.CPU)
		}
		return string(c.Provider)
	case "device-id":
		return itoa(c.DeviceID)
	case "cuda-mem-limit":
		return strconv.FormatInt(c.CUDA.MemLimit, 10)
	case "cudnn-conv-algo-search":
		return c.CUDA.ConvAlgoSearch
	case "seed":
		return strconv.FormatUint(c.Seed, 10)
	case "allow-dir":
		return strings.Join(c.AllowDirs, ",")
	case "data.train":
		return pair(c.Train)
	case "data.dev":
		return pair(c.Dev)
	case "data.test":
		return pair(c.Test)
	case "train.max-steps":
		return itoa(c.Steps)
	case "train.l0-lambda":
		return ftoa(c.Lambda)
	case "train.target-heads":
		return itoa(c.TargetHeads)
	case "train.lr":
		return ftoa(c.LR)
	case "train.lagrange-lr":
		return ftoa(c.LagrangeLR)
	case "train.max-tokens":
		return itoa(c.MaxTokens)
	case "train.checkpoint-every":
		return itoa(c.CheckpointEvery)
	case "train.distill":
		return ftoa(c.Distill.Alpha)
	case "train.weights":
		return c.TrainWeights.String()
	case "train.weight-lr":
		return ftoa(c.WeightLR)
	case "train.distill-temperature":
		return ftoa(c.Distill.Temperature)
	case "analyze.enabled":
		return strconv.FormatBool(c.Analyze)
	case "analyze.max-sentences":
		return itoa(c.AnalyzeSentences)
	case "analyze.conllu":
		return c.CoNLLU
	case "prune.by":
		return c.PruneBy
	case "prune.keep-heads":
		return itoa(c.KeepHeads)
	case "verify.beam":
		return itoa(c.Beam)
	case "verify.max-len":
		return itoa(c.MaxLen)
	case "verify.bench-batch":
		var bs []string
		for _, b := range c.BenchBatch {
			bs = append(bs, itoa(b))
		}
		return strings.Join(bs, ",")
	case "verify.repeats":
		return itoa(c.Repeats)
	case "verify.rounds":
		return itoa(c.Rounds)
	case "verify.bench-sentences":
		return itoa(c.BenchSentences)
	case "verify.no-bench":
		return strconv.FormatBool(c.NoBench)
	case "verify.max-bleu-drop":
		if c.MaxBLEUDrop == nil {
			return ""
		}
		return ftoa(*c.MaxBLEUDrop)
	}
	return ""
}
