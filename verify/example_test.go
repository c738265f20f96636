package verify_test

import (
	"context"
	"fmt"

	"onnxprune/verify"
)

// A Marian model exported by Hugging Face Optimum: the folder's encoder,
// decoder and decoder_with_past files, decoded with the key/value cache.
func ExampleModel_Translate() {
	m, err := verify.OpenModel([]string{"../models/fixtures/marian"},
		verify.ModelOptions{Overrides: "pad=0,eos=1,decoder-start=0"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	src := [][]int64{{17, 23, 5, 1}, {40, 41, 1}}
	o := verify.DefaultSearch()
	o.Beam, o.MaxLen = 3, 6
	hyps, err := m.Translate(context.Background(), src, o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Layout, m.Cached(), len(hyps), len(hyps[0].Tokens) <= 6)
	// Output: split+past true 2 true
}
