package main

import (
	"bytes"
	"fmt"
	"slices"

	"golang.org/x/text/unicode/norm"
)

// The normalization facts package lint needs to settle a quick check of
// UAX #15 that ends in "maybe" without running x/text, whose full check
// allocates: each code point's combining class, its NFC and NFKC quick
// check values and whether it has a canonical decomposition; and the
// pairs of such code points that canonical composition joins.

const normShift = 7 // code points per block: 1<<normShift

// Layout of a NormBlocks entry.
const (
	normQCMaybe    = 1
	normQCNo       = 2
	normNFCShift   = 8
	normNFKCShift  = 10
	normDecomposes = 1 << 12
	normRTL        = 1 << 13
	normAttn       = 1 << 14
	normFirst      = 1 << 15
)

// Hangul syllables and conjoining jamo: composition joins them by
// arithmetic (Unicode 3.12), not by table.
const (
	hangulS0, hangulSN = 0xAC00, 11172
	hangulL0, hangulLN = 0x1100, 19
	hangulV0, hangulVN = 0x1161, 21
	hangulT0, hangulTN = 0x11A7, 28 // T0 itself is no jamo
)

// normTables is the two-stage table of the entries above, and the
// composition pairs.
type normTables struct {
	index  []uint8
	blocks [][1 << normShift]uint16
	pairs  []uint64 // first<<21 | second, sorted
}

// isHangulSyllable reports whether c is a precomposed Hangul syllable.
func isHangulSyllable(c rune) bool { return hangulS0 <= c && c < hangulS0+hangulSN }

// compositionPairs returns the pairs of code points without canonical
// decompositions that NFC joins into one, Hangul aside: those whose
// composite decomposes to exactly the two of them and is not excluded;
// and the code points that may begin (first) or end (second) a pair, or
// otherwise join the one before them.
func compositionPairs() (pairs []uint64, first, second map[rune]bool) {
	first, second = map[rune]bool{}, map[rune]bool{}
	for c := rune(0x80); c < 0x110000; c++ {
		if c >= 0xD800 && c <= 0xDFFF || isHangulSyllable(c) {
			continue
		}
		d := []rune(norm.NFD.String(string(c)))
		if len(d) == 2 && norm.NFC.String(string(d)) == string(c) {
			pairs = append(pairs, uint64(d[0])<<21|uint64(d[1]))
			first[d[0]] = true
			second[d[1]] = true
		}
	}
	slices.Sort(pairs)
	// A composite whose decomposition starts with a second joins the
	// one before it as that second does: Unicode 17's U+113C5
	// TULU-TIGALARI VOWEL SIGN AI is U+113C2 twice, and NFC turns U+113C2
	// U+113C5 into U+113C5 U+113C2. (Unicode 15 has none.)
	for c := rune(0x80); c < 0x110000; c++ {
		if c >= 0xD800 && c <= 0xDFFF || isHangulSyllable(c) || second[c] {
			continue
		}
		if d := []rune(norm.NFD.String(string(c))); len(d) > 1 && second[d[0]] {
			second[c] = true
		}
	}
	for c := rune(hangulV0); c < hangulV0+hangulVN; c++ {
		second[c] = true
	}
	for c := rune(hangulT0 + 1); c < hangulT0+hangulTN; c++ {
		second[c] = true
	}
	return pairs, first, second
}

// normEntry computes the NormBlocks entry of c. A code point is "maybe"
// when it can join the one before it, and "no" when the form changes it
// on its own. Hangul syllables are left without the decomposition bit:
// the check joins them by arithmetic.
func normEntry(c rune, second map[rune]bool) uint16 {
	s := string(c)
	v := uint16(norm.NFC.PropertiesString(s).CCC())
	qc := func(f norm.Form) uint16 {
		switch {
		case f.String(s) != s:
			return normQCNo
		case second[c]:
			return normQCMaybe
		}
		return 0
	}
	v |= qc(norm.NFC)<<normNFCShift | qc(norm.NFKC)<<normNFKCShift
	if norm.NFD.String(s) != s && !isHangulSyllable(c) {
		v |= normDecomposes
	}
	return v
}

// buildNorm builds the tables, copying the PropRTL and PropAttn bits of
// the lint tables so that a character lookAt must look at costs it one
// lookup.
func buildNorm(l lintTables) normTables {
	var t normTables
	var first, second map[rune]bool
	t.pairs, first, second = compositionPairs()
	for base := rune(0); base < 0x110000; base += 1 << normShift {
		var blk [1 << normShift]uint16
		for i := range blk {
			if c := base + rune(i); c >= 0x80 && (c < 0xD800 || c > 0xDFFF) {
				blk[i] = normEntry(c, second)
				p := l.blocks[l.index[c>>lintShift]][c&(1<<lintShift-1)]
				if p&(1<<0) != 0 {
					blk[i] |= normRTL
				}
				if p&(1<<6) != 0 {
					blk[i] |= normAttn
				}
				if first[c] {
					blk[i] |= normFirst
				}
			}
		}
		for i, e := range blk {
			// lookAt counts on it: a character between a starter and
			// a mark that may join it never has a decomposition but
			// where the forms change it anyway.
			if e&0xFF != 0 && e&normDecomposes != 0 && (e>>normNFCShift&3 != normQCNo || e>>normNFKCShift&3 != normQCNo) {
				fail("%U: combining class %d, a decomposition, and no quick check \"no\"", base+rune(i), e&0xFF)
			}
		}
		var k uint8
		t.blocks, k = internBlock(t.blocks, blk, "norm tables")
		t.index = append(t.index, k)
	}
	return t
}

// checkNormLint verifies what the lint walk relies on: a code point
// without the PropNFC (PropNFKC) bit of the lint tables is a starter
// that the NFC (NFKC) quick check passes, and one with it is not.
func checkNormLint(n normTables, l lintTables) {
	for c := rune(0x80); c < 0x110000; c++ {
		e := n.blocks[n.index[c>>normShift]][c&(1<<normShift-1)]
		p := l.blocks[l.index[c>>lintShift]][c&(1<<lintShift-1)]
		ccc := e&0xFF != 0
		if nfc := ccc || e>>normNFCShift&3 != 0; nfc != (p&(1<<4) != 0) {
			fail("%U: NFC entry %#x disagrees with lint props %#x", c, e, p)
		}
		if nfkc := ccc || e>>normNFKCShift&3 != 0; nfkc != (p&(1<<5) != 0) {
			fail("%U: NFKC entry %#x disagrees with lint props %#x", c, e, p)
		}
	}
}

func genNorm(t normTables) []byte {
	var w bytes.Buffer
	w.WriteString(versionHeader() + "package look\n\n")
	fmt.Fprintf(&w, "// UnicodeVersion is the version of Unicode of the tables in the files\n// of this build, the one x/text and x/net select for this Go release.\nconst UnicodeVersion = %q\n\n", unicodeVersion())
	w.WriteString("// Hangul conjoining jamo and syllables, which composition joins by\n// arithmetic (Unicode 3.12), not through NormPairs: the first code point\n// and the count of each kind.\nconst (\n")
	fmt.Fprintf(&w, "\tHangulS0, HangulSN = %#04X, %d\n", hangulS0, hangulSN)
	fmt.Fprintf(&w, "\tHangulL0, HangulLN = %#04X, %d\n", hangulL0, hangulLN)
	fmt.Fprintf(&w, "\tHangulV0, HangulVN = %#04X, %d\n", hangulV0, hangulVN)
	fmt.Fprintf(&w, "\tHangulT0, HangulTN = %#04X, %d // T0 itself is no jamo\n", hangulT0, hangulTN)
	w.WriteString(")\n\n")
	w.WriteString("// Layout of a NormBlocks entry: the canonical combining class in the low\n// byte, then the NFC and NFKC quick check values (UAX #15), then a bit\n// for a canonical decomposition, two lint properties, and a bit for the first\n// of a composition pair.\nconst (\n")
	fmt.Fprintf(&w, "\tNormCCC = 0xFF // the canonical combining class\n")
	fmt.Fprintf(&w, "\tNormQCMaybe = %d // a quick check value: the code point may join the one before it\n", normQCMaybe)
	fmt.Fprintf(&w, "\tNormQCNo = %d // a quick check value: the form changes the code point\n", normQCNo)
	fmt.Fprintf(&w, "\tNormNFCShift = %d // the NFC quick check value is (e >> NormNFCShift) & 3\n", normNFCShift)
	fmt.Fprintf(&w, "\tNormNFKCShift = %d // the NFKC quick check value is (e >> NormNFKCShift) & 3\n", normNFKCShift)
	fmt.Fprintf(&w, "\tNormDecomposes = %#x // a canonical decomposition; Hangul syllables left out\n", normDecomposes)
	fmt.Fprintf(&w, "\tNormRTL = %#x // PropRTL, copied\n", normRTL)
	fmt.Fprintf(&w, "\tNormAttn = %#x // PropAttn, copied\n", normAttn)
	fmt.Fprintf(&w, "\tNormFirst = %#x // the first of a pair in NormPairs\n", normFirst)
	w.WriteString(")\n\n")
	writeBlocks(&w, "Norm", normShift, t.index, t.blocks, "the entry of each code point", 16, "%#04x, ")
	fmt.Fprintf(&w, "// NormPairs lists, sorted, each pair of code points without canonical\n// decompositions that canonical composition joins, as first<<21 | second.\n// Hangul jamo join by arithmetic and are not here.\nvar NormPairs = [%d]uint64{", len(t.pairs))
	writeValues(&w, t.pairs, 6, "%#x, ", "\t")
	w.WriteString("\n}\n")
	return w.Bytes()
}

// lookEntry computes the Table entry of c from its NormBlocks entry
// e: bits 0-3 say whether c is looked at closely after a character of
// each kind q (bit 0 of q: a composition may begin with it, bit 1: a
// non-zero combining class); bit 4+k is set where k is c's own kind.
// One bit per kind lets the look test an entry against the one before
// with an AND, without a shift that waits on it.
func lookEntry(c rune, e uint16) uint8 {
	if c < 0x80 || c >= 0xD800 && c <= 0xDFFF {
		return 0x0F | 1<<(4+1) // never looked up; a first, to be safe
	}
	ccc := e & 0xFF
	qc, qck := e>>normNFCShift&3, e>>normNFKCShift&3
	maybe := qc == normQCMaybe || qck == normQCMaybe
	first := e&(normFirst|normDecomposes) != 0 || hangulL0 <= c && c < hangulL0+hangulLN || isHangulSyllable(c)
	mark := ccc != 0
	loud := e&(normRTL|normAttn) != 0 || qc == normQCNo || qck == normQCNo || (mark || maybe) && first
	var v uint8
	for q := range 4 {
		prevFirst, prevMark := q&1 != 0, q&2 != 0
		// Two marks in a row need their classes compared (and a
		// "maybe" mark past marks may join the starter before them);
		// a "maybe" may join a first right before it. A "maybe" of
		// class 0 past a mark is blocked from every starter (UAX #15),
		// as Bengali AA is after a nukta.
		if loud || mark && prevMark || maybe && prevFirst {
			v |= 1 << q
		}
	}
	var kind uint8
	if first {
		kind |= 1
	}
	if mark {
		kind |= 2
	}
	return v | 1<<(4+kind)
}

// lookTables is the quick look's data: an entry for each code point of
// the BMP, and which runs of code points are quiet.
type lookTables struct {
	table  [1 << 16]uint8
	quiet2 [128]uint8 // 0xFF where the 16 code points from 16*k on are quiet
	quiet3 [16]uint8  // 0xFF where the code points of lead byte 0xE0|k are
}

// lookQuiet is the entry of a quiet code point, once its run is quiet:
// looked at closely after nothing, and a first, as a run of them is
// passed over like ASCII, which begins compositions.
const lookQuiet = 1 << (4 + 1)

// buildLook computes the Table entries of the BMP, and the runs of
// quiet code points: where every entry says "never look closely" and a
// kind of no mark (plain or first).
func buildLook(n normTables) (t lookTables) {
	for c := range rune(1 << 16) {
		t.table[c] = lookEntry(c, n.blocks[n.index[c>>normShift]][c&(1<<normShift-1)])
	}
	quiet := func(a, b rune) bool {
		for c := a; c < b; c++ {
			if c >= 0xD800 && c <= 0xDFFF {
				continue // no UTF-8 has them
			}
			if e := t.table[c]; c < 0x80 || e&0x0F != 0 || e>>4&(1<<2|1<<3) != 0 {
				return false
			}
		}
		return true
	}
	for k := range rune(128) {
		if quiet(16*k, 16*k+16) {
			t.quiet2[k] = 0xFF
		}
	}
	for k := range rune(16) {
		if quiet(k<<12, (k+1)<<12) {
			t.quiet3[k] = 0xFF
		}
	}
	for c := rune(0x80); c < 1<<16; c++ {
		if c < 0x800 && t.quiet2[c>>4] != 0 || c >= 0x800 && t.quiet3[c>>12] != 0 {
			t.table[c] = lookQuiet
		}
	}
	return t
}

func genLook(t *lookTables) []byte {
	var w bytes.Buffer
	w.WriteString(versionHeader() + "package look\n\n")
	w.WriteString(`// Layout of a Table entry, for the quick look of package lint: bit q
// is set when the code point must be looked at closely after a character
// of kind q; e >> LookSelfShift is 1 << k, where k is the code point's own
// kind. So e & (before >> LookSelfShift) tells whether to look closely.
const (
	LookKindFirst = 1 // a composition may begin with it: the first of a pair, a decomposition, Hangul
	LookKindMark  = 2 // a non-zero combining class
	LookSelfShift = 4
)

`)
	w.WriteString("// Table holds the entry of each code point of the BMP. ASCII and the\n// surrogates are never looked up.\n//\n// Size: 65536 bytes.\nvar Table = [1 << 16]uint8{")
	writeValues(&w, t.table[:], 32, "%d,", "\t")
	w.WriteString("\n}\n\n")
	w.WriteString(`// Quiet2 says, for each run of sixteen code points below U+0800
// (code point >> 4), whether all of them are quiet: never looked at
// closely, and of no mark kind, so that the look passes them like ASCII
// bytes. Their Table entries say "a first" (which ASCII is), so that
// either way of passing them gives the same kind to what follows.
var Quiet2 = [128]uint8{`)
	writeValues(&w, t.quiet2[:], 16, "%#x,", "\t")
	w.WriteString("\n}\n\n")
	w.WriteString(`// Quiet3 says the same of the code points of each lead byte of three
// bytes, by its low four bits: 0xFF where all of them are quiet.
var Quiet3 = [16]uint8{`)
	writeValues(&w, t.quiet3[:], 16, "%#x,", "\t")
	w.WriteString("\n}\n")
	return w.Bytes()
}
