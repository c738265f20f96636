package score

import "math/bits"

// This file reproduces the random numbers of NumPy's
// np.random.default_rng(seed).choice(n, size, replace=True), which sacreBLEU's
// paired bootstrap uses to draw its resamples: the seed goes through NumPy's
// SeedSequence into a PCG64 generator (XSL-RR 128/64 output), and each index
// is drawn with Lemire's bounded method from a 32-bit value. PCG64 hands out
// 32-bit values by splitting one 64-bit output, the low half first.
// testdata/numpy_rng.json pins every step against NumPy itself.

// Constants of NumPy's SeedSequence hash mixing (numpy/random/bit_generator.pyx).
const (
	seedSeqInitA    = 0x43b0d7e5
	seedSeqMultA    = 0x931e8875
	seedSeqInitB    = 0x8b51f9dd
	seedSeqMultB    = 0x58f38ded
	seedSeqMixMultL = 0xca01f9dd
	seedSeqMixMultR = 0x4973f715
	seedSeqXShift   = 16
	seedSeqPoolSize = 4
)

// seedWords splits a seed into 32-bit words, least significant first, as
// NumPy's SeedSequence reads a Python int (0 is one zero word).
func seedWords(seed uint64) []uint32 {
	if seed>>32 == 0 {
		return []uint32{uint32(seed)}
	}
	return []uint32{uint32(seed), uint32(seed >> 32)}
}

// seedSequencePool returns the entropy pool of NumPy's SeedSequence(seed)
// with no spawn key.
func seedSequencePool(seed uint64) [seedSeqPoolSize]uint32 {
	entropy := seedWords(seed)
	hashConst := uint32(seedSeqInitA)
	hashmix := func(v uint32) uint32 {
		v ^= hashConst
		hashConst *= seedSeqMultA
		v *= hashConst
		v ^= v >> seedSeqXShift
		return v
	}
	mix := func(x, y uint32) uint32 {
		r := seedSeqMixMultL*x - seedSeqMixMultR*y
		r ^= r >> seedSeqXShift
		return r
	}
	var pool [seedSeqPoolSize]uint32
	for i := range pool {
		var v uint32
		if i < len(entropy) {
			v = entropy[i]
		}
		pool[i] = hashmix(v)
	}
	for src := range pool {
		for dst := range pool {
			if src != dst {
				pool[dst] = mix(pool[dst], hashmix(pool[src]))
			}
		}
	}
	// A uint64 seed has at most two words, never more than the pool holds,
	// so there is no remaining entropy to mix in.
	return pool
}

// seedSequenceState64 returns SeedSequence(seed).generate_state(n, np.uint64).
func seedSequenceState64(seed uint64, n int) []uint64 {
	pool := seedSequencePool(seed)
	hashConst := uint32(seedSeqInitB)
	words := make([]uint32, 2*n)
	for i := range words {
		v := pool[i%seedSeqPoolSize]
		v ^= hashConst
		hashConst *= seedSeqMultB
		v *= hashConst
		v ^= v >> seedSeqXShift
		words[i] = v
	}
	out := make([]uint64, n)
	for i := range out {
		out[i] = uint64(words[2*i]) | uint64(words[2*i+1])<<32
	}
	return out
}

// pcg64Mult is the 128-bit multiplier of PCG64's linear congruential step.
var pcg64Mult = uint128{hi: 2549297995355413924, lo: 4865540595714422341}

// uint128 is an unsigned 128-bit integer.
type uint128 struct{ hi, lo uint64 }

func (a uint128) add(b uint128) uint128 {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	return uint128{hi: a.hi + b.hi + carry, lo: lo}
}

func (a uint128) mul(b uint128) uint128 {
	hi, lo := bits.Mul64(a.lo, b.lo)
	hi += a.hi*b.lo + a.lo*b.hi
	return uint128{hi: hi, lo: lo}
}

// pcg64 is NumPy's PCG64 bit generator with its 32-bit buffer.
type pcg64 struct {
	state, inc uint128
	// half is the high half of the last 64-bit output, handed out as the
	// next 32-bit value when hasHalf is set.
	half    uint32
	hasHalf bool
}

// newPCG64 seeds PCG64 as np.random.PCG64(seed) does: four 64-bit words
// from SeedSequence give the initial state and the stream increment.
func newPCG64(seed uint64) *pcg64 {
	w := seedSequenceState64(seed, 4)
	initState := uint128{hi: w[0], lo: w[1]}
	initSeq := uint128{hi: w[2], lo: w[3]}
	g := &pcg64{inc: uint128{hi: initSeq.hi<<1 | initSeq.lo>>63, lo: initSeq.lo<<1 | 1}}
	g.step()
	g.state = g.state.add(initState)
	g.step()
	return g
}

func (g *pcg64) step() { g.state = g.state.mul(pcg64Mult).add(g.inc) }

// next64 advances the generator and returns its XSL-RR output.
func (g *pcg64) next64() uint64 {
	g.step()
	return bits.RotateLeft64(g.state.hi^g.state.lo, -int(g.state.hi>>58))
}

// next32 returns the low half of a fresh 64-bit output, or the high half of
// the previous one.
func (g *pcg64) next32() uint32 {
	if g.hasHalf {
		g.hasHalf = false
		return g.half
	}
	v := g.next64()
	g.half, g.hasHalf = uint32(v>>32), true
	return uint32(v)
}

// boundedUint32 draws a value in [0, n) for 1 ≤ n ≤ 2^32−1 with Lemire's
// method, as NumPy's integers does for ranges that fit in 32 bits.
func (g *pcg64) boundedUint32(n uint32) uint32 {
	if n == 1 {
		return 0 // NumPy draws nothing for a range of one value
	}
	m := uint64(g.next32()) * uint64(n)
	if leftover := uint32(m); leftover < n {
		threshold := -n % n // (2^32 − n) mod n
		for leftover < threshold {
			m = uint64(g.next32()) * uint64(n)
			leftover = uint32(m)
		}
	}
	return uint32(m >> 32)
}

// maxBootstrapSegments bounds the number of segments the resampling draws
// from, so that every index fits NumPy's 32-bit bounded draw.
const maxBootstrapSegments = 1 << 31

// BootstrapIndices returns the resample indices that sacreBLEU's paired
// bootstrap draws for n segments: NumPy's
// np.random.default_rng(seed).choice(n, size=(resamples, n), replace=True),
// row r holding the segments of resample r. n must be in [1, 2^31).
func BootstrapIndices(seed uint64, resamples, n int) [][]int32 {
	g := newPCG64(seed)
	flat := make([]int32, resamples*n)
	for i := range flat {
		flat[i] = int32(g.boundedUint32(uint32(n)))
	}
	rows := make([][]int32, resamples)
	for r := range rows {
		rows[r] = flat[r*n : (r+1)*n : (r+1)*n]
	}
	return rows
}
