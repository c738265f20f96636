package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"onnxprune/ortrun"
)

// sessionFlags are the ONNX Runtime flags of every command that runs a
// model: execution provider, GPU and CUDA settings, threads and library.
type sessionFlags struct {
	provider       providerValue
	deviceID       int
	cudaMemLimit   string
	convAlgoSearch string
	threads        int
	ortLib         string
}

// providerValue is the value of --provider: one provider name, default
// cpu. Repeats are kept so that verify can read its old spelling (the
// flag repeated, one provider per run) and the other commands can refuse
// them.
type providerValue struct {
	names []string
}

func (p *providerValue) String() string {
	if len(p.names) == 0 {
		return string(ortrun.CPU)
	}
	return p.names[0]
}

func (p *providerValue) Type() string { return "string" }

func (p *providerValue) Set(v string) error {
	p.names = append(p.names, v)
	return nil
}

// single returns the one provider given, refusing repeats.
func (p *providerValue) single() (string, error) {
	if len(p.names) > 1 {
		return "", &usageError{msg: fmt.Sprintf("--provider given %d times; a model runs on one provider", len(p.names))}
	}
	return p.String(), nil
}

// bind adds the flags.
func (f *sessionFlags) bind(fs *pflag.FlagSet) {
	fs.Var(&f.provider, "provider", "ONNX Runtime execution provider: cpu, cuda or tensorrt (cuda and tensorrt load the CUDA build that make ort-gpu installs)")
	fs.Lookup("provider").DefValue = string(ortrun.CPU)
	fs.IntVar(&f.deviceID, "device-id", 0, "GPU of the cuda and tensorrt providers")
	fs.StringVar(&f.cudaMemLimit, "cuda-mem-limit", "0", "cap of the CUDA provider's memory arena, e.g. 8GiB (0: none)")
	fs.StringVar(&f.convAlgoSearch, "cudnn-conv-algo-search", "", "cuDNN convolution algorithm search: exhaustive (ONNX Runtime's default), heuristic, or default (off)")
	fs.IntVar(&f.threads, "threads", 0, "ONNX Runtime intra-op threads (0: ONNX Runtime's default)")
	fs.StringVar(&f.ortLib, "ort-lib", "", ortLibHelp)
}

// ortLibHelp is the one help text of --ort-lib.
var ortLibHelp = "ONNX Runtime shared library (default: $" + ortrun.EnvLibrary + ", then " + ortrun.DefaultLibrary + ", or " + ortrun.DefaultGPULibrary + " for cuda and tensorrt)"

// options checks the flags and returns the session options for provider p
// ("" : --provider, given once).
func (f *sessionFlags) options(p string) (ortrun.Options, error) {
	if p == "" {
		var err error
		if p, err = f.provider.single(); err != nil {
			return ortrun.Options{}, err
		}
	}
	prov, err := ortrun.ParseProvider(p)
	if err != nil {
		return ortrun.Options{}, &usageError{msg: fmt.Sprintf("--provider: %v", err)}
	}
	if f.threads < 0 {
		return ortrun.Options{}, &usageError{msg: fmt.Sprintf("--threads %d < 0", f.threads)}
	}
	if f.deviceID < 0 {
		return ortrun.Options{}, &usageError{msg: fmt.Sprintf("--device-id %d < 0", f.deviceID)}
	}
	limit, err := ortrun.ParseByteSize(f.cudaMemLimit)
	if err != nil {
		return ortrun.Options{}, &usageError{msg: fmt.Sprintf("--cuda-mem-limit: %v", err)}
	}
	cuda := ortrun.CUDAOptions{MemLimit: limit, ConvAlgoSearch: f.convAlgoSearch}
	if err := cuda.Validate(); err != nil {
		return ortrun.Options{}, &usageError{msg: fmt.Sprintf("--cudnn-conv-algo-search: %v", err)}
	}
	return ortrun.Options{Library: f.ortLib, Provider: prov, DeviceID: f.deviceID, CUDA: cuda, IntraOpThreads: f.threads}, nil
}

// providerLine says where a command runs its models, for its output: a GPU
// provider is named with its device, so that a run on the CPU is never
// mistaken for one on the GPU.
func providerLine(o ortrun.Options) string {
	p := o.Provider
	if p == "" {
		p = ortrun.CPU
	}
	if p == ortrun.CPU {
		return "provider: cpu"
	}
	return fmt.Sprintf("provider: %s (device %d, ONNX Runtime %s)", p, o.DeviceID, ortrun.Library())
}
