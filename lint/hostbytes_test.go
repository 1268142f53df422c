package lint

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestLintNormalAllocs(t *testing.T) {
	dst := make([]Violation, 0, 8)
	for _, s := range []string{
		"https://bn.wikipedia.org/wiki/মিডিয়াউইকি:Category",       // vowel signs, nukta
		"https://mr.wikipedia.org/wiki/औदुंबर_(कविता)",             // virama
		"https://ko.example/\uAC01\u11A8",                          // a trailing jamo no LVT syllable joins
		"https://vi.wikipedia.org/wiki/Alexandre_De_Rhodes_Nguyễn", // precomposed
	} {
		if n := testing.AllocsPerRun(100, func() { dst = AppendViolations(dst[:0], s) }); n != 0 {
			t.Errorf("AppendViolations(%q) allocates %v times", s, n)
		}
		if len(dst) != 0 {
			t.Errorf("AppendViolations(%q) = %v, want none", s, dst)
		}
	}
}

func TestHostBytes(t *testing.T) {
	for _, tc := range []struct {
		s              string
		nonASCII, dash bool
	}{
		{"", false, false},
		{"-", false, true},
		{"a.example", false, false},
		{"a-b.example", false, true},
		{"\u00e9", true, false},
		{"xn--caf-dma.example", false, true},
		{"caf\u00e9-bar.example", true, true},
		{"0123456-", false, true},                         // in the last byte of one word
		{"01234567-", false, true},                        // in the overlapping last word
		{"-0123456789abcdef0123456789", false, true},      // in the first word
		{"0123456789abcdef0123456789\u00e9", true, false}, // in the last word only
	} {
		// In a longer string, as a host is: bytes around it do not count.
		pre, post := "\u00e9-", "-\u00e9"
		s := pre + tc.s + post
		if nonASCII, dash := hostBytes(s, len(pre), len(pre)+len(tc.s)); nonASCII != tc.nonASCII || dash != tc.dash {
			t.Errorf("hostBytes(%q) = %v, %v, want %v, %v", tc.s, nonASCII, dash, tc.nonASCII, tc.dash)
		}
	}
	// Against the plain reading, on strings of '-', '.', ',' (one and
	// three below '-', where a borrow could mislead) and a non-ASCII
	// byte, at every length and start.
	rnd := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 40)
	for range 20000 {
		for j := range b {
			b[j] = "-.,a\xc3"[rnd.IntN(5)]
		}
		s := string(b)
		a := rnd.IntN(len(s) + 1)
		e := a + rnd.IntN(len(s)-a+1)
		wantHigh := strings.IndexByte(s[a:e], 0xc3) >= 0
		wantDash := strings.IndexByte(s[a:e], '-') >= 0
		if nonASCII, dash := hostBytes(s, a, e); nonASCII != wantHigh || dash != wantDash {
			t.Fatalf("hostBytes(%q, %d, %d) = %v, %v, want %v, %v", s, a, e, nonASCII, dash, wantHigh, wantDash)
		}
	}
}
