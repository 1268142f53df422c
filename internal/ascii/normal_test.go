package ascii

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/irikit/iri/internal/simd"
)

// lookDefinition is LookNormal by its definition.
func lookDefinition(s string, upper, dlo, dhi, plo, phi, pct int) int {
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
	for i := 0; i < pct; i++ {
		if s[i] != '%' {
			continue
		}
		h := s[i+1 : i+3]
		if strings.ContainsAny(h, "abcdef") || IsUnreserved(UnhexPair(h[0], h[1])) {
			m |= LookPct
		}
	}
	return m
}

// triplets makes each '%' of b start a triplet of hex digits, chosen by
// the bytes that follow it where they are not, as LookNormal asks of the
// text it looks at.
func triplets(b []byte) {
	const digits = "0123456789ABCDEFabcdef"
	for i := 0; i < len(b); i++ {
		if b[i] != '%' {
			continue
		}
		if i+2 >= len(b) {
			b[i] = 'x'
			continue
		}
		for _, j := range []int{i + 1, i + 2} {
			if !IsHex(b[j]) {
				b[j] = digits[int(b[j])%len(digits)]
			}
		}
		i += 2
	}
}

// compareLook checks LookNormal, with the assembly the CPU has, and its
// Go form against the definition for the ranges given.
func compareLook(t testing.TB, s string, upper, dlo, dhi, plo, phi, pct int) {
	t.Helper()
	want := lookDefinition(s, upper, dlo, dhi, plo, phi, pct)
	if got := lookNormal(s, upper, dlo, dhi, plo, phi, pct); got != want {
		t.Fatalf("lookNormal(%+q, %d, %d, %d, %d, %d, %d) = %b, want %b", s, upper, dlo, dhi, plo, phi, pct, got, want)
	}
	if got := LookNormal(s, upper, dlo, dhi, plo, phi, pct); got != want {
		t.Fatalf("LookNormal(%+q, %d, %d, %d, %d, %d, %d) = %b, want %b", s, upper, dlo, dhi, plo, phi, pct, got, want)
	}
}

// Every upper bound and every pair of ranges of short strings, random
// ranges of long ones (around the lengths where the assembly changes
// its way too), and each test's hit at each place around the block
// boundaries.
func TestLookNormal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 12; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = "/.-aZé%"[rng.IntN(7)]
		}
		triplets(b)
		s := string(b)
		for u := 0; u <= n; u++ {
			for lo := 0; lo <= n; lo++ {
				for hi := 0; hi <= n; hi++ {
					compareLook(t, s, u, lo, hi, hi, lo, hi)
					compareLook(t, s, u, hi, lo, lo, hi, lo)
				}
			}
		}
	}
	lengths := []int{63, 64, 65, 127, 128, 129, 253, 254, 255, 256, 257}
	for n := 12; n < 300; n += 1 + n/10 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		b := make([]byte, n)
		for i := range b {
			b[i] = "/.-abcdefghXé%%"[rng.IntN(15)]
		}
		triplets(b)
		s := string(b)
		for range 300 {
			r := func() int { return rng.IntN(n + 1) }
			compareLook(t, s, r(), r(), r(), r(), r(), r())
		}
	}
	for pos := 0; pos < 200; pos++ {
		for _, pair := range []string{"--", "/.", "A", "\x80", "é", "%41", "%2f", "%a0", "%7E", "%5F", "%2D", "%2E", "%30", "%2F", "%C3", "%40", "%5B", "%60"} {
			s := []byte(strings.Repeat("a", 200))
			copy(s[pos:], pair)
			triplets(s)
			for _, end := range []int{pos, pos + 1, pos + 2, 200} {
				end = min(end, 200)
				for _, lo := range []int{0, pos - 1, pos, pos + 1} {
					lo = max(0, min(lo, end))
					compareLook(t, string(s), end, lo, end, lo, end, end)
					compareLook(t, string(s), lo, lo, end, 0, 0, lo)
					compareLook(t, string(s), 0, 0, 0, lo, end, 0)
				}
			}
		}
	}
}

func FuzzLookNormal(f *testing.F) {
	f.Add("HTTP://xn--a.b/./c%7e", 6, 7, 14, 14, 18, 21)
	f.Fuzz(func(t *testing.T, s string, upper, dlo, dhi, plo, phi, pct int) {
		if len(s) > 300 {
			s = s[:300]
		}
		b := []byte(s)
		triplets(b)
		s = string(b)
		n := len(s) + 1
		bound := func(x int) int { return ((x % n) + n) % n }
		compareLook(t, s, bound(upper), bound(dlo), bound(dhi), bound(plo), bound(phi), bound(pct))
	})
}

// Where the assembly is off, LookNormal is lookNormal.
func TestLookNormalFallback(t *testing.T) {
	defer simd.Restore()
	simd.Pair = false
	for _, s := range []string{"", "HTTP://a--b/./%7e", strings.Repeat("/.", 70) + "%2f"} {
		n := len(s)
		compareLook(t, s, n, 0, n, 0, n, n)
		compareLook(t, s, 0, n/2, n, n/3, n, 0)
	}
}
