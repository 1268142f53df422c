package look

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/runeprops"
	"github.com/irikit/iri/internal/simd"
	"golang.org/x/text/unicode/norm"
)

// The generated normalization entries against x/text, for every code
// point: the combining class, the quick check values (a lone character
// that QuickSpan does not pass is "maybe" unless the form changes it),
// the canonical decomposition; the two lint properties copied, and
// the first of a composition pair.
func TestNormTables(t *testing.T) {
	firsts := map[rune]bool{}
	for _, p := range NormPairs {
		firsts[rune(p>>21)] = true
	}
	for c := rune(0x80); c < 0x110000; c++ {
		if 0xD800 <= c && c <= 0xDFFF {
			continue
		}
		s := string(c)
		want := uint16(norm.NFC.PropertiesString(s).CCC())
		for _, f := range []struct {
			form  norm.Form
			shift uint
		}{{norm.NFC, NormNFCShift}, {norm.NFKC, NormNFKCShift}} {
			switch {
			case f.form.String(s) != s:
				want |= NormQCNo << f.shift
			case f.form.QuickSpanString(s) != len(s):
				want |= NormQCMaybe << f.shift
			}
		}
		if norm.NFD.String(s) != s && !(HangulS0 <= c && c < HangulS0+HangulSN) {
			want |= NormDecomposes
		}
		if p := runeprops.Of(c); p&runeprops.PropRTL != 0 {
			want |= NormRTL
		}
		if p := runeprops.Of(c); p&runeprops.PropAttn != 0 {
			want |= NormAttn
		}
		if firsts[c] {
			want |= NormFirst
		}
		if got := normEntry(c); got != want {
			t.Errorf("%U: entry %#04x, want %#04x", c, got, want)
		}
	}
}

// Every pair composes, and every composite of two characters without
// decompositions is a pair.
func TestNormPairs(t *testing.T) {
	for _, p := range NormPairs {
		a, b := rune(p>>21), rune(p&(1<<21-1))
		if normEntry(a)&NormDecomposes != 0 || normEntry(b)&NormDecomposes != 0 {
			t.Errorf("pair %U %U: one decomposes", a, b)
		}
		if got := norm.NFC.String(string([]rune{a, b})); utf8.RuneCountInString(got) != 1 {
			t.Errorf("pair %U %U: NFC gives %+q", a, b, got)
		}
	}
	n := 0
	for c := rune(0x80); c < 0x110000; c++ {
		if 0xD800 <= c && c <= 0xDFFF || HangulS0 <= c && c < HangulS0+HangulSN {
			continue
		}
		d := []rune(norm.NFD.String(string(c)))
		if len(d) == 2 && norm.NFC.String(string(d)) == string(c) {
			n++
			if !composes(d[0], d[1]) {
				t.Errorf("%U = %U %U is no pair", c, d[0], d[1])
			}
		}
	}
	if n != len(NormPairs) {
		t.Errorf("%d composites of two, %d pairs", n, len(NormPairs))
	}
	// Hangul by arithmetic: L+V, LV+T, and not LVT+T.
	for _, tc := range []struct {
		a, b rune
		want bool
	}{{0x1100, 0x1161, true}, {0xAC00, 0x11A8, true}, {0xAC01, 0x11A8, false}, {0xAC00, 0x11A7, false}, {0x1100, 0x11A8, false}} {
		if got := composes(tc.a, tc.b); got != tc.want {
			t.Errorf("composes(%U, %U) = %v", tc.a, tc.b, got)
		}
	}
}

// Table against the normalization entries, for every code point of
// the BMP and every kind of character before it.
func TestLookTable(t *testing.T) {
	// The entry each code point has before quiet runs are marked.
	var want [1 << 16]uint8
	for c := rune(0x80); c < 0x10000; c++ {
		if 0xD800 <= c && c <= 0xDFFF {
			continue
		}
		e := normEntry(c)
		qc, qck := e>>NormNFCShift&3, e>>NormNFKCShift&3
		maybe := qc == NormQCMaybe || qck == NormQCMaybe
		first := e&(NormFirst|NormDecomposes) != 0 || isHangulFirst(c)
		mark := e&NormCCC != 0
		loud := runeprops.Of(c)&(runeprops.PropRTL|runeprops.PropAttn) != 0 || qc == NormQCNo || qck == NormQCNo || (mark || maybe) && first
		kind := 0
		if first {
			kind |= LookKindFirst
		}
		if mark {
			kind |= LookKindMark
		}
		want[c] = 1 << (LookSelfShift + kind)
		for q := uint8(0); q < 4; q++ {
			pf, pm := q&LookKindFirst != 0, q&LookKindMark != 0
			if loud || mark && pm || maybe && pf {
				want[c] |= 1 << q
			}
		}
	}
	// A run is quiet when no code point of it is ever looked at closely
	// nor is a mark; its code points then count as firsts.
	quiet := func(a, b rune) bool {
		for c := a; c < b; c++ {
			if 0xD800 <= c && c <= 0xDFFF {
				continue
			}
			if c < 0x80 || want[c]&0x0F != 0 || want[c]>>LookSelfShift&(1<<LookKindMark|1<<(LookKindMark|LookKindFirst)) != 0 {
				return false
			}
		}
		return true
	}
	for k := range rune(128) {
		if got, q := Quiet2[k] != 0, quiet(16*k, 16*k+16); got != q {
			t.Errorf("Quiet2[%#x] (U+%04X-%04X) = %v, want %v", k, 16*k, 16*k+15, got, q)
		} else if q {
			for c := 16 * k; c < 16*k+16; c++ {
				want[c] = 1 << (LookSelfShift + LookKindFirst)
			}
		}
	}
	for k := range rune(16) {
		if got, q := Quiet3[k] != 0, quiet(k<<12, (k+1)<<12); got != q {
			t.Errorf("Quiet3[%#x] = %v, want %v", k, got, q)
		} else if q {
			for c := k << 12; c < (k+1)<<12; c++ {
				want[c] = 1 << (LookSelfShift + LookKindFirst)
			}
		}
	}
	for c := rune(0x80); c < 0x10000; c++ {
		if 0xD800 <= c && c <= 0xDFFF {
			continue
		}
		if got := Table[c]; got != want[c] {
			t.Errorf("Table[%U] = %#x, want %#x", c, got, want[c])
		}
	}
	// The runs the look passes most: Cyrillic, Greek and Armenian
	// letters, CJK ideographs; not Bengali, whose vowel signs join.
	for _, c := range []rune{'ж', 'λ', 'Ա', '漢'} {
		if Table[c] != 1<<(LookSelfShift+LookKindFirst) {
			t.Errorf("%U is not in a quiet run", c)
		}
	}
	if Quiet3[0x09BE>>12] != 0 {
		t.Errorf("Bengali is in a quiet run")
	}
}

// checkLookAt compares At with x/text on s: a "surely" must be right;
// when exact is set it must also find every string in the form.
func checkLookAt(t *testing.T, s string, exact bool) {
	t.Helper()
	walk, nfc, nfkc := At(s, skipASCII(s, 0))
	// Lint starts before the first non-ASCII byte, as the scan shows
	// where the host ends but not where that byte is: the same answer.
	if w0, c0, k0 := At(s, 0); w0 != walk || c0 != nfc || k0 != nfkc {
		t.Errorf("At(%+q) from 0 = %v, %v, %v, from the first non-ASCII byte %v, %v, %v", s, w0, c0, k0, walk, nfc, nfkc)
	}
	want := false
	for _, r := range s {
		want = want || r >= 0x80 && runeprops.Of(r)&(runeprops.PropRTL|runeprops.PropAttn) != 0
	}
	if walk != want {
		t.Errorf("At(%+q) walk %v, want %v", s, walk, want)
	}
	for _, f := range []struct {
		name string
		form norm.Form
		got  bool
	}{{"NFC", norm.NFC, nfc}, {"NFKC", norm.NFKC, nfkc}} {
		want := f.form.IsNormalString(s)
		if f.got && !want || exact && f.got != want {
			t.Errorf("At(%+q): %s %v, x/text says %v", s, f.name, f.got, want)
		}
	}
}

// Strings built around each character that may join the one before it:
// At decides exactly where no decomposition is involved.
func TestLookAtMaybe(t *testing.T) {
	var maybes, firsts []rune
	for c := rune(0x80); c < 0x110000; c++ {
		if e := normEntry(c); e>>NormNFCShift&3 == NormQCMaybe || e>>NormNFKCShift&3 == NormQCMaybe {
			maybes = append(maybes, c)
		}
	}
	for _, p := range NormPairs {
		firsts = append(firsts, rune(p>>21))
	}
	firsts = append(firsts, 'a', 'e', '=', 0x0915, 0x0995, 0x1100, 0xAC00, 0xAC01, 0x4E2D, 0x3042)
	slices.Sort(firsts)
	firsts = slices.Compact(firsts)
	if len(maybes) < 100 {
		t.Fatalf("only %d maybe characters", len(maybes))
	}
	// Marks of classes 1, 7, 9, 220 and 230 to put between.
	marks := []rune{0x0334, 0x093C, 0x094D, 0x0316, 0x0301, 0x0300}
	for _, m := range maybes {
		ms := string(m)
		// Unicode 17 has maybes that decompose (U+113C5 is U+113C2
		// twice), which At leaves to x/text.
		plain := normEntry(m)&NormDecomposes == 0
		checkLookAt(t, ms, plain)
		checkLookAt(t, "x/"+ms, plain)
		for _, f := range firsts {
			fs := string(f)
			exact := normEntry(f)&NormDecomposes == 0 && normEntry(m)&NormDecomposes == 0
			checkLookAt(t, fs+ms, exact)
			checkLookAt(t, "/"+fs+ms+"/", exact)
			checkLookAt(t, fs+ms+ms, exact)
			for _, x := range marks {
				checkLookAt(t, fs+string(x)+ms, exact)
			}
		}
	}
	// Starters with decompositions before a mark that may join them:
	// "no" is then a safe answer; "yes" must be right.
	for _, s := range []string{"é\u0301", "é\u0323", "\u00C7\u0301", "\u09CB\u09D7", "가\u11A8", "각\u11A8", "ê\u0323",
		"\u0329\u0301", // marks with no starter before them (FuzzLookAt)
	} {
		checkLookAt(t, s, false)
	}
}

// On real text At decides alone, exactly: x/text has nothing to add.
func TestLookAtCorpora(t *testing.T) {
	for _, lines := range corpus.All(t) {
		for _, s := range lines {
			if utf8.ValidString(s) {
				checkLookAt(t, s, true)
			}
		}
	}
}

// FuzzLookAt: At's "surely normal" is never wrong, and its
// properties are those of the characters.
func FuzzLookAt(f *testing.F) {
	for _, s := range []string{"a\u0301", "\u0995\u09BE", "\u1100\u1161", "e\u0323\u0302", "é\u0301", "\u0915\u094D\u093C", "ｱ", "\u05D0a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Normalization is local: short inputs find as much, and keep
		// the fuzzer's minimizing quick.
		if len(s) > 64 || !utf8.ValidString(s) || strings.ContainsRune(s, utf8.RuneError) {
			return
		}
		checkLookAt(t, s, false)
	})
}

// skipASCII returns the offset of the first non-ASCII byte of s from
// s[i] on: where At may start at the latest.
func skipASCII(s string, i int) int {
	for i < len(s) && s[i] < 0x80 {
		i++
	}
	return i
}

// padded returns s as a view into a longer buffer whose bytes after s
// are lead bytes of every length, and whose end lies far from a page
// end, so that lookRun takes its vector path and reads what follows s.
func padded(s string) string {
	const pad = "\xf0\xe3\xc3\xe0\xcc\x80\xef"
	buf := []byte(strings.Repeat(pad, (len(s)+3*4096)/len(pad)))
	o := 64
	for (uintptr(unsafe.Pointer(&buf[0]))+uintptr(o+len(s)))%4096 > 4096-64 {
		o += 64
	}
	copy(buf[o:], s)
	return unsafe.String(&buf[o], len(s))
}

// lookForms are the forms of lookRunGo that this CPU can run.
func lookForms() (forms []struct {
	name string
	f    func(s string, i int, prev uint8) int
}) {
	add := func(name string, f func(s string, i int, prev uint8) int) {
		forms = append(forms, struct {
			name string
			f    func(s string, i int, prev uint8) int
		}{name, f})
	}
	if simd.Have.Look512 {
		add("lookRun512", lookRun512)
	}
	return forms
}

// checkLookRun compares each form of lookRun with lookRunGo on s at
// every character boundary, after each kind of character.
func checkLookRun(t *testing.T, s string) {
	t.Helper()
	v := padded(s)
	forms := lookForms()
	for i := 0; i <= len(v); {
		for _, prev := range []uint8{1, 2, 4, 8} {
			want := lookRunGo(v, i, prev)
			for _, f := range forms {
				if got := f.f(v, i, prev); got != want {
					t.Errorf("%s(%+q, %d, %d) = %d, want %d", f.name, s, i, prev, got, want)
				}
			}
		}
		if i == len(v) {
			break
		}
		_, n := utf8.DecodeRuneInString(v[i:])
		i += n
	}
}

// TestLookRun checks the vector form of lookRun against the Go one on
// the corpora and on characters of every length and kind around the
// blocks' edges.
func TestLookRun(t *testing.T) {
	n := 0
	for _, lines := range corpus.All(t) {
		for _, s := range lines {
			if utf8.ValidString(s) && n%7 == 0 {
				checkLookRun(t, s)
			}
			n++
		}
	}
	// A letter, a first, a mark, a "maybe" of class 0, a right-to-left
	// letter, a four-byte character, CJK, a Hangul jamo: each after
	// runs of every length, so that each falls on every lane.
	chars := []string{"a", "é", "\u0301", "\u09BE", "\u09C7", "\u09BC", "\u05D0", "\U0001F600", "漢", "\u1100", "\u1161", "ж"}
	for pre := 0; pre < 70; pre++ {
		for _, a := range chars {
			for _, b := range chars {
				checkLookRun(t, strings.Repeat("ж", pre/2)+strings.Repeat("x", pre%2)+a+b+"\u0915")
				checkLookRun(t, strings.Repeat("x", pre)+a+b)
			}
		}
	}
}

// FuzzLookRun checks the vector form of lookRun against the Go one.
func FuzzLookRun(f *testing.F) {
	for _, s := range []string{"a\u0301", "\u0995\u09BE\u09BC\u09BE", "x\U0001F600\u0301", strings.Repeat("ж", 40) + "\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 || !utf8.ValidString(s) {
			return
		}
		checkLookRun(t, s)
	})
}

// BenchmarkLookAt is At on one long string of each script, in ns a
// character: what the quick look costs where the scanner passes sixteen
// bytes at a time.
func BenchmarkLookAt(b *testing.B) {
	for _, sc := range []struct{ name, s string }{
		{"Greek", strings.Repeat("Βικιπαίδεια", 6)},
		{"Cyrillic", strings.Repeat("Географія_України_", 4)},
		{"Bengali", strings.Repeat("বাংলাদেশেরজাতীয়সংসদ", 3)},
		{"Marathi", strings.Repeat("औदुंबर_(कविता)", 4)},
		{"Japanese", strings.Repeat("千葉県流山市アップロードログ", 2)},
	} {
		n := utf8.RuneCountInString(sc.s)
		b.Run(sc.name, func(b *testing.B) {
			for b.Loop() {
				At(sc.s, 0)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/char")
		})
	}
}

// BenchmarkLookAtLines is At on the first thousand lines of each
// language of the wiki corpus that it finds quiet (nothing for the
// component walk, surely NFC and NFKC), in ns a line: the look as
// package lint runs it, from the first non-ASCII byte, on short
// references whose branches no predictor foresees. A thousand lines stay
// in the cache, as a line does after Lint's scan.
func BenchmarkLookAtLines(b *testing.B) {
	langs := map[string][]string{}
	for _, s := range corpus.Lines(b, "wiki_iris_7lang.txt") {
		if strings.HasPrefix(s, "https://") && len(s) > 10 && len(langs[s[8:10]]) < 1000 && quiet(s) {
			langs[s[8:10]] = append(langs[s[8:10]], s)
		}
	}
	for _, lang := range []string{"bn", "el", "hy", "ja", "mr", "uk", "vi"} {
		lines := langs[lang]
		from := make([]int, len(lines))
		for j, l := range lines {
			from[j] = skipASCII(l, 0)
		}
		b.Run(lang, func(b *testing.B) {
			for b.Loop() {
				for j, l := range lines {
					At(l, from[j])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/line")
		})
	}
}

// quiet reports whether At finds s, valid UTF-8, in no need of a closer
// look.
func quiet(s string) bool {
	walk, nfc, nfkc := At(s, 0)
	return utf8.ValidString(s) && !walk && nfc && nfkc
}
