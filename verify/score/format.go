package score

import "strconv"

// SacreBLEUVersion is the sacreBLEU version whose behaviour is reproduced:
// the conformance set in testdata was made with it, and it is the version
// field of every signature.
const SacreBLEUVersion = "2.6.0"

// formatFixed formats x with prec decimals, rounding the exact binary value
// half to even like Python's f"{x:.{prec}f}".
func formatFixed(x float64, prec int) string {
	return strconv.FormatFloat(x, 'f', prec, 64)
}

func caseName(lowercase bool) string {
	if lowercase {
		return "lc"
	}
	return "mixed"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
