package main

import (
	"bytes"
	"fmt"
)

// The vector run-skip (scanner/skip_amd64.s) tests sixteen bytes at a time
// against the ASCII stay set of one state with two 16-entry lookups, one
// on the low and one on the high nibble of each byte (PSHUFB), and a
// byte stays when the two results share a bit.
//
// The split is exact for any set of ASCII bytes: give each distinct row
// (the set of low nibbles allowed under one high nibble) its own bit,
// set that bit in hi[h] for every high nibble h with that row and in
// lo[l] for every low nibble l in the row. There are at most eight high
// nibbles below 0x80, hence at most eight rows, and bytes >= 0x80 look up
// hi[8..15], which stay zero.

// vecSet is one state's pair of nibble tables: lo in [0:16], hi in [16:32].
type vecSet [32]uint8

// buildVec splits each state's ASCII stay set into nibble tables and
// returns them with the mask of states that a non-ASCII character keeps
// (in the IRI rules; the RFC 3986 rules allow none).
func buildVec(classes []byteClass, trans []uint32, stay [256]uint32) (sets []vecSet, nonASCII uint32) {
	numSyms := len(classes) + 1
	nonASCIIClass := -1
	for i, cl := range classes {
		if cl.bits&prodBit("ProdNonASCII") != 0 {
			nonASCIIClass = i
		}
	}
	for s := range states {
		var rows [8]uint16
		for b := 0; b < 0x80; b++ {
			if stay[b]&(1<<s) != 0 {
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
		sets = append(sets, v)
		if trans[s*numSyms+nonASCIIClass] == uint32(s)|slowBit|subBit {
			nonASCII |= 1 << s
		}
	}
	checkVec(sets, stay)
	return sets, nonASCII
}

// stays is the vector test for one byte, as PSHUFB computes it: an
// index with its top bit set reads zero.
func (v *vecSet) stays(b byte) bool {
	lo := v[b&15]
	if b&0x80 != 0 {
		lo = 0
	}
	return lo&v[16+b>>4] != 0
}

// checkVec verifies the nibble tables against the stay masks for every
// state and byte.
func checkVec(sets []vecSet, stay [256]uint32) {
	for s := range states {
		for b := 0; b < 256; b++ {
			want := b < 0x80 && stay[b]&(1<<s) != 0
			if got := sets[s].stays(byte(b)); got != want {
				fail("vector set of %s: byte %#02x stays=%v, Stay says %v", states[s].name, b, got, want)
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

func genVec(sets []vecSet, nonASCII uint32) []byte {
	var w bytes.Buffer
	w.WriteString(header + "package tables\n\n")
	w.WriteString("// VecSet holds each state's ASCII stay set (the bytes below 0x80 of\n// Stay) as two 16-entry tables for a vector byte shuffle: byte b stays in\n// state s when VecSet[s][b&15] & VecSet[s][16+b>>4] != 0. Bytes >= 0x80\n// never stay, as the shuffle reads zero for them. States that no byte keeps\n// have no entry.\n//\n")
	fmt.Fprintf(&w, "// Size: %d bytes.\nvar VecSet = [NumStates][32]uint8{\n", 32*len(sets))
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
	fmt.Fprintf(&w, "// NonASCIIStay has bit s set when a non-ASCII character keeps the DFA in\n// state s in the IRI rules.\nconst NonASCIIStay = %#08x\n", nonASCII)
	return w.Bytes()
}
