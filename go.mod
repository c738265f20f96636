module onnxprune

go 1.26

require (
	github.com/spf13/pflag v1.1.0
	github.com/yalue/onnxruntime_go v1.27.0
	google.golang.org/protobuf v1.36.12
)
