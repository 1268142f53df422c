package punycode

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// AppendEncoded against the samples of RFC 3492 7.1, whose basic code
// points keep their case.
func TestEncode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"münchen", "mnchen-3ya"},
		{"ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"},                          // (A) Arabic
		{"他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"},                                // (B) Chinese
		{"Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"},             // (D) Czech
		{"3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"},                                 // (L) mixed
		{"安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"}, // (M)
		{"例え", "r8jz45g"},
		{"abc", "abc-"},
		{"", ""},
	} {
		got, ok := AppendEncoded([]byte("xn--"), []rune(tc.in), 1<<20)
		if !ok || string(got) != "xn--"+tc.want {
			t.Errorf("AppendEncoded(%q) = %q, %v; want xn--%s", tc.in, got, ok, tc.want)
		}
	}
	// The delta of U+10FFFF after 2000 basic code points overflows
	// (RFC 3492 6.4); surrogates and beyond U+10FFFF are no code points.
	for _, rs := range [][]rune{
		append([]rune(strings.Repeat("a", 2000)), 0x10FFFF),
		{'a', 0xD800}, {0x110000}, {-1},
	} {
		if got, ok := AppendEncoded([]byte("x"), rs, 1<<20); ok || string(got) != "x" {
			t.Errorf("AppendEncoded(%d code points ending %U) = %q, %v; want a refusal", len(rs), rs[len(rs)-1], got, ok)
		}
	}
}

// The bound: AppendEncoded refuses exactly when the encoding is longer
// than max, and then appends nothing.
func TestEncodeMax(t *testing.T) {
	for _, s := range []string{"例え", "münchen", strings.Repeat("例", 63), strings.Repeat("a", 70) + "é", "\U0010FFFF\U0010FFFEa"} {
		full, ok := AppendEncoded(nil, []rune(s), 1<<20)
		if !ok {
			t.Fatalf("AppendEncoded(%q) refused", s)
		}
		for max := range len(full) + 2 {
			got, ok := AppendEncoded([]byte("x"), []rune(s), max)
			if want := len(full) <= max; ok != want || ok && string(got) != "x"+string(full) || !ok && string(got) != "x" {
				t.Errorf("AppendEncoded(%q, max %d) = %q, %v; the encoding is %d octets", s, max, got, ok, len(full))
			}
		}
	}
}

func TestEncodeAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	rs := []rune("例えばテスト")
	if n := testing.AllocsPerRun(100, func() { buf, _ = AppendEncoded(buf[:0], rs, 59) }); n != 0 {
		t.Errorf("AppendEncoded allocates %v times", n)
	}
}

// FuzzEncode: AppendEncoded gives what x/net's encoder (through the
// Punycode profile, which maps and checks nothing) gives for any label
// of code points, and AppendDecoded gives the code points back.
func FuzzEncode(f *testing.F) {
	for _, s := range []string{"münchen", "例え", "3年B組金八先生", "\U0010FFFF", "a-b-é", "ß", "\u00e9\u00e9\u00e8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, '.') {
			return
		}
		rs := []rune(s)
		if len(rs) > 200 {
			return // x/net's encoder is quadratic
		}
		got, ok := AppendEncoded([]byte("xn--"), rs, 1<<20)
		if !ok {
			t.Fatalf("AppendEncoded(%q) refused", s)
		}
		nonBasic := strings.IndexFunc(s, func(c rune) bool { return c >= 0x80 }) >= 0
		if nonBasic && !strings.HasPrefix(s, "xn--") && s != "" {
			want, err := idna.Punycode.ToASCII(s)
			if err != nil || string(got) != want {
				t.Errorf("AppendEncoded(%q) = %q; x/net gives %q, %v", s, got, want, err)
			}
		}
		if nonBasic && len(rs) <= 63 {
			back, ok := AppendDecoded(nil, string(got[4:]))
			if !ok || string(back) != s {
				t.Errorf("AppendDecoded(AppendEncoded(%q) = %q) = %q, %v", s, got, back, ok)
			}
		}
		short, ok := AppendEncoded(nil, rs, 63)
		if want := len(got)-4 <= 63; ok != want || ok && string(short) != string(got[4:]) {
			t.Errorf("AppendEncoded(%q, max 63) = %q, %v; the encoding is %q", s, short, ok, got[4:])
		}
	})
}

func BenchmarkEncode(b *testing.B) {
	for _, s := range []string{"例え", "テスト", "bücher", "他们为什么不说中文"} {
		rs := []rune(s)
		buf := make([]byte, 0, 64)
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				buf, _ = AppendEncoded(buf[:0], rs, 59)
			}
		})
	}
}

// punyAdapt, with its table, is the function of RFC 3492 6.1 for every
// delta a label can give and then some.
func TestAdapt(t *testing.T) {
	ref := func(delta, points int32, first bool) int32 {
		if first {
			delta /= pcDamp
		} else {
			delta /= 2
		}
		delta += delta / points
		k := int32(0)
		for delta > ((pcBase-pcTMin)*pcTMax)/2 {
			delta /= pcBase - pcTMin
			k += pcBase
		}
		return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
	}
	for delta := int32(0); delta < 1<<20; delta += 1 + delta/1000 {
		for _, points := range []int32{1, 2, 3, 7, 63, 64, 1000} {
			for _, first := range []bool{false, true} {
				if got, want := punyAdapt(delta, points, first), ref(delta, points, first); got != want {
					t.Fatalf("punyAdapt(%d, %d, %v) = %d, want %d", delta, points, first, got, want)
				}
			}
		}
	}
}
