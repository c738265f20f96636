package tokenize_test

import (
	"fmt"
	"strings"

	"onnxprune/verify/tokenize"
)

// The expected lines below are what spm_encode and spm_decode (sentencepiece
// 0.1.97) print for the same input and models.
func ExampleSentencePiece() {
	uni, err := tokenize.LoadSentencePiece("testdata/unigram.model")
	if err != nil {
		fmt.Println(err)
		return
	}
	text := "Der alte Fischer liest ＡＢＣ 😀!"
	var pieces []string
	for _, p := range uni.EncodePieces(text) {
		pieces = append(pieces, p.Text)
	}
	ids, _ := uni.Encode(text)
	fmt.Println(strings.Join(pieces, " "))
	fmt.Println(ids)
	fmt.Println(uni.Decode(ids))

	// With byte fallback, the emoji survives the round trip.
	bpe, err := tokenize.LoadSentencePiece("testdata/bpe.model")
	if err != nil {
		fmt.Println(err)
		return
	}
	ids, _ = bpe.Encode(text)
	fmt.Println(bpe.Decode(ids))
	// Output:
	// ▁D er ▁ al te ▁F is ch er ▁li est ▁A B C ▁ 😀 !
	// [45 16 8 147 127 179 244 213 16 145 123 53 634 637 8 0 31]
	// Der alte Fischer liest ABC  ⁇ !
	// Der alte Fischer liest ABC 😀!
}
