package attribution

import (
	"bytes"
)

// ReportFileNames lists the files ReportFiles renders, in the order callers
// write them.
var ReportFileNames = []string{"relevance.svg", "importance.svg", "confidence.svg", "roles.svg", "summary.md"}

// ReportFiles renders rep's heatmaps (relevance, importance, confidence),
// its roles chart and its Markdown summary, keyed by the names in
// ReportFileNames. model names the analysed model in the summary.
func ReportFiles(rep *Report, model string) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, f := range []struct {
		name, title string
		m           Measure
	}{
		{"relevance.svg", "LRP relevance (normalised per layer)", MeasureRelevance},
		{"importance.svg", "Gradient importance |dL/dg| (normalised per layer)", MeasureImportance},
		{"confidence.svg", "Confidence (mean max attention weight)", MeasureConfidence},
	} {
		var b bytes.Buffer
		if err := WriteHeatmapSVG(&b, rep, f.title, f.m); err != nil {
			return nil, err
		}
		files[f.name] = b.Bytes()
	}
	var b bytes.Buffer
	if err := WriteRolesSVG(&b, rep); err != nil {
		return nil, err
	}
	files["roles.svg"] = b.Bytes()
	var s bytes.Buffer
	if err := WriteSummary(&s, rep, model); err != nil {
		return nil, err
	}
	files["summary.md"] = s.Bytes()
	return files, nil
}
