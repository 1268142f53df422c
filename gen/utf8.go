package main

import "unicode/utf8"

// Code point classes; the values are the final entries of the UTF-8 trie.
var cpClasses = []struct{ name, doc string }{
	{"CPIllFormed", "not a well-formed UTF-8 sequence: bad lead or continuation byte, overlong form, surrogate, above U+10FFFF, or truncated"},
	{"CPUcschar", "RFC 3987 2.2 ucschar, except the bidi formatting characters"},
	{"CPIprivate", "RFC 3987 2.2 iprivate"},
	{"CPBidi", "the bidi formatting characters of RFC 3987 4.1 (in ucschar)"},
	{"CPDisallowed", "well-formed but in neither ucschar nor iprivate"},
}

const (
	cpIllFormed = iota
	cpUcschar
	cpIprivate
	cpBidi
	cpDisallowed
)

// trieBlockBase is the first trie entry value that names a block rather
// than a final class: entry v >= trieBlockBase continues at block
// v-trieBlockBase, indexed by the next byte's low six bits.
const trieBlockBase = 8

// classOfRune classifies a scalar value from the range lists.
func classOfRune(r rune) uint8 {
	switch {
	case inRanges(r, bidiFormatting):
		return cpBidi
	case inRanges(r, ucschar):
		return cpUcschar
	case inRanges(r, iprivate):
		return cpIprivate
	}
	return cpDisallowed
}

// trieBuilder packs the classification of every multi-byte UTF-8 sequence
// into 64-entry blocks, one per prefix, sharing identical blocks.
type trieBuilder struct {
	blocks [][64]uint8
	index  map[[64]uint8]int
}

func (t *trieBuilder) intern(b [64]uint8) uint8 {
	if i, ok := t.index[b]; ok {
		return uint8(trieBlockBase + i)
	}
	i := len(t.blocks)
	if trieBlockBase+i > 255 {
		fail("UTF-8 trie needs more than %d blocks", 255-trieBlockBase)
	}
	t.blocks = append(t.blocks, b)
	t.index[b] = i
	return uint8(trieBlockBase + i)
}

// node returns the entry for the prefix cp (already shifted) that still
// needs `rest` continuation bytes, each of which may range over lo..hi
// for the first one (the well-formedness limits of RFC 3629) and
// 0x80..0xBF after it.
func (t *trieBuilder) node(prefix rune, rest int, lo, hi byte) uint8 {
	var b [64]uint8
	for c := 0x80; c <= 0xBF; c++ {
		e := uint8(cpIllFormed)
		if byte(c) >= lo && byte(c) <= hi {
			cp := prefix<<6 | rune(c&0x3F)
			if rest == 1 {
				e = classOfRune(cp)
			} else {
				e = t.node(cp, rest-1, 0x80, 0xBF)
			}
		}
		b[c-0x80] = e
	}
	// A block whose entries are one final class collapses to that class.
	same := true
	for _, e := range b {
		if e != b[0] || e >= trieBlockBase {
			same = false
			break
		}
	}
	if same {
		return b[0]
	}
	return t.intern(b)
}

// buildUTF8 returns the lead table and the trie blocks.
func buildUTF8() (lead [256]uint8, blocks [][64]uint8) {
	t := &trieBuilder{index: map[[64]uint8]int{}}
	for b := 0; b < 256; b++ {
		switch {
		case b < 0x80:
			lead[b] = cpIllFormed // never consulted: ASCII has no sub-step
		case b >= 0xC2 && b <= 0xDF:
			lead[b] = t.node(rune(b&0x1F), 1, 0x80, 0xBF)
		case b >= 0xE0 && b <= 0xEF:
			lo, hi := byte(0x80), byte(0xBF)
			if b == 0xE0 {
				lo = 0xA0 // overlong below U+0800
			}
			if b == 0xED {
				hi = 0x9F // surrogates U+D800-DFFF
			}
			lead[b] = t.node(rune(b&0x0F), 2, lo, hi)
		case b >= 0xF0 && b <= 0xF4:
			lo, hi := byte(0x80), byte(0xBF)
			if b == 0xF0 {
				lo = 0x90 // overlong below U+10000
			}
			if b == 0xF4 {
				hi = 0x8F // above U+10FFFF
			}
			lead[b] = t.node(rune(b&0x07), 3, lo, hi)
		default:
			lead[b] = cpIllFormed // continuation bytes, C0, C1, F5-FF
		}
	}
	return lead, t.blocks
}

// lookupUTF8 walks the packed trie like the scanner does; it returns the
// class and the sequence length (1 when ill-formed). A block of one final
// class is collapsed into its parent entry, so the walk may end before the
// sequence does; the remaining bytes need only be continuation bytes.
func lookupUTF8(lead [256]uint8, blocks [][64]uint8, s []byte) (uint8, int) {
	e := lead[s[0]]
	if e == cpIllFormed {
		return cpIllFormed, 1
	}
	n := 2
	if s[0] >= 0xF0 {
		n = 4
	} else if s[0] >= 0xE0 {
		n = 3
	}
	if len(s) < n {
		return cpIllFormed, 1
	}
	for i := 1; i < n; i++ {
		if s[i]&0xC0 != 0x80 {
			return cpIllFormed, 1
		}
		if e >= trieBlockBase {
			e = blocks[e-trieBlockBase][s[i]&0x3F]
		}
	}
	if e == cpIllFormed {
		return cpIllFormed, 1
	}
	return e, n
}

// checkUTF8 verifies the packed trie against the range lists for every
// code point, and that the sequences RFC 3629 forbids are ill-formed.
func checkUTF8(lead [256]uint8, blocks [][64]uint8) {
	var buf [4]byte
	for r := rune(0x80); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			// Surrogates: the generic 3-byte encoding must be ill-formed.
			s := []byte{0xE0 | byte(r>>12), 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}
			if c, _ := lookupUTF8(lead, blocks, s); c != cpIllFormed {
				fail("surrogate U+%04X classified %d, want ill-formed", r, c)
			}
			continue
		}
		n := utf8.EncodeRune(buf[:], r)
		c, size := lookupUTF8(lead, blocks, buf[:n])
		if want := classOfRune(r); c != want || size != n {
			fail("U+%04X: trie says class %d size %d, ranges say class %d size %d", r, c, size, want, n)
		}
		// Every proper prefix is truncated, hence ill-formed.
		for k := 1; k < n; k++ {
			if c, _ := lookupUTF8(lead, blocks, buf[:k]); c != cpIllFormed {
				fail("U+%04X truncated to %d bytes classified %d", r, k, c)
			}
		}
	}
	// Overlong forms of every code point below the minimum for its length.
	for r := rune(0); r < 0x10000; r++ {
		var s []byte
		switch {
		case r < 0x80:
			s = []byte{0xC0 | byte(r>>6), 0x80 | byte(r)&0x3F}
		case r < 0x800:
			s = []byte{0xE0, 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}
		default:
			s = []byte{0xF0, 0x80 | byte(r>>12)&0x3F, 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}
		}
		if c, _ := lookupUTF8(lead, blocks, s); c != cpIllFormed {
			fail("overlong % x classified %d", s, c)
		}
	}
	// Every lead byte with every second byte (and continuation bytes after
	// them) agrees with the standard library's decoder.
	for b := 0x80; b < 0x100; b++ {
		for c := 0; c < 0x100; c++ {
			s := []byte{byte(b), byte(c), 0x80, 0x80}
			got, size := lookupUTF8(lead, blocks, s)
			r, n := utf8.DecodeRune(s)
			want := uint8(cpIllFormed)
			if r != utf8.RuneError || n > 1 {
				want = classOfRune(r)
			} else {
				n = 1
			}
			if got != want || size != n {
				fail("bytes % x: trie says class %d size %d, want %d size %d", s, got, size, want, n)
			}
		}
	}
}
