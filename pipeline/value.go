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
	switch key {
	case "model":
		return strings.Join(c.Model, ",")
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
	case "provider":
		if c.Provider == "" {
			return string(ortrun.CPU)
		}
		return string(c.Provider)
	case "cuda-mem-limit":
		return strconv.FormatInt(c.CUDA.MemLimit, 10)
	case "train.weights":
		return c.TrainWeights.String()
	case "verify.bench-batch":
		var bs []string
		for _, b := range c.BenchBatch {
			bs = append(bs, strconv.Itoa(b))
		}
		return strings.Join(bs, ",")
	case "verify.max-bleu-drop":
		if c.MaxBLEUDrop == nil {
			return ""
		}
		return formatFloat(*c.MaxBLEUDrop)
	}
	return formatField(c.plainFields()[key])
}

// plainFields maps the keys of the settings whose text is their field's
// value written plainly to those fields of c, by section.
func (c *Config) plainFields() map[string]any {
	return map[string]any{
		"output": &c.Out, "tokenizer": &c.Tokenizer, "ids": &c.IDs, "specials": &c.Specials, "seed": &c.Seed,
		"threads": &c.Threads, "ort-lib": &c.ORTLib, "device-id": &c.DeviceID, "cudnn-conv-algo-search": &c.CUDA.ConvAlgoSearch,
		"allow-dir": &c.AllowDirs, "data.train": &c.Train, "data.dev": &c.Dev, "data.test": &c.Test,
		"train.max-steps": &c.Steps, "train.l0-lambda": &c.Lambda, "train.target-heads": &c.TargetHeads,
		"train.target-params": &c.Budget.Params, "train.target-flops": &c.Budget.FLOPs, "train.target-time": &c.Budget.Time,
		"train.time-batch": &c.Budget.TimeBatch, "train.lr": &c.LR,
		"train.lagrange-lr": &c.LagrangeLR, "train.max-tokens": &c.MaxTokens, "train.checkpoint-every": &c.CheckpointEvery,
		"train.distill": &c.Distill.Alpha, "train.distill-temperature": &c.Distill.Temperature,
		"train.weight-lr": &c.WeightLR,
		"analyze.enabled": &c.Analyze, "analyze.max-sentences": &c.AnalyzeSentences, "analyze.conllu": &c.CoNLLU,
		"prune.by": &c.PruneBy, "prune.keep-heads": &c.KeepHeads,
		"verify.beam": &c.Beam, "verify.max-len": &c.MaxLen, "verify.repeats": &c.Repeats, "verify.rounds": &c.Rounds,
		"verify.bench-sentences": &c.BenchSentences, "verify.no-bench": &c.NoBench,
	}
}

// formatField writes the field a pointer from plainFields points to as
// its flag reads it ("" for nil).
func formatField(p any) string {
	switch v := p.(type) {
	case *string:
		return *v
	case *bool:
		return strconv.FormatBool(*v)
	case *int:
		return strconv.Itoa(*v)
	case *uint64:
		return strconv.FormatUint(*v, 10)
	case *float64:
		return formatFloat(*v)
	case *[]string:
		return strings.Join(*v, ",")
	case *[2]string:
		if v[0] == "" {
			return ""
		}
		return v[0] + "," + v[1]
	}
	return ""
}

// formatFloat writes f as the shortest text that reads back as f.
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
