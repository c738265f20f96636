// Package onnxio reads and writes ONNX model files without losing anything,
// and converts tensors between their protobuf form and Go slices.
//
// # Overview
//
// Load (or Parse, for bytes) returns a *Model whose Proto field is the
// model's protobuf (package onnxpb, generated from onnx-ml.proto). Save
// writes it back; Marshal returns its bytes with all tensor data inline, as
// ONNX Runtime takes a model from memory. A model built in memory can be
// saved as &Model{Proto: p}.
//
// DecodeTensor and Model.Tensor turn a TensorProto into Go slices (Tensor);
// EncodeTensor, NewFloat32 and NewInt64 go the other way, always writing
// little-endian raw_data. Model.RawBytes gives a tensor's raw bytes without
// copying them where they are already raw. Model.Tensors lists every tensor
// of a model (initializers and tensor attributes, subgraphs included).
//
// # Rules callers rely on
//
//   - Lossless: for a model without external data, Save and Marshal of the
//     unmodified model give a model proto.Equal to the one loaded, unknown
//     fields included, and for files written by the usual exporters
//     (protobuf's field-number order, packed where the schema says packed)
//     the very same bytes. The marshalled output itself round-trips; no
//     copy of the input bytes is kept. A model with external data is saved
//     with its tensors' bytes intact; its data file is laid out anew.
//   - Read-only inputs: the input model and its external data files are
//     only ever opened for reading. Save writes temporary files in the
//     target folder, syncs and renames them, so a failed or interrupted save
//     leaves the old file or the new one, never a partial one, and saving
//     over the model's own files is safe.
//   - External data is read lazily: each data file is memory-mapped once
//     (copy-on-write) when the model is loaded, and tensors are read from it
//     on demand. A location that is absolute, contains "..", or resolves
//     through a symlink outside the model's folder is refused, unless its
//     real path lies in a directory named in LoadOptions.AllowDirs. Offsets
//     and lengths past the end of the file are refused at load time. A
//     missing length means the size the tensor's shape needs. Slices from
//     ReadExternal and RawBytes stay valid until Close.
//   - Limits before allocation: Load checks every tensor's dims against the
//     data it carries (negative dims, products that overflow, raw_data or
//     typed fields of the wrong length, external lengths), subgraph nesting,
//     attributes per node and list lengths, so hostile input gives an error,
//     not a panic or a huge allocation. Errors are one line and name the
//     file, and the graph, node and tensor where there is one.
//   - Names: Load runs CheckNames (undefined and duplicate value names);
//     cycles and topological order are graphedit's.
//   - Saving with external data: tensors that were external and tensors of
//     SaveOptions.Threshold bytes or more go to one data file next to the
//     model, at offsets aligned to 64 bytes (4096 for tensors of 1 MiB or
//     more). A model that came with external data is saved with external
//     data by default, its data copied from wherever it came from; a model
//     that would pass 2 GiB inline is saved with external data
//     automatically. Save copies external data by reading the data files
//     (not through their mappings), so saving a large model keeps only a
//     buffer of it in the process, and a data file that shrank since loading
//     is an error naming it.
//   - Concurrency: decoding and reading may run in parallel; Save and
//     Marshal swap tensor fields during the call and must not run alongside
//     other uses of the same model.
//
// Tensor holds values of FLOAT, DOUBLE, INT64, INT32, INT8, UINT8, BOOL,
// FLOAT16, BFLOAT16 and UINT16 tensors; other types are carried through Load
// and Save untouched but cannot be decoded.
package onnxio
