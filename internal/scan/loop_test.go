package scan

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/simd"
)

// The assembly loops (scanLoop, decodeRun, block512) and the Go loops must
// agree on everything: result, flags, error code and offset, the URI form
// and the IRI form. These tests run both on the same inputs; they turn
// the simd switches off and on, so none of them may run in parallel with
// other tests.

func needVec(t testing.TB) {
	if !simd.Have.ScanLoop || !simd.Have.Decode {
		t.Skip("no assembly loop on this CPU")
	}
}

// scanBoth runs f once with the assembly the CPU has, and once with the
// DFA walk in Go alone.
func scanBoth[T any](f func() T) (vec, goLoop T) {
	defer simd.Restore()
	simd.Restore()
	vec = f()
	asmOff()
	goLoop = f()
	return vec, goLoop
}

type scanOutcome struct {
	res   Result
	valid bool
	uri   string
	ures  Result
	iri   string
	lines [2]linesOutcome
}

// linesOutcome is what ValidLines returns.
type linesOutcome struct {
	bad, lines int
}

// linesWant is ValidLines' definition: IndexByte, then Valid on the line,
// until one is not valid.
func linesWant(s string, r Rule, opts Options) linesOutcome {
	var o linesOutcome
	for i := 0; i < len(s); o.lines++ {
		n := strings.IndexByte(s[i:], '\n')
		if n < 0 {
			n = len(s) - i
		}
		if !valid(s[i:i+n], r, opts) {
			o.bad = i
			return o
		}
		i += n + 1
	}
	o.bad = len(s)
	return o
}

// checkLines checks ValidLines on s against its definition.
func checkLines(t testing.TB, s string, r Rule, opts Options) linesOutcome {
	t.Helper()
	var got linesOutcome
	got.bad, got.lines = ValidLines(s, r, opts)
	if want := linesWant(s, r, opts); got != want {
		t.Fatalf("ValidLines(%+q, %v, %d) = %+v, want %+v", s, r, opts, got, want)
	}
	return got
}

// compareLoops checks that both loops agree on s under rule r.
func compareLoops(t testing.TB, s string, r Rule, opts Options) {
	t.Helper()
	vec, goLoop := scanBoth(func() scanOutcome {
		var o scanOutcome
		o.res = scanOf(s, r, opts)
		o.valid = valid(s, r, opts)
		u, ures := appendURI([]byte("dst:"), s, r, opts)
		o.uri, o.ures = string(u), ures
		i := appendIRI([]byte("dst:"), s, r, opts)
		o.iri = string(i)
		// As a line, between others.
		o.lines[0] = checkLines(t, s, r, opts)
		o.lines[1] = checkLines(t, "http://a/b\n"+s+"\nhttp://a/b\n", r, opts)
		return o
	})
	if vec != goLoop {
		t.Fatalf("rule %v, opts %d, input %+q:\nassembly %+v\nGo       %+v", r, opts, s, vec, goLoop)
	}
}

func compareAllRules(t testing.TB, s string) {
	t.Helper()
	for _, r := range allRules {
		for _, o := range []Options{0, AllowBidi} {
			compareLoops(t, s, r, o)
		}
	}
}

// Every line of the benchmark corpora (both columns of the relative one)
// under IRI-reference, and a sample under every rule.
func TestLoopsAgreeOnCorpora(t *testing.T) {
	needVec(t)
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt", "relative_urls_cc_10k.csv"} {
		lines := corpus.Lines(t, name)
		if len(lines) < 1000 {
			t.Fatalf("%s: only %d lines", name, len(lines))
		}
		for k, l := range lines {
			parts := []string{l}
			if strings.HasSuffix(name, ".csv") {
				parts = strings.SplitN(l, ",", 2)
			}
			for _, p := range parts {
				// And its URI form: URIs on the wire are mostly chains
				// of %HH.
				u, _ := appendURI(nil, p, IRIReference, 0)
				for _, p := range []string{p, string(u)} {
					if k%50 == 0 {
						compareAllRules(t, p)
					} else {
						compareLoops(t, p, IRIReference, 0)
					}
				}
			}
		}
	}
}

// Every BMP code point and a sample of the others, at every position
// relative to a sixteen-byte block, in a path and in a query.
func TestLoopsAgreeOnEveryCharacter(t *testing.T) {
	needVec(t)
	var buf []byte
	for c := rune(0x80); c <= utf8.MaxRune; c++ {
		if c >= 0x10000 && c&0xFFF != 0 && c&0xFFFF < 0xFFFE {
			continue
		}
		if !utf8.ValidRune(c) {
			continue
		}
		for k := 0; k < 18; k++ {
			for _, prefix := range []string{"http://h/", "http://h/?"} {
				buf = append(buf[:0], prefix...)
				buf = append(buf, "aaaaaaaaaaaaaaaaaa"[:k]...)
				buf = utf8.AppendRune(buf, c)
				buf = append(buf, 'b')
				compareLoops(t, string(buf), IRI, 0)
			}
		}
	}
}

// Every two-byte start of a sequence, with a few third bytes, placed so
// that it meets the block boundary at every offset the loop cares about.
func TestLoopsAgreeOnIllFormedUTF8(t *testing.T) {
	needVec(t)
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			for _, b2 := range []byte{'A', 0x80, 0xA0, 0xBF, 0xC3, 0xE4} {
				for k := 11; k <= 17; k++ {
					s := "http://h/" + "aaaaaaaaaaaaaaaaa"[:k] + string([]byte{byte(b0), byte(b1), b2}) + "\xb8\xadz"
					compareLoops(t, s, IRI, 0)
				}
			}
		}
	}
}

// Mixed runs that exercise a character cut by the block boundary, the
// back-off to a lead byte, and every delimiter after non-ASCII text.
func TestLoopsAgreeOnMixedRuns(t *testing.T) {
	needVec(t)
	pieces := []string{"a", "中", "é", "ব", "\u200e", "\ue000", "%41", "%4", "/", "?", "#", ":", "@", "[", " ", "\x80", "\xe4\xb8", "😀", "–", "\uff08", "\ud7a3"}
	var walk func(prefix string, depth int)
	walk = func(prefix string, depth int) {
		for _, head := range []string{"http://h/", "//", "x:", "", "http://u@h:1/"} {
			compareAllRules(t, head+prefix)
		}
		if depth == 0 {
			return
		}
		for _, p := range pieces {
			walk(prefix+p+strings.Repeat("x", depth*3), depth-1)
		}
	}
	walk("", 3)
}

// Chains of %HH of every length up to three blocks, with one defect at
// every place in them, starting at every offset of a block, in each
// component that takes percent-encoding and some that do not.
func TestLoopsAgreeOnPercentChains(t *testing.T) {
	needVec(t)
	heads := []string{"http://h/", "http://h/?", "http://h/#", "//", "//u", "//u@h:", "x:", "", "http://[::1]/"}
	// Bytes on both sides of each hex digit range, and non-ASCII.
	defects := []string{"", "%", "%4", "%/0", "%:0", "%0/", "%0:", "%@0", "%G0", "%`0", "%g0", "%0G", "%0g", "%\xe4\xb8\xad", "/", "a", "%2F"}
	trip := []string{"%E6", "%97", "%a5", "%2d", "%Ff", "%00"}
	for _, head := range heads {
		for off := 0; off < 16; off++ {
			for n := 0; n <= 16; n++ {
				for _, d := range defects {
					var b strings.Builder
					b.WriteString(head)
					b.WriteString("abcdefghijklmnop"[:off])
					for k := 0; k < n; k++ {
						b.WriteString(trip[k%len(trip)])
					}
					b.WriteString(d)
					if n%2 == 0 {
						b.WriteString("%41z")
					}
					compareLoops(t, b.String(), IRIReference, 0)
				}
			}
		}
		compareAllRules(t, head+strings.Repeat("%E4%B8%AD", 40))
	}
}

// Every code point percent-encoded, in either case, at every lane of the
// decoder's fifteen, after ASCII that keeps or does not keep its triplet,
// in a path and in a query; and every pair of octets with a few third
// ones. The decoder must agree with the scalar conversion on each.
func TestDecodeAgreesOnEveryCharacter(t *testing.T) {
	needVec(t)
	var buf []byte
	enc := func(b []byte, c rune, lower bool) []byte {
		hex := ascii.UpperHex
		if lower {
			hex = "0123456789abcdef"
		}
		for _, o := range []byte(string(c)) {
			b = append(b, '%', hex[o>>4], hex[o&15])
		}
		return b
	}
	for c := rune(1); c <= utf8.MaxRune; c++ {
		if c >= 0x10000 && c&0xFFF != 0 && c&0xFFFF < 0xFFFE || !utf8.ValidRune(c) {
			continue
		}
		// The lanes that matter: the first, and those where a character
		// meets the end of the fifteen.
		for _, k := range []int{0, 1, 11, 12, 13, 14} {
			// Path and query (where iprivate is decoded) in turn.
			prefix := "http://h/"
			if c&1 == 1 {
				prefix = "http://h/?%2F"
			}
			buf = append(buf[:0], prefix...)
			for j := 0; j < k; j++ {
				buf = append(buf, "%41"...)
			}
			buf = enc(buf, c, k&1 == 1)
			buf = append(buf, "%E4%B8%ADb"...)
			compareLoops(t, string(buf), IRIReference, 0)
		}
	}
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			for _, b2 := range []byte{'A', 0x80, 0xA0, 0xBF, 0xC3} {
				for k := 12; k <= 14; k++ {
					buf = append(buf[:0], "http://h/"...)
					for j := 0; j < k; j++ {
						buf = append(buf, "%41"...)
					}
					for _, o := range []byte{byte(b0), byte(b1), b2} {
						buf = append(buf, '%', ascii.UpperHex[o>>4], ascii.UpperHex[o&15])
					}
					buf = append(buf, "%B8z"...)
					compareLoops(t, string(buf), IRIReference, 0)
				}
			}
		}
	}
}

// An LF at every place of inputs that reach every sub-step: in a
// triplet, an IP literal, a UTF-8 sequence, after the "http://" shortcut,
// before and after a CR.
func TestValidLinesEveryPlace(t *testing.T) {
	needVec(t)
	inputs := []string{
		"http://example.com/path/to/a/file.html?query=1#frag",
		"https://u:p@host:8080/a%20b/%E4%B8%AD?x=%41#%42",
		"http://[2001:db8::1]:80/p",
		"//[v1.fe:x]/p",
		"http://ja.wikipedia.org/wiki/日本語の記事_タイトル",
		"//user@host:8080/é/ü?ø=∂#ß",
		"x:/\u200e\ue000\U000F0000?\U00100000",
		"a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q",
		"http://h/%E4%B8%AD%E6%96%87%E7%BB%B4%E5%9F%BA%E7%99%BE%E7%A7%91",
		"http://h/a\r",
		"http://",
		"https://",
	}
	for _, in := range inputs {
		checkLines(t, in+"\n", IRIReference, 0)
		for k := 0; k <= len(in); k++ {
			for _, s := range []string{in[:k] + "\n" + in[k:], in[:k] + "\n", in[:k] + "\r\n" + in[k:], in + "\n" + in[:k] + "\n" + in[k:]} {
				for _, r := range allRules {
					checkLines(t, s, r, 0)
				}
				checkLines(t, s, IRIReference, AllowBidi)
			}
		}
	}
}

func FuzzLoops(f *testing.F) {
	for _, s := range []string{"http://h/ab", "http://例え.テスト/パス?クエリ#frag", "x:/\u200e", "//[::1]:80/p?q", "a%zz", "\xe0\x80\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		needVec(t)
		// Every rule once, and AllowBidi where it matters: enough to
		// cover each table variant, light enough for short smoke runs.
		for _, r := range allRules {
			compareLoops(t, s, r, 0)
		}
		compareLoops(t, s, IRIReference, AllowBidi)
		// And as lines, wherever its LFs are.
		checkLines(t, s, IRIReference, 0)
	})
}
