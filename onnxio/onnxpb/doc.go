// Package onnxpb holds the Go types of the ONNX protobuf schema (onnx-ml.proto,
// the superset of onnx.proto that also describes the ONNX-ML types), generated
// by protoc-gen-go. The schema file is copied verbatim from the onnx Python
// package (version 1.23.2); regenerate with `go generate ./onnxio/onnxpb` after
// replacing it. Requires protoc (Debian protobuf-compiler) and
// protoc-gen-go (go install google.golang.org/protobuf/cmd/protoc-gen-go).
package onnxpb

//go:generate protoc --go_out=. --go_opt=paths=source_relative --go_opt=Monnx-ml.proto=onnxprune/onnxio/onnxpb onnx-ml.proto
