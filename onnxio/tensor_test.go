package onnxio

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"onnxprune/onnxio/onnxpb"
)

const tensorSeed = 20261202

// randomTensor fills a tensor of type dt and shape [2 3 4] with random values.
func randomTensor(dt onnxpb.TensorProto_DataType, r *rand.Rand) *Tensor {
	dims := []int64{2, 3, 4}
	n := 24
	t := &Tensor{Name: "t_" + dtypeName(dt), DataType: dt, Dims: dims}
	for range n {
		switch dt {
		case onnxpb.TensorProto_FLOAT:
			t.F32 = append(t.F32, float32(r.NormFloat64()))
		case onnxpb.TensorProto_DOUBLE:
			t.F64 = append(t.F64, r.NormFloat64())
		case onnxpb.TensorProto_INT64:
			t.I64 = append(t.I64, int64(r.Uint64()))
		case onnxpb.TensorProto_INT32:
			t.I32 = append(t.I32, int32(r.Uint32()))
		case onnxpb.TensorProto_INT8:
			t.I8 = append(t.I8, int8(r.Uint32()))
		case onnxpb.TensorProto_UINT8:
			t.U8 = append(t.U8, uint8(r.Uint32()))
		case onnxpb.TensorProto_BOOL:
			t.Bool = append(t.Bool, r.IntN(2) == 1)
		case onnxpb.TensorProto_FLOAT16:
			t.U16 = append(t.U16, Float32ToFloat16(float32(r.NormFloat64())))
		case onnxpb.TensorProto_BFLOAT16:
			t.U16 = append(t.U16, Float32ToBFloat16(float32(r.NormFloat64())))
		}
	}
	return t
}

var roundTripTypes = []onnxpb.TensorProto_DataType{
	onnxpb.TensorProto_FLOAT, onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16,
	onnxpb.TensorProto_DOUBLE, onnxpb.TensorProto_INT64, onnxpb.TensorProto_INT32,
	onnxpb.TensorProto_INT8, onnxpb.TensorProto_UINT8, onnxpb.TensorProto_BOOL,
}

// typedForm stores t's values in the typed field ONNX prescribes.
func typedForm(t *Tensor) *onnxpb.TensorProto {
	p := &onnxpb.TensorProto{Name: &t.Name, Dims: t.Dims, DataType: int32Ptr(int32(t.DataType))}
	switch t.DataType {
	case onnxpb.TensorProto_FLOAT:
		p.FloatData = t.F32
	case onnxpb.TensorProto_DOUBLE:
		p.DoubleData = t.F64
	case onnxpb.TensorProto_INT64:
		p.Int64Data = t.I64
	case onnxpb.TensorProto_INT32:
		p.Int32Data = t.I32
	case onnxpb.TensorProto_INT8:
		for _, v := range t.I8 {
			p.Int32Data = append(p.Int32Data, int32(v))
		}
	case onnxpb.TensorProto_UINT8:
		for _, v := range t.U8 {
			p.Int32Data = append(p.Int32Data, int32(v))
		}
	case onnxpb.TensorProto_BOOL:
		for _, v := range t.Bool {
			x := int32(0)
			if v {
				x = 1
			}
			p.Int32Data = append(p.Int32Data, x)
		}
	case onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16:
		for _, v := range t.U16 {
			p.Int32Data = append(p.Int32Data, int32(v))
		}
	}
	return p
}

func TestTensorRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(tensorSeed, 1))
	for _, dt := range roundTripTypes {
		want := randomTensor(dt, r)
		raw, err := EncodeTensor(want)
		if err != nil {
			t.Fatalf("%s: %v", dtypeName(dt), err)
		}
		if size, _ := ByteSize(dt, 24); int64(len(raw.RawData)) != size {
			t.Errorf("%s: raw_data has %d bytes, want %d", dtypeName(dt), len(raw.RawData), size)
		}
		for form, p := range map[string]*onnxpb.TensorProto{"raw_data": raw, "typed field": typedForm(want)} {
			got, err := DecodeTensor(p, nil)
			if err != nil {
				t.Fatalf("%s %s: %v", dtypeName(dt), form, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: decoded %+v, want %+v", dtypeName(dt), form, got, want)
			}
		}
	}
}

// TestTensorRawLayout pins the little-endian byte layout of raw_data.
func TestTensorRawLayout(t *testing.T) {
	for _, c := range []struct {
		t    *Tensor
		want []byte
	}{
		{&Tensor{DataType: onnxpb.TensorProto_FLOAT, Dims: []int64{1}, F32: []float32{1}}, []byte{0, 0, 0x80, 0x3f}},
		{&Tensor{DataType: onnxpb.TensorProto_INT64, Dims: []int64{1}, I64: []int64{-2}}, []byte{0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
		{&Tensor{DataType: onnxpb.TensorProto_FLOAT16, Dims: []int64{2}, U16: []uint16{0x3c00, 0xc000}}, []byte{0, 0x3c, 0, 0xc0}},
		{&Tensor{DataType: onnxpb.TensorProto_BOOL, Dims: []int64{3}, Bool: []bool{true, false, true}}, []byte{1, 0, 1}},
		{&Tensor{DataType: onnxpb.TensorProto_INT8, Dims: []int64{}, I8: []int8{-1}}, []byte{0xff}},
	} {
		p, err := EncodeTensor(c.t)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(p.RawData, c.want) {
			t.Errorf("%s: raw_data %x, want %x", dtypeName(c.t.DataType), p.RawData, c.want)
		}
	}
}

func TestTensorConversions(t *testing.T) {
	f16 := &Tensor{DataType: onnxpb.TensorProto_FLOAT16, Dims: []int64{3}, U16: []uint16{0x3c00, 0xc000, 0x3555}}
	bf16 := &Tensor{DataType: onnxpb.TensorProto_BFLOAT16, Dims: []int64{2}, U16: []uint16{0x3f80, 0xc040}}
	f64 := &Tensor{DataType: onnxpb.TensorProto_DOUBLE, Dims: []int64{2}, F64: []float64{0.1, -3}}
	for _, c := range []struct {
		t    *Tensor
		want []float32
	}{
		{f16, []float32{1, -2, 0.333251953125}},
		{bf16, []float32{1, -3}},
		{f64, []float32{0.1, -3}},
	} {
		got, err := c.t.AsFloat32()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s AsFloat32 = %v, want %v", dtypeName(c.t.DataType), got, c.want)
		}
	}
	for _, c := range []struct {
		t    *Tensor
		want []int64
	}{
		{&Tensor{DataType: onnxpb.TensorProto_INT32, Dims: []int64{2}, I32: []int32{-5, 7}}, []int64{-5, 7}},
		{&Tensor{DataType: onnxpb.TensorProto_INT8, Dims: []int64{2}, I8: []int8{-128, 127}}, []int64{-128, 127}},
		{&Tensor{DataType: onnxpb.TensorProto_UINT8, Dims: []int64{1}, U8: []uint8{255}}, []int64{255}},
		{&Tensor{DataType: onnxpb.TensorProto_BOOL, Dims: []int64{2}, Bool: []bool{true, false}}, []int64{1, 0}},
	} {
		got, err := c.t.AsInt64()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s AsInt64 = %v, want %v", dtypeName(c.t.DataType), got, c.want)
		}
	}
	if _, err := f16.AsInt64(); err == nil {
		t.Error("FLOAT16 AsInt64 did not fail")
	}
	if _, err := (&Tensor{DataType: onnxpb.TensorProto_INT64}).AsFloat32(); err == nil {
		t.Error("INT64 AsFloat32 did not fail")
	}
}

func TestDecodeTensorErrors(t *testing.T) {
	ext := onnxpb.TensorProto_EXTERNAL
	for _, c := range []struct {
		name string
		p    *onnxpb.TensorProto
		want string
	}{
		{"short raw", &onnxpb.TensorProto{Dims: []int64{4}, DataType: int32Ptr(1), RawData: make([]byte, 12)}, "needs 16 bytes"},
		{"huge dims", &onnxpb.TensorProto{Dims: []int64{1 << 20, 1 << 20}, DataType: int32Ptr(1), RawData: make([]byte, 4)}, "needs 4398046511104 bytes"},
		{"overflow", &onnxpb.TensorProto{Dims: []int64{1 << 32, 1 << 32, 1 << 32}, DataType: int32Ptr(1)}, "more than 2^63"},
		{"negative", &onnxpb.TensorProto{Dims: []int64{-1}, DataType: int32Ptr(1)}, "negative dimension"},
		{"typed count", &onnxpb.TensorProto{Dims: []int64{3}, DataType: int32Ptr(1), FloatData: []float32{1}}, "needs 3 values"},
		{"string", &onnxpb.TensorProto{Dims: []int64{1}, DataType: int32Ptr(8), StringData: [][]byte{[]byte("a")}}, "not supported"},
		{"external without source", &onnxpb.TensorProto{Dims: []int64{1}, DataType: int32Ptr(1), DataLocation: &ext,
			ExternalData: []*onnxpb.StringStringEntryProto{kv("location", "w.bin")}}, "no external source"},
	} {
		_, err := DecodeTensor(c.p, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestEncodeTensorErrors(t *testing.T) {
	if _, err := EncodeTensor(&Tensor{DataType: onnxpb.TensorProto_FLOAT, Dims: []int64{2}, F32: []float32{1}}); err == nil {
		t.Error("length mismatch accepted")
	}
	if _, err := EncodeTensor(&Tensor{DataType: onnxpb.TensorProto_STRING, Dims: []int64{0}}); err == nil {
		t.Error("STRING accepted")
	}
}

func TestNewFloat32Int64(t *testing.T) {
	p := NewFloat32("w", []int64{2}, []float32{1, 2})
	got, err := DecodeTensor(p, nil)
	if err != nil || got.Name != "w" || !reflect.DeepEqual(got.F32, []float32{1, 2}) {
		t.Errorf("NewFloat32 decoded to %+v, %v", got, err)
	}
	p = NewInt64("s", nil, []int64{-7})
	got, err = DecodeTensor(p, nil)
	if err != nil || got.NumElements() != 1 || !reflect.DeepEqual(got.I64, []int64{-7}) {
		t.Errorf("NewInt64 scalar decoded to %+v, %v", got, err)
	}
}

// halfValue is the exact value of half-precision bits h, computed
// independently of Float16ToFloat32 with float64 arithmetic.
func halfValue(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e := int(h>>10) & 0x1f
	m := float64(h & 0x3ff)
	switch e {
	case 0x1f:
		if m == 0 {
			return sign * math.Inf(1)
		}
		return math.NaN()
	case 0:
		return sign * m * math.Pow(2, -24)
	}
	return sign * (1 + m/1024) * math.Pow(2, float64(e-15))
}

func TestFloat16Exhaustive(t *testing.T) {
	for i := range 1 << 16 {
		h := uint16(i)
		f := Float16ToFloat32(h)
		want := halfValue(h)
		if math.IsNaN(want) {
			if !math.IsNaN(float64(f)) || !math.IsNaN(float64(Float16ToFloat32(Float32ToFloat16(f)))) {
				t.Fatalf("%#04x: NaN not kept", h)
			}
			continue
		}
		if float64(f) != want || math.Signbit(float64(f)) != (h&0x8000 != 0) {
			t.Fatalf("Float16ToFloat32(%#04x) = %v, want %v", h, f, want)
		}
		if back := Float32ToFloat16(f); back != h {
			t.Fatalf("Float32ToFloat16(%v) = %#04x, want %#04x", f, back, h)
		}
	}
}

// TestFloat32ToFloat16Rounding checks round-to-nearest-even on random
// float32s over the whole half range against the exact neighbours.
func TestFloat32ToFloat16Rounding(t *testing.T) {
	r := rand.New(rand.NewPCG(tensorSeed, 2))
	for range 200000 {
		f := float32(math.Ldexp(r.Float64()*2-1, r.IntN(44)-28))
		h := Float32ToFloat16(f)
		got := halfValue(h)
		// The two representable neighbours of f decide the right answer.
		for _, nb := range []uint16{h - 1, h + 1} {
			v := halfValue(nb)
			if math.IsNaN(v) || math.IsInf(v, 0) || (nb^h)&0x8000 != 0 {
				continue
			}
			dg, dn := math.Abs(float64(f)-got), math.Abs(float64(f)-v)
			if dn < dg || (dn == dg && h&1 == 1) {
				t.Fatalf("Float32ToFloat16(%g) = %#04x (%g); %#04x (%g) is nearer or the even tie", f, h, got, nb, v)
			}
		}
	}
	for _, c := range []struct {
		f    float32
		want uint16
	}{
		{65504, 0x7bff}, {65519.99, 0x7bff}, {65520, 0x7c00}, {1e9, 0x7c00}, {-1e9, 0xfc00},
		{float32(math.Ldexp(1, -24)), 0x0001}, {float32(math.Ldexp(1, -25)), 0x0000},
		{float32(math.Ldexp(3, -26)), 0x0001}, {float32(math.Ldexp(1023, -24)), 0x03ff},
		{float32(math.Ldexp(2047, -25)), 0x0400}, {float32(math.Inf(1)), 0x7c00},
		{float32(math.Copysign(0, -1)), 0x8000},
	} {
		if got := Float32ToFloat16(c.f); got != c.want {
			t.Errorf("Float32ToFloat16(%g) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
}

func TestBFloat16(t *testing.T) {
	for i := range 1 << 16 {
		h := uint16(i)
		f := BFloat16ToFloat32(h)
		if math.IsNaN(float64(f)) {
			if !math.IsNaN(float64(BFloat16ToFloat32(Float32ToBFloat16(f)))) {
				t.Fatalf("%#04x: NaN not kept", h)
			}
			continue
		}
		if back := Float32ToBFloat16(f); back != h {
			t.Fatalf("Float32ToBFloat16(%v) = %#04x, want %#04x", f, back, h)
		}
	}
	for _, c := range []struct {
		bits uint32
		want uint16
	}{
		{0x3f808000, 0x3f80}, // tie, even stays
		{0x3f818000, 0x3f82}, // tie, odd rounds up
		{0x3f808001, 0x3f81}, // above the tie
		{0x7f7fffff, 0x7f80}, // max float rounds to Inf
		{0x7f800001, 0x7fc0}, // signalling NaN becomes quiet
	} {
		if got := Float32ToBFloat16(math.Float32frombits(c.bits)); got != c.want {
			t.Errorf("Float32ToBFloat16(%#08x) = %#04x, want %#04x", c.bits, got, c.want)
		}
	}
}
