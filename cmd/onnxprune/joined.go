package main

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// joinedModel returns a model holding the joined encoder+decoder graph g,
// for the commands that write or serialize it (train's training graph,
// analyze's analysis graph). Its external data is read relative to dir, the
// encoder file's folder, as g reads it (graphedit.Join keeps the first
// graph's data source; Optimum writes both files' data beside them), and
// from allowDirs. Without it a joined graph with external data could not be
// written or handed to ONNX Runtime.
func joinedModel(g *graphedit.Graph, name, dir string, allowDirs []string) (*onnxio.Model, error) {
	b, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return onnxio.Parse(b, name, &onnxio.LoadOptions{BaseDir: dir, AllowDirs: allowDirs})
}
