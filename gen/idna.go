package main

import (
	"bytes"
	"fmt"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// The code points the fast path of package labels' ToASCII takes as they
// are: those that idna.Lookup, UTS #46 non-transitional processing with
// the STD3 rules, maps to themselves and checks without regard to their
// neighbours. A label of such code points and of ASCII letters, digits
// and hyphens needs only the hyphen rules, ASCII lowercasing and
// Punycode, which the fast path does itself; everything else goes to
// x/net. Each of the checks of Lookup (x/net idna.go, process) is ruled
// out per code point:
//
//   - mapping: c maps to itself (Lookup.ToUnicode of the A-label of a
//     label holding c gives the label back), so it is neither mapped,
//     ignored nor disallowed;
//   - NFC: c is a starter that combines with nothing before it
//     (norm.Properties.BoundaryBefore: combining class 0, NFC_QC not
//     Maybe) and NFC leaves it alone (NFC_QC not No), so NFC leaves any
//     string of such code points and ASCII as it is;
//   - V5, a combining mark at the start: c is no mark (general category
//     M), and the label c alone passes;
//   - CONTEXTJ: c is neither ZWNJ nor ZWJ, the only code points whose
//     context x/net checks;
//   - the Bidi Rule, which x/net applies only to a label with a
//     right-to-left code point: c is not of bidi class R, AL or AN, and
//     the label "1" c, which the rule would refuse, passes.
//
// The labels c, "a" c, c "a", "1" c, c "1" and c c all pass and give
// themselves back.

// idnaFast reports whether c is in the set above.
func idnaFast(c rune) bool {
	if c < 0x80 || 0xD800 <= c && c <= 0xDFFF || c == 0x200C || c == 0x200D || unicode.In(c, unicode.M) {
		return false
	}
	bp, _ := bidi.LookupRune(c)
	switch bp.Class() {
	case bidi.R, bidi.AL, bidi.AN:
		return false
	}
	s := string(c)
	if !norm.NFC.PropertiesString(s).BoundaryBefore() || norm.NFC.String(s) != s {
		return false
	}
	for _, l := range []string{s, "a" + s, s + "a", "1" + s, s + "1", s + s} {
		a, err := idna.Lookup.ToASCII(l)
		if err != nil {
			return false
		}
		if u, err := idna.Lookup.ToUnicode(a); err != nil || u != l {
			return false
		}
	}
	return true
}

// The set is a two-level trie of bits: idnaIndex by c>>6 gives a word
// of idnaLeaf, whose bit c&63 is c's. Two dependent loads per code
// point: the lookup is on the path of every character of a host.
const idnaLeafShift = 6

// idnaTables is the packed set.
type idnaTables struct {
	limit rune // every code point of the set is below it
	index []uint16
	leaf  []uint64
	count int
}

// has looks c up in the packed set as package labels does.
func (t *idnaTables) has(c rune) bool {
	if c < 0 || c >= t.limit {
		return false
	}
	return t.leaf[t.index[c>>idnaLeafShift]]>>(c&63)&1 != 0
}

// buildIDNA computes the set and packs it, then checks the packed set
// against idnaFast at every code point.
func buildIDNA() idnaTables {
	var t idnaTables
	in := make([]bool, 0x110000)
	for c := range rune(0x110000) {
		if idnaFast(c) {
			in[c] = true
			t.count++
			t.limit = c + 1
		}
	}
	t.limit = (t.limit + 1<<idnaLeafShift - 1) &^ (1<<idnaLeafShift - 1)
	words := map[uint64]int{}
	for base := rune(0); base < t.limit; base += 1 << idnaLeafShift {
		var w uint64
		for i := range 64 {
			if in[base+rune(i)] {
				w |= 1 << i
			}
		}
		j, ok := words[w]
		if !ok {
			j = len(t.leaf)
			words[w] = j
			t.leaf = append(t.leaf, w)
		}
		if j > 0xFFFF {
			fail("idna tables: more than 65536 distinct words")
		}
		t.index = append(t.index, uint16(j))
	}
	n := 0
	for c := range rune(0x110000) {
		if t.has(c) != in[c] {
			fail("idna tables: %U is %v packed, %v in the set", c, t.has(c), in[c])
		}
		if t.has(c) {
			n++
		}
	}
	if n != t.count || t.count == 0 {
		fail("idna tables: %d code points packed, %d in the set", n, t.count)
	}
	return t
}

func genIDNA(t idnaTables) []byte {
	var w bytes.Buffer
	w.WriteString(versionHeader() + "package labels\n\n")
	fmt.Fprintf(&w, "// unicodeVersion is the version of Unicode of the tables in the files\n// of this build, the one x/text and x/net select for this Go release.\nconst unicodeVersion = %q\n\n", unicodeVersion())
	size := 2*len(t.index) + 8*len(t.leaf)
	fmt.Fprintf(&w, `// The fast set: the %d code points that idna.Lookup maps to themselves
// and checks without regard to their neighbours (gen/idna.go says how
// each check of Lookup is ruled out). c < fastLimit is in it when bit
// c&63 of fastLeaf[fastIndex[c>>%d]] is set.
//
// Size: %d bytes.
const fastLimit = %#x

`, t.count, idnaLeafShift, size, t.limit)
	fmt.Fprintf(&w, "// fastIndex gives the fastLeaf word of each 64 code points.\nvar fastIndex = [%d]uint16{", len(t.index))
	writeValues(&w, t.index, 16, "%d, ", "\t")
	w.WriteString("\n}\n\n")
	fmt.Fprintf(&w, "// fastLeaf holds one bit per code point, 64 to a word.\nvar fastLeaf = [%d]uint64{", len(t.leaf))
	writeValues(&w, t.leaf, 4, "%#016x, ", "\t")
	w.WriteString("\n}\n")
	return w.Bytes()
}
