package onnxio

import "math"

// Float16ToFloat32 converts IEEE 754 half-precision bits to float32. The
// conversion is exact: every half value, subnormals, infinities and NaNs
// included, is representable in float32 (NaN payloads are kept).
func Float16ToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f: // Inf or NaN
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp != 0: // normal
		return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
	case mant == 0: // signed zero
		return math.Float32frombits(sign)
	}
	// Subnormal half: normalise the mantissa.
	e := uint32(127 - 15 + 1)
	for mant&0x400 == 0 {
		mant <<= 1
		e--
	}
	return math.Float32frombits(sign | e<<23 | (mant&0x3ff)<<13)
}

// Float32ToFloat16 converts f to IEEE 754 half-precision bits, rounding to
// nearest with ties to even. Values beyond the half range become ±Inf, values
// below the smallest subnormal become ±0, and NaN stays a (quiet) NaN.
func Float32ToFloat16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant == 0 {
			return sign | 0x7c00
		}
		return sign | 0x7e00 | uint16(mant>>13)
	}
	e := exp - 127 + 15 // biased half exponent
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		// Subnormal half (or zero): shift the mantissa with its implicit 1.
		if e < -10 {
			return sign
		}
		m := mant | 0x800000
		shift := uint32(14 - e) // 13 + (1 - e)
		half := m >> shift
		rem := m & (1<<shift - 1)
		mid := uint32(1) << (shift - 1)
		if rem > mid || (rem == mid && half&1 == 1) {
			half++ // may carry into the smallest normal, which is right
		}
		return sign | uint16(half)
	}
	half := uint32(e)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && half&1 == 1) {
		half++ // may carry into the exponent, up to Inf, which is right
	}
	return sign | uint16(half)
}

// BFloat16ToFloat32 converts bfloat16 bits (the upper half of a float32) to
// float32 exactly.
func BFloat16ToFloat32(h uint16) float32 {
	return math.Float32frombits(uint32(h) << 16)
}

// Float32ToBFloat16 converts f to bfloat16 bits, rounding to nearest with
// ties to even; NaN stays a quiet NaN with its sign.
func Float32ToBFloat16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x0040
	}
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}
