// Package safefile holds the rules by which onnxprune reads files it did not
// make and replaces files it writes (docs/robustness.md).
//
// Three kinds of path are told apart:
//
//   - A path read from inside a model (an external data location, the
//     tokenizer named in metadata_props, the config.json beside the model) is
//     a stranger's data. [Folder.Resolve] accepts it only inside the model's
//     folder or a directory the user allowed; [OpenRegular] opens it only as
//     a regular file (the type is checked before opening, and the open does
//     not block on a named pipe); [ReadRegular] reads it whole up to a limit.
//   - A path the user named for a text or document input may be anything
//     readable but a folder: a pipe or process substitution
//     (`--src <(zcat train.en.gz)`) is welcome. [ReadLines] streams it line by
//     line and [ReadInput] reads it whole, both up to limits, so /dev/zero or
//     a gzip bomb ends in an error that names the file and the limit.
//   - An output path is replaced only when it is a regular file, and only
//     when the user said so ([CheckOutput], [CheckReplaceable]), and
//     [WriteFileAtomic] replaces it whole or not at all.
//
// Errors name the file and never quote its contents.
package safefile
