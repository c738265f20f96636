package score_test

import (
	"fmt"

	"onnxprune/verify/score"
)

func Example() {
	hyps := []string{"The cat sat.", "hello"}
	refs := [][]string{{"The cat sat on the mat.", "hello world"}}

	bleu, err := score.BLEU{}.Corpus(hyps, refs)
	if err != nil {
		panic(err)
	}
	fmt.Println(bleu.Format(1))

	chrf, err := score.ChrF{WordOrder: score.ChrFPlusPlusWordOrder}.Corpus(hyps, refs)
	if err != nil {
		panic(err)
	}
	fmt.Println(chrf.Format(2))
	// Output:
	// BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0 = 28.7 100.0/66.7/50.0/50.0 (BP = 0.449 ratio = 0.556 hyp_len = 5 ref_len = 9)
	// chrF2++|nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0 = 45.28
}

func ExampleBLEU_Sentence() {
	b := score.BLEU{EffectiveOrder: true}
	s, err := b.Sentence("the cat sat on a mat", []string{"the cat sat on the mat", "a cat is on a mat"})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.4f %.4g %s\n", s.Score, s.Precisions, s.Signature)
	// Output:
	// 70.7107 [100 100 75 33.33] nrefs:2|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0
}

func ExampleBLEU_PairedBootstrap() {
	refs := [][]string{{
		"the cat sat on the mat", "a dog barked at night", "rain fell all day long",
		"she read the old book", "we walked to the river", "the sun rose over the hills",
	}}
	baseline := []string{
		"the cat sat on a mat", "a dog barked at night", "rain fell all the day",
		"she read an old book", "we walked to a river", "the sun rose over hills",
	}
	system := []string{
		"the cat sat on the mat", "a dog barked at night", "rain fell all day long",
		"she read the old book", "we walked to the river", "the sun went up",
	}
	results, err := score.BLEU{}.PairedBootstrap([][]string{baseline, system}, refs, score.DefaultBootstrap)
	if err != nil {
		panic(err)
	}
	for _, r := range results {
		fmt.Printf("%.1f (μ = %.1f ± %.1f)", r.Score, r.Mean, r.CI)
		if r.PValue != nil {
			fmt.Printf(" p = %.4f", *r.PValue)
		}
		fmt.Println()
	}
	// sacreBLEU's PairedTest prints the same figures for these sentences.
	// Output:
	// 51.7 (μ = 51.0 ± 22.0)
	// 85.5 (μ = 85.6 ± 22.5) p = 0.0400
}
