module onnxprune

go 1.26

require (
	github.com/spf13/pflag v1.1.0 // indirect
	github.com/yalue/onnxruntime_go v1.27.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)
