package labels

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"

	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/scanner"
)

// The fast set of this build must be of the version x/net selects: the
// fast path stands in for x/net's tables.
func TestUnicodeVersion(t *testing.T) {
	if idna.UnicodeVersion != unicodeVersion {
		t.Errorf("x/net/idna has Unicode %s, but the fast set of this build was generated for %s: add the version to gen's unicodeVersions and run go generate ./...", idna.UnicodeVersion, unicodeVersion)
	}
}

// The fast set's "Size: N bytes." comment is its size.
func TestFastSetSize(t *testing.T) {
	src, err := os.ReadFile("fast" + unicodeVersion + ".go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Size: (\d+) bytes\.`).FindSubmatch(src)
	want := unsafe.Sizeof(fastIndex) + unsafe.Sizeof(fastLeaf)
	if m == nil || string(m[1]) != strconv.Itoa(int(want)) {
		t.Errorf("fast%s.go: Size comment %q, the tables have %d bytes", unicodeVersion, m, want)
	}
}

// checkFast fails t unless AppendToASCII, in both of its forms, gives
// what lookupToASCII (x/net) gives for l, and the fast path either
// gives the same A-label or nothing. It reports whether the fast path
// took l.
func checkFast(t *testing.T, l string) bool {
	t.Helper()
	want, werr := lookupToASCII(l)
	fast, ok := appendFast([]byte("dst"), l)
	if ok && (werr != nil || string(fast) != "dst"+want) {
		t.Errorf("fast path of %q = %q; x/net gives %q, %v", l, fast[3:], want, werr)
	}
	if !ok && string(fast) != "dst" {
		t.Errorf("fast path of %q refused but appended %q", l, fast)
	}
	got, err := AppendToASCII([]byte("dst"), l)
	gotb, errb := AppendBytesToASCII([]byte("dst"), []byte(l))
	for _, g := range []struct {
		b   []byte
		err error
	}{{got, err}, {gotb, errb}} {
		switch {
		case werr != nil && (g.err == nil || g.err.Error() != werr.Error() || string(g.b) != "dst"):
			t.Errorf("AppendToASCII(%q) = %q, %v; want the error %v", l, g.b, g.err, werr)
		case werr == nil && (g.err != nil || string(g.b) != "dst"+want):
			t.Errorf("AppendToASCII(%q) = %q, %v; want %q", l, g.b, g.err, want)
		}
	}
	if s, err := ToASCII(l); s != want || (err == nil) != (werr == nil) {
		t.Errorf("ToASCII(%q) = %q, %v; want %q, %v", l, s, err, want, werr)
	}
	return ok
}

// The transcription of the set that these tests pin: members and
// non-members, each with the reason.
func TestFastSetPinned(t *testing.T) {
	in := map[rune]string{
		'é': "Latin small, valid", 'ß': "deviation, kept by non-transitional Lookup",
		'ς': "deviation", '例': "CJK", 'え': "Hiragana", 'テ': "Katakana", 'ー': "prolonged sound mark, valid",
		'한': "Hangul syllable", 'я': "Cyrillic small", 'ü': "precomposed, NFC_QC Yes",
		0x20000: "CJK Extension B", 'ก': "Thai",
		'¡': "valid in UTS #46, though not in IDNA2008 (NV8)", '€': "NV8 too",
	}
	out := map[rune]string{
		'É': "mapped to é", 'Ａ': "fullwidth, mapped", 0xFB01: "ligature, mapped",
		0x00AD: "soft hyphen, ignored", 0x0301: "combining mark", 0x200D: "ZWJ", 0x200C: "ZWNJ",
		'א': "bidi R", 0x0627: "bidi AL", 0x0660: "bidi AN", 0x1161: "Hangul vowel jamo, NFC_QC Maybe",
		0x0958: "NFC_QC No (composition exclusion)", 0x212B: "ANGSTROM SIGN, a singleton",
		0xFFFD: "not valid in IDNA", 0x3002: "a separator, mapped to '.'", 0xFF0E: "a separator", 0xFF61: "a separator",
		0x0130: "mapped", 0xE000: "private use", 0x10FFFF: "not a character", 0x2488: "mapped to \"1.\"",
	}
	for c, why := range in {
		if !isFast(c) {
			t.Errorf("%U (%s) is not in the fast set", c, why)
		}
	}
	for c, why := range out {
		if isFast(c) {
			t.Errorf("%U (%s) is in the fast set", c, why)
		}
	}
	for c := range rune(0x80) {
		if isFast(c) {
			t.Errorf("ASCII %U is in the fast set", c)
		}
	}
}

// Every code point of the set, alone and beside ASCII and itself,
// converts as x/net converts it; so does every code point outside it
// (through the slow path).
func TestFastEveryCodePoint(t *testing.T) {
	fast := 0
	for c := rune(0x80); c <= 0x10FFFF; c++ {
		if !isFast(c) {
			if c < fastLimit+0x1000 && c%61 == 0 {
				checkFast(t, string(c)) // a sample of the rest
			}
			continue
		}
		s := string(c)
		for _, l := range []string{s, "a" + s, s + "Z", "1" + s, s + "9", "x-" + s, s + "-y", s + s, "xn-" + s} {
			if checkFast(t, l) {
				fast++
			}
		}
		if t.Failed() {
			t.Fatalf("stopping at %U", c)
		}
	}
	if fast == 0 {
		t.Fatal("the fast path took no label")
	}
}

// sample returns some code points of the set and around it: each
// block's first and last member, every 97th member, and those the pinning
// test names.
func sample() []rune {
	var rs []rune
	k := 0
	for c := rune(0x80); c < fastLimit; c++ {
		if isFast(c) != isFast(c-1) || isFast(c) != isFast(c+1) {
			rs = append(rs, c)
		} else if isFast(c) {
			if k++; k%97 == 0 {
				rs = append(rs, c)
			}
		}
	}
	return rs
}

// Pairs of code points from the sample (thinned to keep x/net's time in
// bounds), and random strings of it with ASCII, convert as x/net
// converts them.
func TestFastPairsAndStrings(t *testing.T) {
	rs := sample()
	ascii := []rune("aZ09-")
	var pool []rune
	for i, c := range rs {
		if i%7 == 0 {
			pool = append(pool, c)
		}
	}
	pool = append(pool, ascii...)
	for _, a := range pool {
		for _, b := range pool {
			checkFast(t, string([]rune{a, b}))
		}
		if t.Failed() {
			t.Fatalf("stopping at %U", a)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	all := append(rs, ascii...)
	for range 20000 {
		n := 1 + r.IntN(70)
		l := make([]rune, n)
		for i := range l {
			if r.IntN(3) == 0 {
				l[i] = ascii[r.IntN(len(ascii))]
			} else {
				l[i] = all[r.IntN(len(all))]
			}
		}
		checkFast(t, string(l))
	}
}

// The labels of every host in the corpora: the benchmark corpora, the
// fuzz seeds and the fuzz corpora of the module, raw and %HH-decoded, and
// in upper and lower case.
func TestFastCorpora(t *testing.T) {
	var lines []string
	for _, c := range corpus.All(t) {
		lines = append(lines, c...)
	}
	lines = append(lines, fuzzLines(t, filepath.Join(corpus.Dir(), "..", "..", "fuzz", "testdata"))...)
	lines = append(lines, fuzzLines(t, filepath.Join(corpus.Dir(), "fuzz"))...)
	seen := map[string]bool{}
	fast, n, high, fastHigh := 0, 0, 0, 0
	for _, line := range lines {
		for _, host := range hostsOf(line) {
			for i := 0; ; {
				j, sep := End(host, i)
				l := host[i:j]
				if d, ok := Decode(l); ok {
					l = d
				}
				for _, v := range []string{l, strings.ToUpper(l), strings.ToLower(l)} {
					if !seen[v] {
						seen[v] = true
						n++
						ok := checkFast(t, v)
						if ok {
							fast++
						}
						if !isASCII(v) {
							high++
							if ok {
								fastHigh++
							}
						}
					}
				}
				if sep == 0 {
					break
				}
				i = j + sep
			}
		}
	}
	t.Logf("%d labels, %d on the fast path; of the %d with non-ASCII text, %d", n, fast, high, fastHigh)
	// The corpora's hosts are nearly all ASCII; the words of their paths
	// (Wikipedia titles in seven scripts, Japanese place names) stand in
	// for internationalized labels.
	words, fastWords := 0, 0
	for _, line := range lines {
		for _, w := range strings.FieldsFunc(line, func(c rune) bool { return strings.ContainsRune("/?#=&_(),:;.% +'\"", c) }) {
			if isASCII(w) || seen[w] || !utf8.ValidString(w) {
				continue
			}
			seen[w] = true
			words++
			if checkFast(t, w) {
				fastWords++
			}
		}
		if words >= 200000 {
			break
		}
	}
	t.Logf("%d non-ASCII words of the paths, %d on the fast path", words, fastWords)
	if fastHigh == 0 || n < 1000 {
		t.Errorf("%d labels, %d on the fast path: the corpora are missing", n, fast)
	}
}

// hostsOf returns the host of line as an IRI reference, if it has one,
// and the host of its first field (the csv corpus).
func hostsOf(line string) []string {
	var hosts []string
	for _, s := range []string{line, strings.Split(line, ",")[0]} {
		r := scanner.Scan(s, scanner.IRIReference, 0)
		if r.OK() && r.HostKind == scanner.HostRegName {
			hosts = append(hosts, s[r.HostStart:r.HostEnd])
		}
	}
	return hosts
}

// fuzzLines returns the lines of the text files below dir and the
// strings of the Go fuzz corpus files there.
func fuzzLines(t *testing.T, dir string) []string {
	var lines []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			l := sc.Text()
			if v, ok := strings.CutPrefix(l, "string("); ok {
				if u, err := strconv.Unquote(strings.TrimSuffix(v, ")")); err == nil {
					l = u
				}
			}
			lines = append(lines, l)
		}
		return nil
	})
	if len(lines) == 0 {
		t.Errorf("no fuzz corpus in %s", dir)
	}
	return lines
}

// The fast path refuses what it cannot vouch for, and the slow path then
// gives x/net's answer or error.
func TestFastEdges(t *testing.T) {
	for _, l := range []string{
		"", "-例", "例-", "例--x", "ab--例", "é--x", "xn--例", "XN--例", "a_例", "a.例", "例%", "例\u3002",
		"Bücher", "BÜCHER", "bücher", "ÉCOLE", "例\u0301", "\u0301例", "例\u200d", "a\u05d0", "\u0660例",
		"\xff例", "例\xe4\xbe", "\xed\xa0\x80", "\xc0\xaf", "\xe0\x80\xaf", "\xf4\x90\x80\x80",
		strings.Repeat("例", 63), strings.Repeat("例", 64), strings.Repeat("é", 63), "a" + strings.Repeat("é", 62),
		strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 62) + "é",
		strings.Repeat("ab", 30) + "é", strings.Repeat("a", 57) + "é",
	} {
		checkFast(t, l)
	}
	if _, err := AppendToASCII(nil, strings.Repeat("例", 64)); !errors.Is(err, ErrTooLong) {
		t.Errorf("AppendToASCII(64 × 例) = %v, want ErrTooLong", err)
	}
	if ok := checkFast(t, "例え"); !ok {
		t.Error("the fast path refused 例え")
	}
}

func TestFastAllocs(t *testing.T) {
	buf := make([]byte, 0, 128)
	for _, l := range []string{"例え", "テスト", "bücher", "example"} {
		if n := testing.AllocsPerRun(100, func() { buf, _ = AppendToASCII(buf[:0], l) }); n != 0 {
			t.Errorf("AppendToASCII(%q) allocates %v times", l, n)
		}
		b := []byte(l)
		if n := testing.AllocsPerRun(100, func() { buf, _ = AppendBytesToASCII(buf[:0], b) }); n != 0 {
			t.Errorf("AppendBytesToASCII(%q) allocates %v times", l, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { ToASCII("example") }); n != 0 {
		t.Errorf("ToASCII(example) allocates %v times", n)
	}
}

// FuzzToASCII: AppendToASCII, fast path and all, gives x/net's answer
// (lookupToASCII) for every label, and the fast path never gives another.
func FuzzToASCII(f *testing.F) {
	for _, s := range []string{"例え", "テスト", "bücher", "BÜCHER", "xn--r8jz45g", "a-b", "-a", "é--x", "a\u0301", "\u05d0", "ß", strings.Repeat("例", 30)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) {
		if len(l) > 512 || strings.ContainsRune(l, '.') {
			return
		}
		checkFast(t, l)
		if !utf8.ValidString(l) {
			return
		}
		// The same code points made plain where they can be, so that
		// the fuzzer reaches the fast path more often.
		var b strings.Builder
		for _, c := range l {
			if isFast(c) || 'a' <= c && c <= 'z' || c == '-' {
				b.WriteRune(c)
			}
		}
		checkFast(t, b.String())
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// A label of 63 code points or fewer whose A-label passes 63 octets is
// refused as well (ErrTooLong says octets), through both paths; one just
// within passes.
func TestToASCIIOctetBound(t *testing.T) {
	long := strings.Repeat("例", 63) // 67 octets as an A-label
	if _, err := AppendToASCII(nil, long); !errors.Is(err, ErrTooLong) {
		t.Errorf("AppendToASCII(63 × 例) = %v, want ErrTooLong", err)
	}
	if _, err := lookupToASCII(long); !errors.Is(err, ErrTooLong) {
		t.Errorf("lookupToASCII(63 × 例) = %v, want ErrTooLong", err)
	}
	for n := 1; n < 63; n++ {
		l := strings.Repeat("例", n)
		a, err := AppendToASCII(nil, l)
		if want, werr := idna.Lookup.ToASCII(l); len(want) <= MaxLen && (werr != nil || err != nil || string(a) != want) {
			t.Fatalf("AppendToASCII(%d × 例) = %q, %v; want %q", n, a, err, want)
		} else if len(want) > MaxLen && !errors.Is(err, ErrTooLong) {
			t.Fatalf("AppendToASCII(%d × 例) = %q, %v; want ErrTooLong (%d octets)", n, a, err, len(want))
		}
	}
}
