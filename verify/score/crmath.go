package score

import (
	"math"
	"math/big"
	"sync"
)

// sacreBLEU computes BLEU with Python's math.exp and math.log, which call the
// C library. glibc's exp and log return the correctly rounded result for all
// but a tiny share of arguments (about 1 in 1,000 for exp and 1 in 8,000 for
// log on the arguments BLEU produces), while Go's math.Exp and math.Log are
// off by one unit in the last place far more often (about 1 in 7 and 1 in
// 28). So this file computes exp and log with math/big and rounds once to
// float64: correctly rounded results, equal to glibc's wherever glibc's are
// correctly rounded. It first works at 128 bits and keeps that result when
// its error bound cannot straddle a rounding boundary, which is nearly
// always; otherwise it works at workPrec (the paired bootstrap takes
// thousands of these per system).

// workPrec is the working precision in bits: far more than the 53 bits of a
// float64, so the single final rounding is the correct one except when the
// exact value lies within 2^-190 of a rounding boundary.
const workPrec = 200

var (
	ln2Once sync.Once
	ln2Big  *big.Float
)

// ln2 returns ln 2 to workPrec+32 bits, from ln 2 = Σ_{k≥1} 1/(k·2^k).
func ln2() *big.Float {
	ln2Once.Do(func() {
		prec := uint(workPrec + 32)
		sum := new(big.Float).SetPrec(prec)
		pow := new(big.Float).SetPrec(prec).SetInt64(1) // 2^-k
		term := new(big.Float).SetPrec(prec)
		half := new(big.Float).SetPrec(prec).SetFloat64(0.5)
		for k := int64(1); k <= int64(prec)+8; k++ {
			pow.Mul(pow, half)
			term.Quo(pow, new(big.Float).SetPrec(prec).SetInt64(k))
			sum.Add(sum, term)
		}
		ln2Big = sum
	})
	return ln2Big
}

// crExp returns e^x correctly rounded to float64 (see the note above).
// It underflows to 0 below −746 and overflows to +Inf above 710.
func crExp(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x == 0:
		return 1
	case x < -746:
		return 0
	case x > 710:
		return math.Inf(1)
	}
	if f, ok := roundedIfCertain(expAt(x, fastPrec), fastPrec-expErrBits); ok {
		return f
	}
	f, _ := expAt(x, workPrec+32).Float64()
	return f
}

// expAt returns e^x computed with prec-bit arithmetic, for −746 ≤ x ≤ 710.
// Its relative error is below 2^(expErrBits−prec): the error of r (at most
// 2^(11−prec) in absolute terms, as |k·ln2| < 2^10) and the Taylor sum's
// rounding, which the 2^s squarings magnify 2^12-fold.
func expAt(x float64, prec uint) *big.Float {
	// x = k·ln2 + r with |r| ≤ ln2/2.
	k := math.Round(x / math.Ln2)
	r := new(big.Float).SetPrec(prec).SetFloat64(x)
	kl := new(big.Float).SetPrec(prec).SetFloat64(k)
	kl.Mul(kl, ln2())
	r.Sub(r, kl)
	// e^r = (e^(r/2^s))^(2^s): shrink r so the Taylor series converges fast.
	const s = 12
	r.SetMantExp(r, -s)
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	for n := int64(1); n < 60; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(n))
		if term.Sign() == 0 || term.MantExp(nil)-sum.MantExp(nil) < -int(prec) {
			break
		}
		sum.Add(sum, term)
	}
	for i := 0; i < s; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// crLog returns the natural logarithm of x correctly rounded to float64 (see
// the note above). log(0) is −Inf and a negative x gives NaN, as in math.Log.
func crLog(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 1):
		return x
	case x == 1:
		return 0
	}
	if f, ok := roundedIfCertain(logAt(x, fastPrec), fastPrec-logErrBits); ok {
		return f
	}
	f, _ := logAt(x, workPrec+32).Float64()
	return f
}

// logAt returns log x computed with prec-bit arithmetic, for a finite x > 0.
// Its relative error is below 2^(logErrBits−prec): a few hundred roundings
// of 2^−prec at most, and the final sum e·ln2 + log m loses under two bits
// since |log m| ≤ ln2/2 ≤ |e·ln2|/2 whenever e ≠ 0.
func logAt(x float64, prec uint) *big.Float {
	// x = m·2^e with m in [√½, √2), so log x = e·ln2 + 2·atanh((m−1)/(m+1)).
	frac, e := math.Frexp(x) // frac in [½, 1)
	if frac < math.Sqrt2/2 {
		frac *= 2 // exact
		e--
	}
	// Now frac·2^e = x with frac in [√½, √2).
	m := new(big.Float).SetPrec(prec).SetFloat64(frac)
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	num := new(big.Float).SetPrec(prec).Sub(m, one)
	den := new(big.Float).SetPrec(prec).Add(m, one)
	t := new(big.Float).SetPrec(prec).Quo(num, den)
	t2 := new(big.Float).SetPrec(prec).Mul(t, t)
	sum := new(big.Float).SetPrec(prec)
	pow := new(big.Float).SetPrec(prec).Set(t)
	term := new(big.Float).SetPrec(prec)
	for n := int64(1); n < 400; n += 2 {
		term.Quo(pow, new(big.Float).SetPrec(prec).SetInt64(n))
		if term.Sign() == 0 || (sum.Sign() != 0 && term.MantExp(nil)-sum.MantExp(nil) < -int(prec)) {
			break
		}
		sum.Add(sum, term)
		pow.Mul(pow, t2)
	}
	sum.SetMantExp(sum, 1) // ×2
	el := new(big.Float).SetPrec(prec).SetInt64(int64(e))
	el.Mul(el, ln2())
	return sum.Add(sum, el)
}

// Ziv's strategy: evaluate at fastPrec bits first, which is enough to round
// correctly for all but about one argument in 2^(fastPrec−errBits−53), and
// only then at workPrec.
const (
	fastPrec = 128
	// expErrBits and logErrBits bound, as a power of two over 2^−prec, the
	// relative error of expAt and logAt, with a wide margin.
	expErrBits = 30
	logErrBits = 20
)

// roundedIfCertain rounds v to float64 when every value within a relative
// distance 2^−bits of v rounds to the same float64, and reports whether it
// did.
func roundedIfCertain(v *big.Float, bits uint) (float64, bool) {
	prec := v.Prec() + 64
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(bits))
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	lo := new(big.Float).SetPrec(prec).Sub(one, eps)
	hi := new(big.Float).SetPrec(prec).Add(one, eps)
	lo.Mul(lo, v)
	hi.Mul(hi, v)
	a, _ := lo.Float64()
	b, _ := hi.Float64()
	return a, a == b
}
