package scan

import (
	"testing"

	"github.com/irikit/iri/tables"
)

func TestAvoid61(t *testing.T) {
	for r, want := range map[rune]uint8{0xA0: 1, 0xFF21: 5, 0x3002: 7, 0x4E2D: 0, 0x41: 0, 0x10FFFF: 0} {
		if got := Avoid61(r); got != want {
			t.Errorf("Avoid61(U+%04X) = %d, want %d", r, got, want)
		}
	}
}

// Avoid61 with its block filter agrees with a plain walk of the list on
// every code point.
func TestAvoid61AllCodePoints(t *testing.T) {
	for r := rune(0); r <= 0x10FFFF; r++ {
		want := uint8(tables.Avoid61None)
		for _, a := range tables.Section61 {
			if a.Lo <= r && r <= a.Hi {
				want = a.Reason
				break
			}
		}
		if got := Avoid61(r); got != want {
			t.Fatalf("Avoid61(U+%04X) = %d, want %d", r, got, want)
		}
	}
}

// fastChar takes only what decodedChar and appropriate would take, with
// the same length, for every lead and second octet and a spread of third
// ones; and it does take the common scripts.
func TestFastCharAgreesWithSlowPath(t *testing.T) {
	const hex = "0123456789ABCDEF"
	pct := func(b ...byte) string {
		var s []byte
		for _, c := range b {
			s = append(s, '%', hex[c>>4], hex[c&15])
		}
		return string(s)
	}
	taken := 0
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			for _, b2 := range []byte{0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0} {
				s := "x:/" + pct(byte(b0), byte(b1), b2) + "z"
				n := fastChar(s, 3)
				if n == 0 {
					continue
				}
				taken++
				var c [4]byte
				m, cp := decodedChar(s, 3, &c)
				if m != n || !appropriate(cp, c[:m], false) {
					t.Fatalf("fastChar(%q) = %d, slow path %d (class %d)", s, n, m, cp)
				}
			}
		}
	}
	if taken == 0 {
		t.Fatal("fastChar took nothing")
	}
	for _, r := range "éДজ中ਕ" {
		if n := fastChar("%"+pct([]byte(string(r))...)[1:], 0); n != len(string(r)) {
			t.Errorf("fastChar of U+%04X = %d", r, n)
		}
	}
}
