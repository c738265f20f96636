// Package onnxio reads and writes ONNX model files without losing anything,
// and converts tensors between their protobuf form and Go slices.
//
// # Overview
//
// Load (or Parse, for bytes) returns a *Model whose Proto field is the
// model's protobuf (package onnxpb). Save writes it back; Marshal returns
// its bytes with all tensor data inline, as ONNX Runtime takes it from
// memory. DecodeTensor and Model.Tensor turn a TensorProto into Go slices;
// EncodeTensor, NewFloat32 and NewInt64 go the other way.
//
// # Rules callers rely on
//
//   - Lossless: Save of an unmodified model writes a model that is
//     proto.Equal to the one loaded, unknown fields included; for files
//     written by the usual exporters (fields in field-number order, packed
//     where the schema says packed) the bytes are identical.
//   - Read-only inputs: the input model and its external data files are only
//     ever opened for reading. Save writes temporary files in the target
//     folder, syncs and renames them, so a failed or interrupted save leaves
//     the old file or the new one, never a partial one.
//   - External data is read lazily: each data file is memory-mapped once
//     (copy-on-write) and tensors are read from it on demand. A location
//     that is absolute, contains "..", or resolves through a symlink outside
//     the model's folder is refused, unless it lies in a directory named in
//     LoadOptions.AllowDirs. Offsets and lengths past the end of the file are
//     refused at load time.
//   - Limits before allocation: Load checks every tensor's dims against the
//     data it carries (negative dims, products that overflow, raw_data or
//     typed fields of the wrong length, external lengths), subgraph nesting
//     and attribute counts, so hostile input gives an error, not a panic or
//     a huge allocation. Errors are one line and name the file.
//   - Names: Load runs CheckNames (undefined and duplicate value names);
//     cycles and topological order are checked by graphedit.
//   - Saving with external data: tensors that were external and tensors of
//     SaveOptions.Threshold bytes or more go to one data file next to the
//     model, at offsets aligned to 64 bytes (4096 for tensors of 1 MiB or
//     more). A model that came with external data is saved with external
//     data by default, its data copied from wherever it came from; a model
//     that would pass 2 GiB inline is saved with external data
//     automatically.
//
// Tensor holds values of FLOAT, DOUBLE, INT64, INT32, INT8, UINT8, BOOL,
// FLOAT16, BFLOAT16 and UINT16 tensors; other types are carried through Load
// and Save untouched but cannot be decoded.
package onnxio
