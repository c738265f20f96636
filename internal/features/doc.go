// Package features reads the float feature sources of speech models: the
// log-mel spectrogram features a Whisper encoder reads as input_features,
// given as one NumPy .npy file holding a float32 array [utterances, mel
// bins, frames] (what a feature extractor returns for a batch, saved with
// numpy.save). Row i of the array is the source of line i of the target
// file it is paired with.
//
// Every command that reads a source file (train, analyze, verify and the
// pipeline) treats a source path ending in ".npy" as features and anything
// else as text or token ids. The file follows the rules for user-named
// inputs of package safefile: it may be a pipe, and it is read up to the
// text limit (safefile.TextLimit, $ONNXPRUNE_MAX_INPUT_MB), which is checked
// against the header's shape before the data is read. Errors name the file
// and say what is wrong in one line: the magic string, the format version,
// the header, the dtype (float32 only), the memory order (C order only), the
// rank (3), the data size, and values that are not finite.
package features
