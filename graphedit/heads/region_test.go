package heads

import "testing"

// TestReshapeAxis maps the head axis through reshapes, forward and back,
// with symbols stood for by primes (B = 1009, S = 1013) as the region
// analysis does.
func TestReshapeAxis(t *testing.T) {
	const B, S, H, dh = 1009, 1013, 4, 8
	cases := []struct {
		name     string
		from, to []int64
		a        headAx
		want     headAx
		ok       bool
	}{
		{"split features", []int64{B, S, H * dh}, []int64{B, S, H, dh}, headAx{2, 1, dh}, headAx{2, 1, 1}, true},
		{"merge features", []int64{B, S, H, dh}, []int64{B, S, H * dh}, headAx{2, 1, 1}, headAx{2, 1, dh}, true},
		{"fold into batch", []int64{B, H, S, dh}, []int64{B * H, S, dh}, headAx{1, 1, 1}, headAx{0, B, 1}, true},
		{"unfold from batch", []int64{B * H, S, dh}, []int64{B, H, S, dh}, headAx{0, B, 1}, headAx{1, 1, 1}, true},
		{"mask [B,H,1,S] to [B·H,1,S]", []int64{B, H, 1, S}, []int64{B * H, 1, S}, headAx{1, 1, 1}, headAx{0, B, 1}, true},
		{"packed QKV sections", []int64{B, S, 3 * H * dh}, []int64{B, S, 3, H, dh}, headAx{2, 3, dh}, headAx{3, 1, 1}, true},
		{"flatten with the sequence", []int64{B, S, H * dh}, []int64{B, S * H * dh}, headAx{2, 1, dh}, headAx{1, S, dh}, true},
		{"no axis holds them", []int64{B, H, S}, []int64{B, S, H}, headAx{1, 1, 1}, headAx{}, false},
	}
	for _, c := range cases {
		got, ok := reshapeAxis(c.from, c.to, c.a, H)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("%s: reshapeAxis(%v -> %v, %+v) = %+v, %v; want %+v, %v", c.name, c.from, c.to, c.a, got, ok, c.want, c.ok)
		}
	}
}
