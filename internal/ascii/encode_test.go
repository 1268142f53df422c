package ascii

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/irikit/iri/internal/simd"
)

// compareEncode checks EncodeNonASCII, with the assembly the CPU has,
// against encodeNonASCII and against the definition, behind a prefix in
// dst.
func compareEncode(t testing.TB, s string) {
	t.Helper()
	var want []byte
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x80 {
			want = append(want, b)
		} else {
			want = append(want, '%', "0123456789ABCDEF"[b>>4], "0123456789ABCDEF"[b&15])
		}
	}
	if got := encodeNonASCII(nil, s); !bytes.Equal(got, want) {
		t.Fatalf("encodeNonASCII(%+q) = %q, want %q", s, got, want)
	}
	for _, prefix := range []string{"", "dst:"} {
		dst := []byte(prefix)
		got := EncodeNonASCII(dst, s)
		if string(got) != prefix+string(want) {
			t.Fatalf("EncodeNonASCII(%q, %+q) = %q, want %q", prefix, s, got, prefix+string(want))
		}
		// With room to spare: nothing past the encoded form is written.
		buf := make([]byte, len(prefix), len(prefix)+3*len(s)+64)
		copy(buf, prefix)
		spare := buf[:cap(buf)]
		for i := len(prefix); i < len(spare); i++ {
			spare[i] = 0xAA
		}
		got = EncodeNonASCII(buf, s)
		if string(got) != prefix+string(want) {
			t.Fatalf("EncodeNonASCII into a large buffer (%+q) = %q", s, got)
		}
		for i := len(got); i < len(spare); i++ {
			if spare[i] != 0xAA {
				t.Fatalf("EncodeNonASCII(%+q) wrote byte %d past its output", s, i)
			}
		}
	}
	if n := CountNonASCII(s); len(want) != len(s)+2*n {
		t.Fatalf("CountNonASCII(%+q) = %d", s, n)
	}
}

func TestEncodeNonASCII(t *testing.T) {
	if !simd.Have.Encode {
		t.Log("no AVX-512 encoder on this CPU: the Go form only")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		for _, density := range []int{0, 1, 5, 50, 100} {
			b := make([]byte, n)
			for i := range b {
				if rng.IntN(100) < density {
					b[i] = byte(0x80 + rng.IntN(128))
				} else {
					b[i] = byte(rng.IntN(128))
				}
			}
			compareEncode(t, string(b))
		}
	}
	// Every byte value at every place around a step's 21 and 64 bytes.
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 70; pos++ {
			compareEncode(t, strings.Repeat("a", pos)+string(rune(0))[:0]+string([]byte{byte(c)})+strings.Repeat("b", 70-pos))
		}
	}
	compareEncode(t, strings.Repeat("日本語", 1000))
	compareEncode(t, strings.Repeat("a", 100000)+"é")
}

func FuzzEncodeNonASCII(f *testing.F) {
	f.Add("http://例え.テスト/パス")
	f.Add("caf\xc3\xa9")
	f.Fuzz(func(t *testing.T, s string) { compareEncode(t, s) })
}

// comparePair checks HasPair, with the assembly the CPU has, against
// hasPair and the definition, on every range of s.
func comparePair(t testing.TB, s string, c1, c2 byte) {
	t.Helper()
	for a := 0; a <= len(s); a++ {
		for b := a; b <= len(s); b++ {
			want := strings.Contains(s[a:b], string([]byte{c1, c2}))
			if got := hasPair(s, a, b, c1, c2); got != want {
				t.Fatalf("hasPair(%+q, %d, %d, %q, %q) = %v", s, a, b, c1, c2, got)
			}
			if got := HasPair(s, a, b, c1, c2); got != want {
				t.Fatalf("HasPair(%+q, %d, %d, %q, %q) = %v", s, a, b, c1, c2, got)
			}
		}
	}
}

func TestHasPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 140; n += 1 + n/20 {
		b := make([]byte, n)
		for i := range b {
			b[i] = "/.-ab"[rng.IntN(5)]
		}
		comparePair(t, string(b), '/', '.')
		comparePair(t, string(b), '-', '-')
	}
	// The pair across each block boundary, and at the ends.
	for pos := 0; pos < 200; pos++ {
		s := []byte(strings.Repeat("a", 200))
		s[pos] = '/'
		if pos+1 < len(s) {
			s[pos+1] = '.'
		}
		comparePair(t, string(s[:min(len(s), pos+3)]), '/', '.')
	}
	comparePair(t, "\x00\x00", 0, 0)
}

func FuzzHasPair(f *testing.F) {
	f.Add("/a/./b", byte('/'), byte('.'))
	f.Fuzz(func(t *testing.T, s string, c1, c2 byte) {
		if len(s) > 300 {
			s = s[:300]
		}
		comparePair(t, s, c1, c2)
	})
}
