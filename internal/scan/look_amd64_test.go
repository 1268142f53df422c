//go:build amd64 && !purego

package scan

import (
	"strings"
	"testing"

	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/simd"
)

// The block path with the look takes what the block path takes, with the
// same answer, and in a line's mode ends each line at its LF: the entry
// points fall back to Go where it declines, so only this shows that it
// does not.
func TestBlockLookTakes(t *testing.T) {
	if !simd.Have.Block {
		t.Skip("no AVX-512 block path on this CPU")
	}
	check := func(line string) {
		t.Helper()
		if line == "" || strings.Contains(line, "\n") {
			return
		}
		for r := range Rule(numRules) {
			mode := blockMode[r]
			h, q, f := block512(line, mode)
			for _, rest := range []string{"", "\n", "\nhttp://a/\n", "\n" + strings.Repeat("y", 100)} {
				m := mode
				if rest != "" {
					m |= modeLine
				}
				lh, lq, lf, mark, n := blockLook512(line+rest, m)
				if h == 0 {
					if lh != 0 {
						t.Fatalf("rule %v, %+q: blockPathLook takes what blockPath declines", r, line+rest)
					}
					continue
				}
				if lh&^(1<<headLookPct) != h&^(1<<headDigit) || lq != q || lf != f || n != len(line) || uint32(mark) != m&^modeLine {
					t.Fatalf("rule %v, %+q: blockPathLook gives %x %d %d (mark %x, n %d), blockPath %x %d %d", r, line+rest, lh, lq, lf, mark, n, h, q, f)
				}
			}
		}
	}
	for _, s := range lookInputs {
		check(s)
	}
	// Every length around the blocks' ends, so that a line ends where a
	// block would start.
	for n := 10; n < 200; n++ {
		check("http://h/" + strings.Repeat("a", n-9))
		check("http://h/" + strings.Repeat("é", (n-9)/2) + "/./")
	}
	// An empty line: the path has no block to read, and declines.
	for _, s := range []string{"\n", "\nhttp://h/"} {
		if h, _, _, _, _ := blockLook512(s, modeLine); h != 0 {
			t.Fatalf("blockPathLook takes the empty line of %+q", s)
		}
	}
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt"} {
		for k, l := range corpus.Lines(t, name) {
			if k%3 == 0 {
				check(l)
			}
		}
	}
}

// normalLines vouches only for lines normalAsIs vouches for, and stops
// only at a line normalAsIs does not vouch for or the block path
// declines; it goes past most lines of the corpora.
func TestNormalLines(t *testing.T) {
	if !simd.Have.Block {
		t.Skip("no AVX-512 block path on this CPU")
	}
	check := func(text string, flags uint32) (passed, total int) {
		t.Helper()
		for i := 0; i < len(text); {
			i0 := i
			next, lines := normalLines(text[i:], blockMode[IRIReference], flags)
			// Every line passed over, one by one.
			for k := 0; k < lines; k++ {
				var res Result
				look, n := ScanLookLine(&res, text[i:], IRIReference, 0)
				if !res.OK() || !normalAsIs(&res, text[i:i+n], look, flags) {
					t.Fatalf("flags %b: normalLines passes over %+q", flags, text[i:i+n])
				}
				i = min(i+n+1, len(text))
			}
			passed += lines
			total += lines
			if i != min(i0+next, len(text)) {
				t.Fatalf("flags %b: normalLines returns offset %d after %d lines that end at %d", flags, next, lines, i-i0)
			}
			if i >= len(text) {
				break
			}
			// The line it stops at.
			var res Result
			look, n := ScanLookLine(&res, text[i:], IRIReference, 0)
			if res.OK() && normalAsIs(&res, text[i:i+n], look, flags) {
				if h, _, _, _, _ := blockLook512(text[i:], blockMode[IRIReference]|modeLine); h != 0 {
					t.Fatalf("flags %b: normalLines stops at %+q, which normalAsIs vouches for", flags, text[i:i+n])
				}
			}
			i = min(i+n+1, len(text))
			total++
		}
		return passed, total
	}
	var inputs []string
	for _, s := range lookInputs {
		if !strings.Contains(s, "\n") {
			inputs = append(inputs, s)
		}
	}
	inputs = append(inputs, "http://h:80/", "http://h:/", "//h", "http://xn--a--b.c/", "http://u--x@h/", "x:./a", "/./", "a/./b")
	for _, flags := range []uint32{0, normalScheme, normalScheme | normalIDNA} {
		check(strings.Join(inputs, "\n"), flags)
		check(strings.Join(inputs, "\n")+"\n", flags)
		for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt"} {
			passed, total := check(strings.Join(corpus.Lines(t, name), "\n"), flags)
			t.Logf("%s, flags %b: %d of %d lines", name, flags, passed, total)
			if float64(passed) < 0.95*float64(total) {
				t.Errorf("%s, flags %b: normalLines passes over %d of %d lines", name, flags, passed, total)
			}
		}
	}
}

// Normal vouches for a reference where normalAsIs does and the block path
// takes it, and for nothing with an LF.
func TestNormal(t *testing.T) {
	if !simd.Have.Block {
		t.Skip("no AVX-512 block path on this CPU")
	}
	check := func(s string) {
		t.Helper()
		for _, flags := range []uint32{0, normalScheme, normalScheme | normalIDNA} {
			got := Normal(s, IRIReference, flags&normalScheme != 0, flags&normalIDNA != 0)
			var res Result
			look := ScanLook(&res, s, IRIReference, 0)
			want := s != "" && res.OK() && normalAsIs(&res, s, look, flags)
			if want {
				if h, _, _, _, _ := blockLook512(s, blockMode[IRIReference]); h == 0 {
					want = false // declined: Normal cannot vouch
				}
			}
			if got != want {
				t.Fatalf("flags %b: Normal(%+q) = %v, want %v", flags, s, got, want)
			}
		}
	}
	for _, s := range lookInputs {
		check(s)
		check(s + "\n")
		check("http://h/\n" + s)
	}
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt", "relative_urls_cc_10k.csv"} {
		for k, l := range corpus.Lines(t, name) {
			if k%3 == 0 {
				check(l)
			}
		}
	}
}
