package main

import (
	"bytes"
	"fmt"
	"slices"
)

// The assembly loop (internal/scan/loop_amd64.s) tests sixteen bytes at a time
// against the set of bytes that one state takes, with two 16-entry
// lookups, one on the low and one on the high nibble of each byte
// (PSHUFB); a byte is in the set when the two results share a bit.
//
// The split is exact for any set of bytes whose rows (the set of low
// nibbles allowed under one high nibble) number at most eight: give each
// distinct row its own bit, set that bit in hi[h] for every high nibble h
// with that row and in lo[l] for every low nibble l in the row. Below
// 0x80 the set is the state's Stay bytes: at most eight rows. In states
// that take non-ASCII characters it also holds the continuation bytes
// and the lead bytes whose characters the loop decodes itself (see
// vecSafeLead); the generator fails if that makes more than eight rows.

// vecSet is one state's pair of nibble tables: lo in [0:16], hi in [16:32].
type vecSet [32]uint8

// buildVec splits each state's ASCII stay set into nibble tables and
// returns them with the mask of states that a non-ASCII character keeps
// (in the IRI rules; the RFC 3986 rules allow none).
func buildVec(classes []byteClass, trans []uint32, stay [256]uint32) (sets []vecSet, nonASCII uint32) {
	numSyms, c := len(classes)+1, nonASCIIClass(classes)
	for s := range states {
		if trans[s*numSyms+c] == uint32(s)|slowBit|subBit {
			nonASCII |= 1 << s
		}
	}
	for s := range states {
		sets = append(sets, nibbleSplit("vector set of "+states[s].name, func(b byte) bool {
			return vecTakes(b, s, stay, nonASCII)
		}))
	}
	checkVec(sets, stay, nonASCII)
	return sets, nonASCII
}

// nibbleSplit returns the nibble tables of the set of bytes in, or fails
// if the set has more than eight distinct rows.
func nibbleSplit(name string, in func(b byte) bool) vecSet {
	var rows [16]uint16
	for b := 0; b < 256; b++ {
		if in(byte(b)) {
			rows[b>>4] |= 1 << (b & 15)
		}
	}
	var v vecSet
	var distinct []uint16
	for h, row := range rows {
		if row == 0 {
			continue
		}
		bit := -1
		for j, d := range distinct {
			if d == row {
				bit = j
			}
		}
		if bit < 0 {
			bit = len(distinct)
			distinct = append(distinct, row)
		}
		v[16+h] |= 1 << bit
		for l := 0; l < 16; l++ {
			if row&(1<<l) != 0 {
				v[l] |= 1 << bit
			}
		}
	}
	if len(distinct) > 8 {
		fail("%s has %d distinct rows; at most 8 fit", name, len(distinct))
	}
	for b := 0; b < 256; b++ {
		if v.takes(byte(b)) != in(byte(b)) {
			fail("%s: nibble tables wrong for byte %#02x", name, b)
		}
	}
	return v
}

// The URI-to-IRI decoder (internal/scan/decode_amd64.s) turns fifteen %HH
// triplets at a time into octets and emits, without a lookup, those that
// form characters section 3.2 decodes everywhere: unreserved ASCII, and
// the characters whose lead byte is one of vecSafeLead (all ucschar, none
// a bidi formatting character) unless section 6.1 lists them. For the
// last check it flags each pair of lead and next byte under which a listed
// character lies: for two-byte characters the pair is the character, for
// three-byte ones a block of 64 code points, which the scalar code then
// decides. Flagging takes one nibble set for the leads, and, indexed by
// the lead's low nibble, up to three next bytes to compare with; the
// generator fails if the leads' low nibbles are not distinct or a lead
// has more than three next bytes.
type decodeTables struct {
	set       vecSet      // octets the decoder emits as they are
	proneLead vecSet      // lead bytes with a flagged pair
	proneNext [3][16]byte // the flagged next bytes, by the lead's low nibble
}

func buildDecode(section61 []avoidRange) decodeTables {
	var d decodeTables
	d.set = nibbleSplit("decode set", decodeTakes)
	avoided := func(c rune) bool {
		for _, r := range section61 {
			if r.lo <= c && c <= r.hi {
				return true
			}
		}
		return false
	}
	next := map[byte][]byte{}
	for cp := rune(0x80); cp < 0x10000; cp++ {
		seq := []byte(string(cp))
		if !vecSafeLead(seq[0]) || !avoided(cp) {
			continue
		}
		if !slices.Contains(next[seq[0]], seq[1]) {
			next[seq[0]] = append(next[seq[0]], seq[1])
		}
	}
	d.proneLead = nibbleSplit("prone leads", func(b byte) bool { return next[b] != nil })
	var owner [16]byte
	for lead, bs := range next {
		if owner[lead&15] != 0 {
			fail("prone leads %#02x and %#02x share a low nibble", owner[lead&15], lead)
		}
		owner[lead&15] = lead
		if len(bs) > 3 {
			fail("prone lead %#02x has %d flagged next bytes; at most 3 fit", lead, len(bs))
		}
		for k := range d.proneNext {
			d.proneNext[k][lead&15] = bs[min(k, len(bs)-1)]
		}
	}
	// Check the flags against the list for every character they cover.
	for cp := rune(0x80); cp < 0x10000; cp++ {
		seq := []byte(string(cp))
		if !vecSafeLead(seq[0]) {
			continue
		}
		flagged := d.proneLead.takes(seq[0])
		if flagged {
			n := seq[1]
			p := d.proneNext
			flagged = n == p[0][seq[0]&15] || n == p[1][seq[0]&15] || n == p[2][seq[0]&15]
		}
		if avoided(cp) && !flagged {
			fail("decode tables: U+%04X is listed in section 6.1 but not flagged", cp)
		}
		if flagged && len(seq) == 2 && !avoided(cp) {
			fail("decode tables: U+%04X is flagged but not listed", cp)
		}
	}
	return d
}

// decodeTakes reports whether the decoder emits octet b without a lookup:
// unreserved ASCII, continuation bytes and the leads of vecSafeLead.
func decodeTakes(b byte) bool {
	if b < 0x80 {
		return inSet(b, alphaChars+digitChars+unreservedPunc)
	}
	return b < 0xC0 || vecSafeLead(b)
}

// vecTakes reports whether byte b is in state s's vector set: a byte that
// keeps s, or in a state that non-ASCII characters keep, a continuation
// byte or a lead byte the loop decodes.
func vecTakes(b byte, s int, stay [256]uint32, nonASCII uint32) bool {
	if b < 0x80 {
		return stay[b]&(1<<s) != 0
	}
	return nonASCII&(1<<s) != 0 && (b < 0xC0 || vecSafeLead(b))
}

// takes is the vector test for one byte.
func (v *vecSet) takes(b byte) bool { return v[b&15]&v[16+b>>4] != 0 }

// checkVec verifies the nibble tables for every state and byte.
func checkVec(sets []vecSet, stay [256]uint32, nonASCII uint32) {
	for s := range states {
		for b := 0; b < 256; b++ {
			if got, want := sets[s].takes(byte(b)), vecTakes(byte(b), s, stay, nonASCII); got != want {
				fail("vector set of %s: byte %#02x in=%v, want %v", states[s].name, b, got, want)
			}
		}
	}
}

// checkVecUTF8 verifies the premise of the vector skip's UTF-8 fast path:
// every well-formed character whose lead byte is in C3-DF, E0, E1 or
// E3-EC is ucschar (RFC 3987 2.2: %xA0-D7FF) and none is a bidi
// formatting character of section 4.1, so such characters need no lookup.
func checkVecUTF8(lead [256]uint8, blocks [][64]uint8) {
	for cp := rune(0x80); cp < 0xD000; cp++ {
		seq := []byte(string(cp))
		if !vecSafeLead(seq[0]) {
			continue
		}
		if c, _ := lookupUTF8(lead, blocks, seq); c != cpUcschar {
			fail("vector fast path: U+%04X (lead %#02x) is class %d, not ucschar", cp, seq[0], c)
		}
	}
}

// vecSafeLead is the lead-byte set the vector skip decodes itself; the
// range and the hole are the constants in scanner/skip_amd64.s.
func vecSafeLead(b byte) bool { return b >= 0xC3 && b <= 0xEC && b != 0xE2 }

func writeBytes(w *bytes.Buffer, bs []byte) {
	for k, b := range bs {
		if k%16 == 0 {
			w.WriteString("\n\t")
		} else {
			w.WriteString(" ")
		}
		fmt.Fprintf(w, "%#02x,", b)
	}
	w.WriteString("\n")
}

func genVec(sets []vecSet, nonASCII uint32, d decodeTables) []byte {
	var w bytes.Buffer
	w.WriteString(header + "package tables\n\n")
	w.WriteString("// VecSetRowShift is log2 of the length of a VecSet row, for the\n// assembly that indexes it (through go_asm.h).\nconst VecSetRowShift = 5\n\n")
	w.WriteString("// VecSet holds, for each state, the bytes the assembly loop takes in a run\n// as two 16-entry tables for a vector byte shuffle: byte b is taken in\n// state s when VecSet[s][b&15] & VecSet[s][16+b>>4] != 0. Below 0x80 they\n// are the bytes that Stay says keep s; in the states of NonASCIIStay they\n// also include the continuation bytes 80-BF and the lead bytes C3-DF, E0,\n// E1 and E3-EC, whose characters are all ucschar. States that no byte\n// keeps have no entry.\n//\n")
	fmt.Fprintf(&w, "// Size: %d bytes.\nvar VecSet = [NumStates][1 << VecSetRowShift]uint8{\n", 32*len(sets))
	for s, v := range sets {
		if v == (vecSet{}) {
			continue
		}
		fmt.Fprintf(&w, "\t%s: {", states[s].name)
		for k, b := range v {
			if k == 16 {
				w.WriteString(" ")
			}
			fmt.Fprintf(&w, "%#02x, ", b)
		}
		w.WriteString("},\n")
	}
	w.WriteString("}\n\n")
	var staying uint32
	for s, v := range sets {
		if v != (vecSet{}) {
			staying |= 1 << s
		}
	}
	fmt.Fprintf(&w, "// Staying has bit s set when some byte keeps the DFA in state s, so that\n// a run can follow.\nconst Staying = %#08x\n\n", staying)
	fmt.Fprintf(&w, "// NonASCIIStay has bit s set when a non-ASCII character keeps the DFA in\n// state s in the IRI rules.\nconst NonASCIIStay = %#08x\n\n", nonASCII)
	w.WriteString("// DecodeSet holds, as VecSet does, the octets that URI-to-IRI conversion\n// emits without a lookup once decoded from %HH: unreserved ASCII, the\n// continuation bytes 80-BF and the lead bytes C3-DF, E0, E1 and E3-EC.\n//\n// Size: 32 bytes.\nvar DecodeSet = [32]uint8{")
	writeBytes(&w, d.set[:])
	w.WriteString("}\n\n")
	w.WriteString("// ProneLead holds, as VecSet does, the lead bytes of DecodeSet under which\n// section 6.1 lists a character (Section61): those that URI-to-IRI\n// conversion must leave encoded.\n//\n// Size: 32 bytes.\nvar ProneLead = [32]uint8{")
	writeBytes(&w, d.proneLead[:])
	w.WriteString("}\n\n")
	w.WriteString("// ProneNext holds in [16k+l], k < 3, the byte after a ProneLead lead with\n// low nibble l that may start a listed character: the whole character when\n// it has two bytes, a block of 64 to look up when it has three. Unused\n// entries repeat the first.\n//\n// Size: 48 bytes.\nvar ProneNext = [48]uint8{")
	writeBytes(&w, append(append(d.proneNext[0][:], d.proneNext[1][:]...), d.proneNext[2][:]...))
	w.WriteString("}\n")
	return w.Bytes()
}
