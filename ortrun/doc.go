// Package ortrun runs ONNX models on ONNX Runtime. It is the only package of
// onnxprune that binds ONNX Runtime (through cgo, by way of
// github.com/yalue/onnxruntime_go); everything else hands it models and Go
// tensors.
//
// # Overview
//
//	s, err := ortrun.NewSession("model.onnx", ortrun.Options{IntraOpThreads: 2})
//	…
//	defer s.Close()
//	out, err := s.Run(map[string]*ortrun.Tensor{
//		"input_ids": ortrun.NewI64([]int64{1, 5}, ids),
//	}, []string{"logits"})
//	logits := out["logits"].F32
//
// # The library
//
// The ONNX Runtime shared library is loaded once per process, by the first
// call that needs it (or by Init). FindLibrary chooses it: an explicit path
// (Options.Library, a command-line flag), then $ONNXPRUNE_ORT_LIB, then
// .ort/lib/libonnxruntime.so.1 in the repository, which `make ort` installs
// (ONNX Runtime 1.30.0 from the npm package onnxruntime-node, sha256-checked).
// A path that was asked for but does not exist is an error, never a reason to
// fall back to another library.
//
// # Rules callers rely on
//
//   - Run takes inputs by name and returns outputs by name. ONNX Runtime
//     allocates outputs, so shapes known only at run time work, including
//     rank 0 and zero-size tensors.
//   - Inputs lists the required inputs only. An initializer that is also a
//     graph input is optional: leave it out to use the stored value, or feed
//     it by name to replace it for that run.
//   - Tensors hold float32, float64, float16, bfloat16, int64, int32, int8,
//     uint8 or bool (the two half formats as 16-bit patterns; Float32s
//     converts). Inputs are passed to ONNX Runtime without copying; outputs
//     are fresh Go slices owned by the caller. A model with float16 or
//     bfloat16 outputs runs as a copy with an extra Cast(to=FLOAT) output per
//     such output (onnxruntime_go v1.27 copies too few bytes of the half
//     outputs ONNX Runtime allocates); Run hands back the model's own type,
//     exactly. Half inputs need a rank of at least 1 and one element.
//   - A Session is safe for concurrent Runs. It keeps one ONNX Runtime
//     session per distinct set of fed inputs (ONNX Runtime fixes the names
//     when a session is made), so feeding a changing set of optional inputs
//     costs one model load per set.
//   - Errors name the model (its file, or Options.Name) and the input or
//     output at fault.
//   - The execution provider is cpu by default; cuda and tensorrt need a
//     library built with them plus their provider libraries, and fail with an
//     error naming the provider otherwise. Providers lists what the loaded
//     library can use.
package ortrun
