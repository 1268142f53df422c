package scan

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/simd"
)

// The block path must give, for every input and rule, the same answer in
// assembly as in Go (declining included), and where it does not decline
// the same Result as the DFA. These tests turn the simd switches off and
// on, so none of them may run in parallel with other tests.

type blockAnswer struct {
	head        uint64
	query, frag int
}

// blockForm is a form of the block path in assembly.
type blockForm struct {
	name string
	run  func(s string, mode uint32) (head uint64, query, frag int)
	// valid is its form for Valid, which answers only whether it took s
	// and whether s cannot match.
	valid func(s string, mode uint32) (taken, cannot bool)
	// set turns on the switches under which the entry points run it.
	set func()
}

// blockForms are the forms the CPU has.
var blockForms = func() (fs []blockForm) {
	if simd.Have.Block {
		fs = append(fs, blockForm{"block512", block512, blockValid512, func() { simd.Restore() }})
	}
	if simd.Have.Block256 {
		fs = append(fs, blockForm{"block256", block256, blockValid256, func() { simd.Restore(); simd.Block = false }})
	}
	return fs
}()

// asmOff turns off every assembly routine of the package.
func asmOff() {
	simd.ScanLoop, simd.Decode, simd.Decode512, simd.Block, simd.Block256 = false, false, false, false, false
}

// compareBlock checks the block path on s under every rule, in each form
// the CPU has.
func compareBlock(t testing.TB, s string) {
	t.Helper()
	compareBlockForms(t, s, blockForms)
}

// compareBlockForms checks the block path on s under every rule: the
// entry points under the switches of each form (and with none where
// there are none) against the DFA, each form against blockGo, and
// blockGo's answer against the DFA.
func compareBlockForms(t testing.TB, s string, forms []blockForm) {
	t.Helper()
	defer simd.Restore()
	sets := []blockForm{{name: "the CPU's", set: simd.Restore}}
	if len(forms) > 0 {
		sets = forms
	}
	for _, r := range append(allRules, numRules, 255) {
		for _, opts := range []Options{0, AllowBidi} {
			dfa := dfaScan(s, r, opts)
			// The IRI form, from the block path's answer or the scan's.
			want := "dst:"
			if dfa.OK() {
				want = string(dfaAppendIRI([]byte("dst:"), s, r, opts))
			}
			for _, f := range sets {
				f.set()
				if got, want := Valid(s, r, opts), dfa.OK(); got != want {
					t.Fatalf("%s: Valid(%+q, %v, %d) = %v, the DFA says %v", f.name, s, r, opts, got, want)
				}
				var got Result
				ScanZeroed(&got, s, r, opts)
				if got != dfa {
					t.Fatalf("%s: rule %v, opts %d, input %+q: ScanZeroed %+v, DFA %+v", f.name, r, opts, s, got, dfa)
				}
				var why Result
				b, ok := AppendIRI([]byte("dst:"), s, r, opts, &why)
				if ok != dfa.OK() || string(b) != want || !ok && why != dfa {
					t.Fatalf("%s: rule %v, opts %d, input %+q: AppendIRI %q, %v, %+v; want %q, %v, %+v", f.name, r, opts, s, b, ok, why, want, dfa.OK(), dfa)
				}
				simd.Restore()
			}
		}
	}
	if s == "" {
		return
	}
	for r, mode := range blockMode {
		var want blockAnswer
		want.head, want.query, want.frag = blockGo(s, mode)
		if want.head == 0 && (want.query != 0 || want.frag != 0) {
			t.Fatalf("blockGo(%+q, %d) declined with %+v", s, mode, want)
		}
		for _, f := range forms {
			var got blockAnswer
			got.head, got.query, got.frag = f.run(s, mode)
			if got != want {
				t.Fatalf("rule %v, input %+q: %s %+v, blockGo %+v", Rule(r), s, f.name, got, want)
			}
			// Valid's form takes what the path takes (else Valid would
			// be right but slow), and where it finds that s cannot match,
			// the DFA agrees.
			taken, cannot := f.valid(s, mode)
			plain, bidi := dfaScan(s, Rule(r), 0), dfaScan(s, Rule(r), AllowBidi)
			if taken != (want.head != 0) || cannot && (taken || plain.OK() || bidi.OK()) {
				t.Fatalf("rule %v, input %+q: %s's form for Valid took it %v, cannot match %v; blockGo %+v", Rule(r), s, f.name, taken, cannot, want)
			}
		}
		if want.head == 0 {
			continue
		}
		for _, opts := range []Options{0, AllowBidi} {
			var got Result
			blockResult(s, want.head, want.query, want.frag, &got)
			dfa := dfaScan(s, Rule(r), opts)
			if got != dfa {
				t.Fatalf("rule %v, opts %d, input %+q: block path %+v, DFA %+v", Rule(r), opts, s, got, dfa)
			}
		}
	}
}

// dfaAppendIRI is appendIRI with every assembly routine off.
func dfaAppendIRI(dst []byte, s string, r Rule, opts Options) []byte {
	defer simd.Restore()
	asmOff()
	return appendIRI(dst, s, r, opts)
}

// dfaScan is Scan with every assembly routine off.
func dfaScan(s string, r Rule, opts Options) Result {
	defer simd.Restore()
	asmOff()
	return scanOf(s, r, opts)
}

// blockInputs are references that take every branch of the block path.
var blockInputs = []string{
	"http://example.com/path/to/a/file.html?query=1#frag",
	"https://user:pw@example.com:8080/p?q#f",
	"//user@host:8080/é/ü?ø=∂#ß",
	"//h:8x/", "//h:/", "//@h", "//u@v@h/", "//h@", "//:1", "//", "///", "////a",
	"a:", "a:b", "a:/b", "a://", "1a:b", ":a", "a+b-c.d:e", "a_b:c", "é:x", "a/b:c", "a?b:c", "a#b:c",
	"?", "#", "?#", "#?", "a?b?c#d?e", "a#b#c", "a%41", "a%4", "a%", "%zz", "a%4g", "%41%42",
	"http://ja.wikipedia.org/wiki/日本語の記事_タイトル",
	"http://h/\u00a0\u00bf\u0080\u009f", "http://h/\u0800\u0fff\ud7ff\ue000\uf8ff\uf900\ufdd0\ufffd",
	"http://h/\u2013\u200e\u202e\u2066", "http://h/\U0001F600\U000E0001\U000F0000",
	"http://h/\xe4\xb8", "http://h/\xc3", "http://h/\xc0\xaf", "http://h/\xed\xa0\x80", "http://h/\xe0\x80\xaf",
	"http://[::1]/", "http://h/[", "http://h/a b", "http://h/a\x7f", "http://h/a\\b", "http://h/a{}",
	"http://1.2.3.4/", "http://1.2.3.4:80/", "http://999.2.3.4/", "http://1.2.3/",
}

func TestBlockOnInputs(t *testing.T) {
	for _, in := range append(blockInputs, "") {
		compareBlock(t, in)
	}
}

// Each input with its interesting part moved across the first block
// boundaries, in each component.
func TestBlockEveryOffset(t *testing.T) {
	tails := []string{"é", "中", "\u00a0", "\ud7ff", "\U0001F600", "%41", "%4", "%", "#f", "?q", "?q#f", "@", ":", "\xe4\xb8", "\xc3", "\x80", "a b"}
	for _, tail := range tails {
		for pad := 0; pad < 200; pad++ {
			p := strings.Repeat("a", pad)
			for _, s := range []string{
				"http://h/" + p + tail,
				"http://h/" + p + tail + "/rest",
				"http://h/p?" + p + tail + "x",
				"http://h/p#" + p + tail + "x",
				"//" + p + tail + "@h/",
				"//h" + p + tail + ":80/",
				"s" + p + ":" + tail,
				p + tail + ":x",
				"x" + p + "://" + tail,
			} {
				compareBlock(t, s)
			}
		}
	}
}

// Every BMP code point and a sample of the others, at the offsets around
// the end of the first block.
func TestBlockEveryCharacter(t *testing.T) {
	for cp := rune(0x80); cp <= utf8.MaxRune; cp++ {
		if cp > 0xFFFF && cp%61 != 0 {
			continue
		}
		if cp >= 0xD800 && cp < 0xE000 {
			continue
		}
		if raceEnabled && cp%7 != 0 {
			continue
		}
		c := string(cp)
		for pad := 58; pad < 66; pad += 2 + int(cp%2) {
			compareBlock(t, "http://h/"+strings.Repeat("a", pad-9)+c+"b")
		}
	}
}

// Every line of the benchmark corpora and its URI form.
func TestBlockOnCorpora(t *testing.T) {
	corpusRefs(t, func(_ int, p string) {
		u, _ := appendURI(nil, p, IRIReference, 0)
		compareBlock(t, p)
		compareBlock(t, string(u))
	})
}

// The block path takes nearly every line of the corpora: a change that
// makes it decline more would otherwise show only as lost speed.
func TestBlockTakesCorpora(t *testing.T) {
	for _, c := range []struct {
		name string
		min  float64
	}{{"kasztp.txt", 0.99}, {"wiki_iris_7lang.txt", 0.98}, {"geonamesjp_iris.txt", 0.99}, {"relative_urls_cc_10k.csv", 0.97}} {
		var taken, good int
		for _, l := range corpus.Lines(t, c.name) {
			parts := []string{l}
			if strings.HasSuffix(c.name, ".csv") {
				parts = strings.SplitN(l, ",", 2)
			}
			for _, p := range parts {
				if !valid(p, IRIReference, 0) || p == "" {
					continue
				}
				good++
				if h, _, _ := blockGo(p, blockMode[IRIReference]); h != 0 {
					taken++
				}
			}
		}
		if got := float64(taken) / float64(good); got < c.min {
			t.Errorf("%s: the block path takes %d of %d valid lines (%.3f), want at least %.2f", c.name, taken, good, got, c.min)
		}
	}
}

func FuzzBlock(f *testing.F) {
	for _, s := range blockInputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		compareBlock(t, s)
	})
}
