package ascii

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The word-at-a-time forms against their byte-at-a-time definitions, on
// every byte at every position of every range of short strings.
func TestSWAR(t *testing.T) {
	for _, n := range []int{3, 8, 9, 17} {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < n; pos++ {
				b := []byte("abcdefghijklmnopq"[:n])
				b[pos] = byte(c)
				s := string(b)
				for a := 0; a <= n; a++ {
					for e := a; e <= n; e++ {
						want := a <= pos && pos < e && ('A' <= c && c <= 'Z' || c >= 0x80)
						if got := HasUpperOrHigh(s, a, e); got != want {
							t.Fatalf("HasUpperOrHigh(%q, %d, %d) = %v", s, a, e, got)
						}
						if got, want := HasPair(s, a, e, '/', '.'), strings.Contains(s[a:e], "/."); got != want {
							t.Fatalf("hasSlashDot(%q, %d, %d) = %v", s, a, e, got)
						}
					}
				}
			}
		}
		for pos := 0; pos+1 < n; pos++ {
			b := []byte("abcdefghijklmnopq"[:n])
			b[pos], b[pos+1] = '/', '.'
			s := string(b)
			for a := 0; a <= n; a++ {
				for e := a; e <= n; e++ {
					if got, want := HasPair(s, a, e, '/', '.'), strings.Contains(s[a:e], "/."); got != want {
						t.Fatalf("hasSlashDot(%q, %d, %d) = %v", s, a, e, got)
					}
				}
			}
		}
	}
}

func upperOrHighNaive(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' || c >= 0x80 {
			return true
		}
	}
	return false
}

// The word forms against the definitions: every byte value at every
// position of strings around the block edges, on ranges short and long,
// the pair straddling every edge, and random text from an alphabet dense
// in the bytes that matter, on random ranges.
func TestWordFormsAtEdges(t *testing.T) {
	fill := "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdef"
	ranges := func(n int) [][2]int {
		var rs [][2]int
		for _, a := range []int{0, 1, 7, 15, 16, 17, n - 17, n - 16, n - 15, n - 1, n} {
			for _, b := range []int{a, a + 1, a + 2, a + 15, a + 16, a + 17, a + 33, n - 1, n} {
				if 0 <= a && a <= b && b <= n {
					rs = append(rs, [2]int{a, b})
				}
			}
		}
		return rs
	}
	for _, n := range []int{1, 2, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65} {
		rs := ranges(n)
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				b := []byte(fill[:n])
				b[pos] = byte(c)
				s := string(b)
				for _, r := range rs {
					if got, want := HasUpperOrHigh(s, r[0], r[1]), upperOrHighNaive(s[r[0]:r[1]]); got != want {
						t.Fatalf("HasUpperOrHigh(%q, %d, %d) = %v", s, r[0], r[1], got)
					}
				}
			}
			if pos+1 < n {
				for _, pair := range []string{"/.", "/x", "./", "//"} {
					b := []byte(fill[:n])
					b[pos], b[pos+1] = pair[0], pair[1]
					s := string(b)
					for _, r := range rs {
						if got, want := HasPair(s, r[0], r[1], '/', '.'), strings.Contains(s[r[0]:r[1]], "/."); got != want {
							t.Fatalf("HasPair(%q, %d, %d) = %v", s, r[0], r[1], got)
						}
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "/.-aZ\x80\xff"
	for k := 0; k < 200000; k++ {
		b := make([]byte, r.IntN(86))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
			if r.IntN(4) != 0 {
				b[i] = 'q'
			}
		}
		s := string(b)
		lo := r.IntN(len(s) + 1)
		hi := lo + r.IntN(len(s)-lo+1)
		if got, want := HasPair(s, lo, hi, '/', '.'), strings.Contains(s[lo:hi], "/."); got != want {
			t.Fatalf("HasPair(%q, %d, %d, '/', '.') = %v", s, lo, hi, got)
		}
		if got, want := HasPair(s, lo, hi, '-', '-'), strings.Contains(s[lo:hi], "--"); got != want {
			t.Fatalf("HasPair(%q, %d, %d, '-', '-') = %v", s, lo, hi, got)
		}
		if got, want := HasUpperOrHigh(s, lo, hi), upperOrHighNaive(s[lo:hi]); got != want {
			t.Fatalf("HasUpperOrHigh(%q, %d, %d) = %v", s, lo, hi, got)
		}
	}
}
