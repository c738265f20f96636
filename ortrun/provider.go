package ortrun

import (
	"fmt"
	"strconv"
	"strings"

	ort "github.com/yalue/onnxruntime_go"
)

// Provider names an ONNX Runtime execution provider.
type Provider string

// The execution providers a Session can use.
const (
	CPU      Provider = "cpu"
	CUDA     Provider = "cuda"
	TensorRT Provider = "tensorrt"
)

// AllProviders lists the providers this package knows, in the order Providers
// reports them.
var AllProviders = []Provider{CPU, CUDA, TensorRT}

// ParseProvider accepts a provider's short name ("cpu", "cuda", "tensorrt",
// any case) or ONNX Runtime's name ("CUDAExecutionProvider"). "" means cpu.
func ParseProvider(s string) (Provider, error) {
	p, err := parseProvider(s)
	if err != nil {
		return "", fmt.Errorf("ortrun: %w", err)
	}
	return p, nil
}

func parseProvider(s string) (Provider, error) {
	k := strings.ToLower(strings.TrimSpace(s))
	k = strings.TrimSuffix(k, "executionprovider")
	switch k {
	case "", "cpu":
		return CPU, nil
	case "cuda":
		return CUDA, nil
	case "tensorrt", "trt":
		return TensorRT, nil
	}
	return "", fmt.Errorf("unknown execution provider %q (want cpu, cuda or tensorrt)", s)
}

// ORTName returns ONNX Runtime's name for p, e.g. "CUDAExecutionProvider".
func (p Provider) ORTName() string {
	switch p {
	case CPU:
		return "CPUExecutionProvider"
	case CUDA:
		return "CUDAExecutionProvider"
	case TensorRT:
		return "TensorrtExecutionProvider"
	}
	return string(p)
}

// appendProvider adds p (and, for TensorRT, CUDA as the fallback for nodes
// TensorRT does not take) to opts; the CPU provider is always present. The
// CUDA libraries of DefaultCUDALibs are loaded first. The error names the
// provider, the library and what is missing when the library cannot use it.
func appendProvider(opts *ort.SessionOptions, p Provider, deviceID int, cuda CUDAOptions) error {
	unavailable := func(err error) error {
		return fmt.Errorf("execution provider %s (%s) cannot start with ONNX Runtime library %s: %w", p, p.ORTName(), Library(), explainProviderError(p, err))
	}
	if err := cuda.Validate(); err != nil {
		return err
	}
	if p.isGPU() {
		if _, _, err := CUDALibraries(); err != nil {
			return unavailable(err)
		}
	}
	switch p {
	case CPU, "":
		return nil
	case CUDA:
		return appendCUDA(opts, cuda.providerValues(deviceID), unavailable)
	case TensorRT:
		o, err := ort.NewTensorRTProviderOptions()
		if err != nil {
			return unavailable(err)
		}
		defer o.Destroy()
		if err := o.Update(map[string]string{"device_id": strconv.Itoa(deviceID)}); err != nil {
			return unavailable(err)
		}
		if err := opts.AppendExecutionProviderTensorRT(o); err != nil {
			return unavailable(err)
		}
		return appendCUDA(opts, cuda.providerValues(deviceID), unavailable)
	}
	return fmt.Errorf("unknown execution provider %q (want cpu, cuda or tensorrt)", p)
}

func appendCUDA(opts *ort.SessionOptions, values map[string]string, unavailable func(error) error) error {
	o, err := ort.NewCUDAProviderOptions()
	if err != nil {
		return unavailable(err)
	}
	defer o.Destroy()
	if err := o.Update(values); err != nil {
		return unavailable(err)
	}
	if err := opts.AppendExecutionProviderCUDA(o); err != nil {
		return unavailable(err)
	}
	return nil
}

// Providers returns the execution providers that the ONNX Runtime library can
// use in this process, loading the library first (see Init). CPU is always
// there; CUDA and TensorRT are listed when they can be added to a session,
// which needs a library built with them, their provider libraries next to it,
// and the CUDA / TensorRT runtime libraries they link against. Whether a GPU
// is present is only known when a session is created.
func Providers() ([]Provider, error) {
	if err := Init(""); err != nil {
		return nil, err
	}
	out := []Provider{CPU}
	for _, p := range AllProviders[1:] {
		if ProviderError(p) == nil {
			out = append(out, p)
		}
	}
	return out, nil
}

// ProviderError returns nil when p can be added to a session with the loaded
// library, and otherwise the error that says why not.
func ProviderError(p Provider) error {
	if err := Init(""); err != nil {
		return err
	}
	opts, err := ort.NewSessionOptions()
	if err != nil {
		return fmt.Errorf("ortrun: session options: %w", err)
	}
	defer opts.Destroy()
	if err := appendProvider(opts, p, 0, CUDAOptions{}); err != nil {
		return fmt.Errorf("ortrun: %w", err)
	}
	return nil
}

// CheckOptions loads the library o needs (the CUDA build for a GPU provider,
// see InitFor) and checks that o's provider starts with o's device and CUDA
// settings, so that a command can refuse an unusable provider before it does
// any work. It never falls back to another provider.
func CheckOptions(o Options) error {
	p, err := parseProvider(string(o.Provider))
	if err != nil {
		return fmt.Errorf("ortrun: %w", err)
	}
	if err := InitFor(o.Library, p); err != nil {
		return err
	}
	opts, err := ort.NewSessionOptions()
	if err != nil {
		return fmt.Errorf("ortrun: session options: %w", err)
	}
	defer opts.Destroy()
	if err := appendProvider(opts, p, o.DeviceID, o.CUDA); err != nil {
		return fmt.Errorf("ortrun: %w", err)
	}
	return nil
}
