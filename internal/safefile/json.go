package safefile

import (
	"encoding/json"
	"fmt"
)

// ReadJSON decodes the JSON document in the regular file at path (an
// output of an earlier onnxprune run: a stage's report, stages.json) into
// v. The file is read as ReadRegular reads, at most DocumentLimit bytes;
// errors name the file.
func ReadJSON(path string, v any) error {
	data, err := ReadRegular(path, DocumentLimit, "a JSON document")
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
