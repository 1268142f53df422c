package ascii

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// lookDefinition is LookNormal by its definition.
func lookDefinition(s string, upper, dlo, dhi, plo, phi int) int {
	m := 0
	if strings.IndexFunc(s[:upper], func(r rune) bool { return 'A' <= r && r <= 'Z' || r >= 0x80 }) >= 0 {
		m |= LookUpper
	}
	if dlo < dhi && strings.Contains(s[dlo:dhi], "--") {
		m |= LookDashes
	}
	if plo < phi && strings.Contains(s[plo:phi], "/.") {
		m |= LookSlashDot
	}
	return m
}

// compareLook checks LookNormal, with the assembly the CPU has, and its
// Go form against the definition for the ranges given.
func compareLook(t testing.TB, s string, upper, dlo, dhi, plo, phi int) {
	t.Helper()
	want := lookDefinition(s, upper, dlo, dhi, plo, phi)
	if got := lookNormal(s, upper, dlo, dhi, plo, phi); got != want {
		t.Fatalf("lookNormal(%+q, %d, %d, %d, %d, %d) = %b, want %b", s, upper, dlo, dhi, plo, phi, got, want)
	}
	if got := LookNormal(s, upper, dlo, dhi, plo, phi); got != want {
		t.Fatalf("LookNormal(%+q, %d, %d, %d, %d, %d) = %b, want %b", s, upper, dlo, dhi, plo, phi, got, want)
	}
}

// Every upper bound and every pair of ranges of short strings, random
// ranges of long ones, and each test's hit at each place around the
// block boundaries.
func TestLookNormal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 12; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = "/.-aZé"[rng.IntN(6)]
		}
		s := string(b)
		for u := 0; u <= n; u++ {
			for lo := 0; lo <= n; lo++ {
				for hi := 0; hi <= n; hi++ {
					compareLook(t, s, u, lo, hi, hi, lo)
					compareLook(t, s, u, hi, lo, lo, hi)
				}
			}
		}
	}
	for n := 12; n < 300; n += 1 + n/10 {
		b := make([]byte, n)
		for i := range b {
			b[i] = "/.-abcdefghXé"[rng.IntN(13)]
		}
		s := string(b)
		for range 300 {
			r := func() int { return rng.IntN(n + 1) }
			compareLook(t, s, r(), r(), r(), r(), r())
		}
	}
	for pos := 0; pos < 200; pos++ {
		for _, pair := range []string{"--", "/.", "A", "\x80", "é"} {
			s := []byte(strings.Repeat("a", 200))
			copy(s[pos:], pair)
			for _, end := range []int{pos, pos + 1, pos + 2, 200} {
				end = min(end, 200)
				for _, lo := range []int{0, pos - 1, pos, pos + 1} {
					lo = max(0, min(lo, end))
					compareLook(t, string(s), end, lo, end, lo, end)
					compareLook(t, string(s), lo, lo, end, 0, 0)
					compareLook(t, string(s), 0, 0, 0, lo, end)
				}
			}
		}
	}
}

func FuzzLookNormal(f *testing.F) {
	f.Add("HTTP://xn--a.b/./c", 6, 7, 14, 14, 18)
	f.Fuzz(func(t *testing.T, s string, upper, dlo, dhi, plo, phi int) {
		if len(s) > 300 {
			s = s[:300]
		}
		n := len(s) + 1
		bound := func(x int) int { return ((x % n) + n) % n }
		compareLook(t, s, bound(upper), bound(dlo), bound(dhi), bound(plo), bound(phi))
	})
}
