// Package transcription_test checks the generated package tables against
// an independent transcription of the character sets and productions,
// written from the text of the RFCs and not from the generator's range
// lists. It sits under gen, in a package of its own that cannot see the
// generator's lists, because tables/ holds generated code only.
package transcription_test

import (
	"fmt"
	"testing"
	"unicode/utf8"

	// The dot import keeps the checks reading like the tables they check,
	// as strings_test does for strings.
	. "github.com/irikit/iri/tables"
)

// RFC 3987 section 2.2:
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//	        / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//	        / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//	        / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//	        / %xD0000-DFFFD / %xE1000-EFFFD
func rfcUcschar(r rune) bool {
	switch {
	case 0xA0 <= r && r <= 0xD7FF,
		0xF900 <= r && r <= 0xFDCF,
		0xFDF0 <= r && r <= 0xFFEF,
		0x10000 <= r && r <= 0x1FFFD,
		0x20000 <= r && r <= 0x2FFFD,
		0x30000 <= r && r <= 0x3FFFD,
		0x40000 <= r && r <= 0x4FFFD,
		0x50000 <= r && r <= 0x5FFFD,
		0x60000 <= r && r <= 0x6FFFD,
		0x70000 <= r && r <= 0x7FFFD,
		0x80000 <= r && r <= 0x8FFFD,
		0x90000 <= r && r <= 0x9FFFD,
		0xA0000 <= r && r <= 0xAFFFD,
		0xB0000 <= r && r <= 0xBFFFD,
		0xC0000 <= r && r <= 0xCFFFD,
		0xD0000 <= r && r <= 0xDFFFD,
		0xE1000 <= r && r <= 0xEFFFD:
		return true
	}
	return false
}

// RFC 3987 section 2.2:
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func rfcIprivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF ||
		0xF0000 <= r && r <= 0xFFFFD ||
		0x100000 <= r && r <= 0x10FFFD
}

// RFC 3987 section 4.1: "IRIs MUST NOT contain bidirectional formatting
// characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)".
func rfcBidi(r rune) bool {
	switch r {
	case 0x200E, // LEFT-TO-RIGHT MARK
		0x200F, // RIGHT-TO-LEFT MARK
		0x202A, // LEFT-TO-RIGHT EMBEDDING
		0x202B, // RIGHT-TO-LEFT EMBEDDING
		0x202C, // POP DIRECTIONAL FORMATTING
		0x202D, // LEFT-TO-RIGHT OVERRIDE
		0x202E: // RIGHT-TO-LEFT OVERRIDE
		return true
	}
	return false
}

// RFC 2234 / RFC 5234 appendix B.1 core rules, and RFC 3986 2.1-2.3, 3.1,
// 3.2.2, 3.3, 3.4 and 3.5.

// ALPHA = %x41-5A / %x61-7A
func rfcALPHA(b byte) bool { return 0x41 <= b && b <= 0x5A || 0x61 <= b && b <= 0x7A }

// DIGIT = %x30-39
func rfcDIGIT(b byte) bool { return 0x30 <= b && b <= 0x39 }

// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"; RFC 3986 2.1 makes
// the letters case-insensitive.
func rfcHEXDIG(b byte) bool {
	return rfcDIGIT(b) || 'A' <= b && b <= 'F' || 'a' <= b && b <= 'f'
}

// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
func rfcUnreserved(b byte) bool {
	return rfcALPHA(b) || rfcDIGIT(b) || b == '-' || b == '.' || b == '_' || b == '~'
}

// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
func rfcSubDelims(b byte) bool {
	switch b {
	case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	}
	return false
}

// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
func rfcGenDelims(b byte) bool {
	switch b {
	case ':', '/', '?', '#', '[', ']', '@':
		return true
	}
	return false
}

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): the characters
// after the first.
func rfcSchemeRest(b byte) bool {
	return rfcALPHA(b) || rfcDIGIT(b) || b == '+' || b == '-' || b == '.'
}

// The bits the tables document, from the sets above.
func wantProd(b byte) uint16 {
	var v uint16
	set := func(bit uint16, ok bool) {
		if ok {
			v |= bit
		}
	}
	set(ProdALPHA, rfcALPHA(b))
	set(ProdDIGIT, rfcDIGIT(b))
	set(ProdHEXDIG, rfcHEXDIG(b))
	set(ProdUnreserved, rfcUnreserved(b))
	set(ProdSubDelims, rfcSubDelims(b))
	set(ProdGenDelims, rfcGenDelims(b))
	set(ProdScheme, rfcSchemeRest(b))
	set(ProdPct, b == '%')                                              // pct-encoded = "%" HEXDIG HEXDIG
	set(ProdIpcharExtra, b == ':' || b == '@')                          // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	set(ProdQueryExtra, b == '/' || b == '?')                           // query = *( pchar / "/" / "?" ), fragment likewise
	set(ProdIPv6, rfcHEXDIG(b) || b == ':' || b == '.')                 // h16, ":", and the "." of ls32's IPv4address
	set(ProdIPvFuture, rfcUnreserved(b) || rfcSubDelims(b) || b == ':') // 1*( unreserved / sub-delims / ":" )
	set(ProdNonASCII, b >= 0x80)
	return v
}

var prodNames = []struct {
	bit  uint16
	name string
}{
	{ProdALPHA, "ProdALPHA"}, {ProdDIGIT, "ProdDIGIT"}, {ProdHEXDIG, "ProdHEXDIG"},
	{ProdUnreserved, "ProdUnreserved"}, {ProdSubDelims, "ProdSubDelims"},
	{ProdGenDelims, "ProdGenDelims"}, {ProdScheme, "ProdScheme"}, {ProdPct, "ProdPct"},
	{ProdIpcharExtra, "ProdIpcharExtra"}, {ProdQueryExtra, "ProdQueryExtra"},
	{ProdIPv6, "ProdIPv6"}, {ProdIPvFuture, "ProdIPvFuture"}, {ProdNonASCII, "ProdNonASCII"},
}

// RFC 3986 sections 2 and 3: every byte has exactly the production bits
// the ABNF gives it.
func TestProdBytes(t *testing.T) {
	for b := 0; b < 256; b++ {
		got, want := Prod[b], wantProd(byte(b))
		for _, p := range prodNames {
			if (got&p.bit != 0) != (want&p.bit != 0) {
				t.Errorf("Prod[%#02x %q] %s = %v, want %v", b, rune(b), p.name, got&p.bit != 0, want&p.bit != 0)
			}
		}
		if extra := got &^ want; extra != 0 {
			t.Errorf("Prod[%#02x] has undocumented bits %#x", b, extra)
		}
	}
}

// RFC 3986 Appendix A: bytes allowed nowhere (controls, space, DEL and
// "<>\"{}|\\^`") have no production bit at all.
func TestProdForbidden(t *testing.T) {
	for b := 0; b < 0x80; b++ {
		forbidden := b <= 0x20 || b == 0x7F
		switch b {
		case '"', '<', '>', '\\', '^', '`', '{', '|', '}':
			forbidden = true
		}
		if forbidden != (Prod[b] == 0) {
			t.Errorf("byte %#02x: forbidden by RFC 3986 = %v, but Prod = %#x", b, forbidden, Prod[b])
		}
		if forbidden && Class[b] != ClassInvalid {
			t.Errorf("byte %#02x: Class = %d, want ClassInvalid", b, Class[b])
		}
	}
}

// Bytes of one class have identical production bits, every class is in
// range, and each gen-delim and '%' is alone in its class.
func TestClassConsistency(t *testing.T) {
	if NumClasses != ClassEnd+1 {
		t.Errorf("NumClasses = %d, want ClassEnd+1 = %d", NumClasses, ClassEnd+1)
	}
	bitsOf := map[uint8]uint16{}
	members := map[uint8][]byte{}
	for b := 0; b < 256; b++ {
		c := Class[b]
		if int(c) >= ClassEnd {
			t.Errorf("Class[%#02x] = %d, want < ClassEnd (%d)", b, c, ClassEnd)
			continue
		}
		if prev, ok := bitsOf[c]; ok && prev != Prod[b] {
			t.Errorf("Class[%#02x] = %d, but its Prod %#x differs from the class's %#x", b, c, Prod[b], prev)
		}
		bitsOf[c] = Prod[b]
		members[c] = append(members[c], byte(b))
	}
	for c := uint8(0); c < ClassEnd; c++ {
		if len(members[c]) == 0 {
			t.Errorf("class %d has no byte", c)
		}
	}
	for _, d := range []byte(":/?#[]@%") {
		if m := members[Class[d]]; len(m) != 1 {
			t.Errorf("gen-delim or %% %q shares class %d with %q", d, Class[d], m)
		}
	}
	named := []struct {
		b     byte
		class uint8
	}{
		{0x00, ClassInvalid}, {' ', ClassInvalid}, {'!', ClassSubDelim}, {'#', ClassHash},
		{'%', ClassPercent}, {'+', ClassPlus}, {'-', ClassHyphen}, {'.', ClassDot},
		{'/', ClassSlash}, {'0', ClassDigit}, {'9', ClassDigit}, {':', ClassColon},
		{'?', ClassQuestion}, {'@', ClassAt}, {'A', ClassHexAlpha}, {'f', ClassHexAlpha},
		{'G', ClassAlpha}, {'z', ClassAlpha}, {'[', ClassLBracket}, {']', ClassRBracket},
		{'_', ClassUnreserved}, {'~', ClassUnreserved}, {0x80, ClassNonASCII}, {0xFF, ClassNonASCII},
	}
	for _, n := range named {
		if Class[n.b] != n.class {
			t.Errorf("Class[%q] = %d, want %d", n.b, Class[n.b], n.class)
		}
	}
}

// wantCP classifies a scalar value from the transcription above.
func wantCP(r rune) uint8 {
	switch {
	case rfcBidi(r):
		return CPBidi
	case rfcUcschar(r):
		return CPUcschar
	case rfcIprivate(r):
		return CPIprivate
	}
	return CPDisallowed
}

// walk classifies the UTF-8 sequence at the start of s as the scanner's
// decode does: the length comes from the lead byte, every following byte
// must be a continuation byte, and an entry >= TrieBlock names the 64-entry
// block indexed by the next byte's low six bits.
func walk(s []byte) (class uint8, size int) {
	e := UTF8Lead[s[0]]
	if e == CPIllFormed {
		return CPIllFormed, 1
	}
	size = 2
	if s[0] >= 0xF0 {
		size = 4
	} else if s[0] >= 0xE0 {
		size = 3
	}
	if len(s) < size {
		return CPIllFormed, 1
	}
	for k := 1; k < size; k++ {
		if s[k]&0xC0 != 0x80 {
			return CPIllFormed, 1
		}
		if e >= TrieBlock {
			e = UTF8Trie[int(e-TrieBlock)*64+int(s[k]&0x3F)]
		}
	}
	if e >= TrieBlock {
		// The sequence ended inside the trie: a table bug.
		return 0xFF, size
	}
	if e == CPIllFormed {
		// The scanner reports the error at the lead byte.
		return CPIllFormed, 1
	}
	return e, size
}

// RFC 3987 2.2 and RFC 3629: every code point 0..0x10FFFF, encoded as
// UTF-8, has the class the range lists give it; surrogates and every
// truncation are ill-formed.
func TestUTF8TrieAllCodePoints(t *testing.T) {
	var buf [4]byte
	bad := 0
	report := func(format string, args ...any) {
		bad++
		if bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r < 0x80 {
			if Prod[r]&ProdNonASCII != 0 || Class[r] == ClassNonASCII {
				report("ASCII U+%04X is marked non-ASCII", r)
			}
			continue
		}
		if 0xD800 <= r && r <= 0xDFFF {
			// The generic three-byte form of a surrogate is ill-formed.
			s := []byte{0xE0 | byte(r>>12), 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}
			if c, _ := walk(s); c != CPIllFormed {
				report("surrogate U+%04X (% X) = class %d, want CPIllFormed", r, s, c)
			}
			continue
		}
		n := utf8.EncodeRune(buf[:], r)
		c, size := walk(buf[:n])
		if want := wantCP(r); c != want || size != n {
			report("U+%04X (% X) = class %d size %d, want class %d size %d", r, buf[:n], c, size, want, n)
		}
		for k := 1; k < n; k++ {
			if c, _ := walk(buf[:k]); c != CPIllFormed {
				report("U+%04X truncated to % X = class %d, want CPIllFormed", r, buf[:k], c)
			}
		}
		// A non-continuation byte in place of any continuation byte.
		for k := 1; k < n; k++ {
			s := append([]byte(nil), buf[:n]...)
			s[k] = 'a'
			if c, _ := walk(s); c != CPIllFormed {
				report("U+%04X with byte %d replaced (% X) = class %d, want CPIllFormed", r, k, s, c)
			}
		}
	}
	if bad > 20 {
		t.Errorf("... and %d more", bad-20)
	}
}

// RFC 3629 section 3/4: bytes that never start a sequence, and overlong
// forms, are ill-formed.
func TestUTF8TrieIllFormed(t *testing.T) {
	for b := 0x80; b < 0xC2; b++ { // continuation bytes, and C0/C1 (overlong two-byte)
		if UTF8Lead[b] != CPIllFormed {
			t.Errorf("UTF8Lead[%#02x] = %d, want CPIllFormed", b, UTF8Lead[b])
		}
	}
	for b := 0xF5; b < 0x100; b++ {
		if UTF8Lead[b] != CPIllFormed {
			t.Errorf("UTF8Lead[%#02x] = %d, want CPIllFormed", b, UTF8Lead[b])
		}
	}
	for b := 0xC2; b < 0xF5; b++ {
		if UTF8Lead[b] == CPIllFormed {
			t.Errorf("UTF8Lead[%#02x] = CPIllFormed, but it starts well-formed sequences", b)
		}
	}
	// Every overlong form of every code point below each length's minimum.
	for r := rune(0); r < 0x10000; r++ {
		var s []byte
		switch {
		case r < 0x80:
			s = []byte{0xC0 | byte(r>>6), 0x80 | byte(r)&0x3F}
		case r < 0x800:
			s = []byte{0xE0, 0x80 | byte(r>>6), 0x80 | byte(r)&0x3F}
		default:
			s = []byte{0xF0, 0x80 | byte(r>>12), 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}
		}
		if c, _ := walk(s); c != CPIllFormed {
			t.Errorf("overlong U+%04X (% X) = class %d, want CPIllFormed", r, s, c)
		}
	}
	// Above U+10FFFF: F4 90.. and up.
	for b1 := 0x90; b1 < 0xC0; b1++ {
		if c, _ := walk([]byte{0xF4, byte(b1), 0x80, 0x80}); c != CPIllFormed {
			t.Errorf("F4 %02X 80 80 (above U+10FFFF) = class %d, want CPIllFormed", b1, c)
		}
	}
	// Agreement with the standard library on every lead and second byte.
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			s := []byte{byte(b0), byte(b1), 0x80, 0x80}
			r, n := utf8.DecodeRune(s)
			wantClass, wantSize := uint8(CPIllFormed), 1
			if r != utf8.RuneError || n > 1 {
				wantClass, wantSize = wantCP(r), n
			}
			if c, size := walk(s); c != wantClass || size != wantSize {
				t.Errorf("% X = class %d size %d, want class %d size %d", s, c, size, wantClass, wantSize)
			}
		}
	}
}

// Named code points of RFC 3987 2.2 and 4.1.
func TestUTF8TrieNamed(t *testing.T) {
	tests := []struct {
		r    rune
		want uint8
	}{
		{0x80, CPDisallowed}, {0x9F, CPDisallowed}, {0xA0, CPUcschar}, {0xD7FF, CPUcschar},
		{0xE000, CPIprivate}, {0xF8FF, CPIprivate}, {0xF900, CPUcschar}, {0xFDCF, CPUcschar},
		{0xFDD0, CPDisallowed}, {0xFDEF, CPDisallowed}, {0xFDF0, CPUcschar}, {0xFFEF, CPUcschar},
		{0xFFF0, CPDisallowed}, {0xFFFE, CPDisallowed}, {0xFFFF, CPDisallowed},
		{0x10000, CPUcschar}, {0x1FFFD, CPUcschar}, {0x1FFFE, CPDisallowed}, {0x1FFFF, CPDisallowed},
		{0xDFFFD, CPUcschar}, {0xDFFFE, CPDisallowed}, {0xE0000, CPDisallowed}, {0xE0001, CPDisallowed},
		{0xE0FFF, CPDisallowed}, {0xE1000, CPUcschar}, {0xEFFFD, CPUcschar}, {0xEFFFE, CPDisallowed},
		{0xF0000, CPIprivate}, {0xFFFFD, CPIprivate}, {0xFFFFE, CPDisallowed},
		{0x100000, CPIprivate}, {0x10FFFD, CPIprivate}, {0x10FFFE, CPDisallowed}, {0x10FFFF, CPDisallowed},
		{0x200D, CPUcschar}, {0x200E, CPBidi}, {0x200F, CPBidi}, {0x2029, CPUcschar},
		{0x202A, CPBidi}, {0x202B, CPBidi}, {0x202C, CPBidi}, {0x202D, CPBidi}, {0x202E, CPBidi},
		{0x202F, CPUcschar}, {0x2066, CPUcschar},
	}
	for _, tt := range tests {
		s := []byte(string(tt.r))
		if c, size := walk(s); c != tt.want || size != len(s) {
			t.Errorf("trie(U+%04X) = class %d size %d, want class %d size %d", tt.r, c, size, tt.want, len(s))
		}
	}
}

// entry is a decoded Trans entry.
type entry struct {
	next   uint32
	slot   uint32
	slow   bool
	sub    bool
	code   uint32
	atMark bool
}

func decodeEntry(e uint32) entry {
	d := entry{
		next: e & StateMask,
		slot: e >> SlotShift & SlotMask,
		slow: e&SlowBit != 0,
		sub:  e&SubBit != 0,
	}
	if d.next == StateError {
		c := e >> CodeShift
		d.code, d.atMark = c&^CodeAtMark, c&CodeAtMark != 0
	}
	return d
}

func (d entry) String() string {
	switch d.next {
	case StateError:
		return fmt.Sprintf("error(code %d, atMark %v)", d.code, d.atMark)
	case StateDone:
		return "done"
	}
	return fmt.Sprintf("move(state %d, slot %d, slow %v, sub %v)", d.next, d.slot, d.slow, d.sub)
}

func trans(state, class int) entry { return decodeEntry(Trans[state*NumClasses+class]) }

func move(state, slot uint32) entry { return entry{next: state, slot: slot} }
func subStep(state, slot uint32) entry {
	return entry{next: state, slot: slot, slow: true, sub: true}
}
func fail(code uint32) entry { return entry{next: StateError, slow: true, code: code} }
func done() entry            { return entry{next: StateDone, slow: true} }

// Named transitions, each from the ABNF it follows.
func TestTransNamed(t *testing.T) {
	tests := []struct {
		rfc          string
		state, class int
		want         entry
	}{
		// RFC 3986 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
		{"3986 3.1 scheme starts with ALPHA", StateIRIStart, ClassDigit, fail(CodeSchemeStart)},
		{"3986 3.1 scheme starts with ALPHA", StateIRIStart, ClassPlus, fail(CodeSchemeStart)},
		{"3986 3.1 scheme starts with ALPHA", StateIRIStart, ClassNonASCII, fail(CodeSchemeStart)},
		{"3986 3.1 scheme starts with ALPHA", StateIRIStart, ClassEnd, fail(CodeSchemeStart)},
		{"3986 3.1 scheme starts with ALPHA", StateIRIStart, ClassAlpha, move(StateScheme, SlotNone)},
		{"3986 3.1 scheme starts with ALPHA", StateIRIStart, ClassHexAlpha, move(StateScheme, SlotNone)},
		{"3986 3.1 scheme continues", StateScheme, ClassDigit, move(StateScheme, SlotNone)},
		{"3986 3.1 scheme continues", StateScheme, ClassDot, move(StateScheme, SlotNone)},
		{"3986 3.1 scheme continues", StateScheme, ClassHyphen, move(StateScheme, SlotNone)},
		{"3986 3.1 scheme continues", StateScheme, ClassPlus, move(StateScheme, SlotNone)},
		{"3986 3.1 scheme \":\"", StateScheme, ClassColon, move(StateAfterScheme, SlotScheme)},
		{"3986 3.1 no '_' in scheme", StateScheme, ClassUnreserved, fail(CodeScheme)},
		{"3986 3.1 no '%' in scheme", StateScheme, ClassPercent, fail(CodeScheme)},
		{"3986 3.1 no ucschar in scheme", StateScheme, ClassNonASCII, fail(CodeScheme)},
		{"3986 3.1 scheme needs ':'", StateScheme, ClassEnd, fail(CodeScheme)},
		// RFC 3987 2.2 IRI-reference = IRI / irelative-ref
		{"3987 2.2 IRI-reference may start a scheme", StateRefStart, ClassAlpha, move(StateSchemeOrSeg, SlotNone)},
		{"3987 2.2 irelative-ref has no scheme", StateRelStart, ClassAlpha, move(StateNoSchemeSeg, SlotNone)},
		{"3987 2.2 ipath-empty", StateRefStart, ClassEnd, done()},
		{"3987 2.2 ipath-empty", StateRelStart, ClassEnd, done()},
		{"3987 2.2 iquery after ipath-empty", StateRefStart, ClassQuestion, move(StateQuery, SlotQuery)},
		{"3987 2.2 ifragment after ipath-empty", StateRefStart, ClassHash, move(StateFragment, SlotFragment)},
		{"3987 2.2 isegment-nz-nc has no ':'", StateRefStart, ClassColon, fail(CodeColonInFirstSegment)},
		{"3987 2.2 isegment-nz-nc has no ':'", StateNoSchemeSeg, ClassColon, fail(CodeColonInFirstSegment)},
		{"3987 2.2 isegment-nz-nc has '@'", StateNoSchemeSeg, ClassAt, move(StateNoSchemeSeg, SlotNone)},
		{"3987 2.2 scheme chars then ':' make a scheme", StateSchemeOrSeg, ClassColon, move(StateAfterScheme, SlotScheme)},
		{"3987 2.2 scheme chars then '/' are a path", StateSchemeOrSeg, ClassSlash, move(StatePath, SlotNone)},
		{"3987 2.2 pct-encoded in isegment-nz-nc", StateRefStart, ClassPercent, subStep(StateNoSchemeSeg, SlotNone)},
		{"3987 2.2 ucschar in isegment-nz-nc", StateRefStart, ClassNonASCII, subStep(StateNoSchemeSeg, SlotNone)},
		{"3986 Appendix A: '[' only in IP-literal", StateRefStart, ClassLBracket, fail(CodeChar)},
		// RFC 3987 2.2 ihier-part = "//" iauthority ipath-abempty / ...
		{"3987 2.2 first '/'", StateAfterScheme, ClassSlash, move(StateSlash1, SlotNone)},
		{"3987 2.2 \"//\" starts iauthority", StateSlash1, ClassSlash, move(StateAuthStart, SlotAuthority)},
		{"3987 2.2 ipath-rootless", StateAfterScheme, ClassColon, move(StatePath, SlotNone)},
		{"3987 2.2 ipath-empty after scheme", StateAfterScheme, ClassEnd, done()},
		// RFC 3987 2.2 iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
		{"3986 3.2.2 IP-literal starts ihost", StateAuthStart, ClassLBracket, subStep(StateIPLiteral, SlotNone)},
		{"3986 3.2.2 IP-literal after iuserinfo", StateHostStart, ClassLBracket, subStep(StateIPLiteral, SlotNone)},
		{"3986 3.2.2 '[' not inside ireg-name", StateAuth, ClassLBracket, fail(CodeChar)},
		{"3986 3.2.2 '[' not inside ireg-name", StateHost, ClassLBracket, fail(CodeChar)},
		{"3986 3.2.2 ']' only closes IP-literal", StateAuth, ClassRBracket, fail(CodeChar)},
		{"3987 2.2 iuserinfo \"@\"", StateAuth, ClassAt, move(StateHostStart, SlotUserinfo)},
		{"3987 2.2 ':' may start port", StateAuth, ClassColon, move(StateAuthColon, SlotColon)},
		{"3987 2.2 ':' port after ihost", StateHost, ClassColon, move(StatePort, SlotColon)},
		{"3987 2.2 no '@' in ihost", StateHost, ClassAt, fail(CodeChar)},
		{"3987 2.2 ipath-abempty ends iauthority", StateAuth, ClassSlash, move(StatePath, SlotPath)},
		{"3986 3.2.3 port = *DIGIT", StatePort, ClassDigit, move(StatePort, SlotNone)},
		{"3986 3.2.3 port = *DIGIT", StatePort, ClassAlpha, fail(CodePort)},
		{"3986 3.2.3 port = *DIGIT", StatePort, ClassNonASCII, fail(CodePort)},
		{"3986 3.2.3 port = *DIGIT", StatePort, ClassColon, fail(CodePort)},
		{"3986 3.2.3 port then ipath-abempty", StatePort, ClassSlash, move(StatePath, SlotPath)},
		{"3986 3.2.3 port then end", StatePort, ClassEnd, done()},
		{"3986 3.2.3 digits after ':'", StateAuthColon, ClassDigit, move(StateAuthColon, SlotNone)},
		{"3987 2.2 a non-digit makes it iuserinfo", StateAuthColon, ClassAlpha, move(StateUserinfo, SlotMark)},
		{"3987 2.2 iuserinfo without \"@\": port error at mark", StateUserinfo, ClassEnd, entry{next: StateError, slow: true, code: CodePort, atMark: true}},
		{"3986 3.2.2 ':' port after IP-literal", StateAfterIPLiteral, ClassColon, move(StatePort, SlotColon)},
		{"3986 3.2.2 nothing else after IP-literal", StateAfterIPLiteral, ClassAlpha, fail(CodeAfterIPLiteral)},
		// RFC 3987 2.2 ipath
		{"3987 2.2 ipchar ':' in ipath", StatePath, ClassColon, move(StatePath, SlotNone)},
		{"3987 2.2 ipchar '@' in ipath", StatePath, ClassAt, move(StatePath, SlotNone)},
		{"3987 2.2 '?' starts iquery", StatePath, ClassQuestion, move(StateQuery, SlotQuery)},
		{"3987 2.2 '#' starts ifragment", StatePath, ClassHash, move(StateFragment, SlotFragment)},
		{"3987 2.2 pct-encoded in ipath", StatePath, ClassPercent, subStep(StatePath, SlotNone)},
		// RFC 3987 2.2 iquery = *( ipchar / iprivate / "/" / "?" )
		{"3987 2.2 '?' in iquery", StateQuery, ClassQuestion, move(StateQuery, SlotNone)},
		{"3987 2.2 '/' in iquery", StateQuery, ClassSlash, move(StateQuery, SlotNone)},
		{"3987 2.2 '#' ends iquery", StateQuery, ClassHash, move(StateFragment, SlotFragment)},
		{"3987 2.2 ucschar/iprivate in iquery", StateQuery, ClassNonASCII, subStep(StateQuery, SlotNone)},
		{"3986 3.4 no '[' in query", StateQuery, ClassLBracket, fail(CodeChar)},
		{"3987 2.2 iquery ends the input", StateQuery, ClassEnd, done()},
		// RFC 3987 2.2 ifragment = *( ipchar / "/" / "?" )
		{"3987 2.2 '?' in ifragment", StateFragment, ClassQuestion, move(StateFragment, SlotNone)},
		{"3987 2.2 no '#' in ifragment", StateFragment, ClassHash, fail(CodeChar)},
		{"3986 3.5 no ']' in fragment", StateFragment, ClassRBracket, fail(CodeChar)},
		{"3987 2.2 ifragment ends the input", StateFragment, ClassEnd, done()},
	}
	for _, tt := range tests {
		if got := trans(tt.state, tt.class); got != tt.want {
			t.Errorf("Trans[state %d, class %d] (RFC %s) = %v, want %v", tt.state, tt.class, tt.rfc, got, tt.want)
		}
	}
}

// Properties that hold for every entry of the table.
func TestTransInvariants(t *testing.T) {
	for s := 0; s < NumStates; s++ {
		for c := 0; c < NumClasses; c++ {
			e := Trans[s*NumClasses+c]
			d := decodeEntry(e)
			if d.next > StateError {
				t.Errorf("Trans[%d,%d] = %#x: next state %d out of range", s, c, e, d.next)
			}
			if d.slot >= NumSlots {
				t.Errorf("Trans[%d,%d] = %#x: slot %d out of range", s, c, e, d.slot)
			}
			if d.next == StateError && (d.code == CodeOK || d.code >= NumCodes) {
				t.Errorf("Trans[%d,%d] = %#x: error code %d out of range", s, c, e, d.code)
			}
			// SlowBit: done, an error, or a sub-step; a plain move otherwise.
			if wantSlow := d.next >= NumStates || d.sub; d.slow != wantSlow {
				t.Errorf("Trans[%d,%d] = %#x: SlowBit %v, want %v", s, c, e, d.slow, wantSlow)
			}
			// Sub-steps are exactly '%', non-ASCII and '['.
			wantSub := d.next < NumStates && (c == ClassPercent || c == ClassNonASCII || d.next == StateIPLiteral)
			if d.sub != wantSub {
				t.Errorf("Trans[%d,%d] = %#x: SubBit %v, want %v", s, c, e, d.sub, wantSub)
			}
			if d.sub && !d.slow {
				t.Errorf("Trans[%d,%d] = %#x: SubBit without SlowBit", s, c, e)
			}
			// Bytes RFC 3986 allows nowhere never move the DFA, and neither
			// does ']' outside the IP-literal sub-step.
			if (c == ClassInvalid || c == ClassRBracket) && d.next != StateError {
				t.Errorf("Trans[%d, class %d] = %v, want an error", s, c, d)
			}
			// Only the end of input accepts.
			if (d.next == StateDone) != (c == ClassEnd && d.next == StateDone) {
				t.Errorf("Trans[%d,%d] = done on a byte", s, c)
			}
			// '[' moves only where ihost starts.
			if c == ClassLBracket && d.next != StateError && s != StateAuthStart && s != StateHostStart {
				t.Errorf("Trans[%d, '['] = %v outside the start of ihost", s, d)
			}
		}
		if int(StateComponent[s]) >= NumComponents || StateComponent[s] == ComponentNone {
			t.Errorf("StateComponent[%d] = %d", s, StateComponent[s])
		}
	}
	// Stay[b] bit s means exactly "a plain move from s to s without a slot".
	for b := 0; b < 256; b++ {
		c := int(Class[b])
		for s := 0; s < NumStates; s++ {
			stays := Stay[b]&(1<<s) != 0
			self := Trans[s*NumClasses+c] == uint32(s)
			if c == ClassPercent || c == ClassNonASCII {
				self = false
			}
			if stays != self {
				t.Errorf("Stay[%#02x] bit %d = %v, but Trans[%d,%d] = %#x", b, s, stays, s, c, Trans[s*NumClasses+c])
			}
		}
		if Stay[b]>>NumStates != 0 {
			t.Errorf("Stay[%#02x] = %#x has bits above NumStates", b, Stay[b])
		}
	}
}

// The components errors are reported in, per state.
func TestStateComponent(t *testing.T) {
	tests := []struct {
		state int
		want  uint8
	}{
		{StateIRIStart, ComponentScheme}, {StateScheme, ComponentScheme},
		{StateRefStart, ComponentPath}, {StateNoSchemeSeg, ComponentPath}, {StatePath, ComponentPath},
		{StateAuth, ComponentAuthority}, {StateUserinfo, ComponentUserinfo}, {StateHost, ComponentHost},
		{StatePort, ComponentPort}, {StateAuthColon, ComponentPort}, {StateIPLiteral, ComponentHost},
		{StateQuery, ComponentQuery}, {StateFragment, ComponentFragment},
	}
	for _, tt := range tests {
		if got := StateComponent[tt.state]; got != tt.want {
			t.Errorf("StateComponent[%d] = %d, want %d", tt.state, got, tt.want)
		}
	}
}

// VecSet, NonASCIIStay and Staying describe, for the assembly loop, the
// same runs that Stay and Trans do: checked here for every state and byte.
func TestVecSet(t *testing.T) {
	var nonASCII, staying uint32
	for st := 0; st < NumStates; st++ {
		if e := Trans[st*NumClasses+ClassNonASCII]; e == uint32(st)|SlowBit|SubBit {
			nonASCII |= 1 << st
		}
		for b := 0; b < 256; b++ {
			if Stay[b]&(1<<st) != 0 {
				staying |= 1 << st
			}
		}
	}
	if nonASCII != NonASCIIStay {
		t.Errorf("NonASCIIStay = %#x, Trans says %#x", NonASCIIStay, nonASCII)
	}
	if staying != Staying {
		t.Errorf("Staying = %#x, Stay says %#x", Staying, staying)
	}
	// The loop decodes characters led by C3-DF, E0, E1 and E3-EC itself:
	// U+00C0-U+07FF, U+0800-U+1FFF and U+3000-U+CFFF, all inside ucschar's
	// %xA0-D7FF and clear of the section 4.1 bidi characters at U+200E,
	// U+200F and U+202A-U+202E.
	decoded := func(b int) bool { return b >= 0xC3 && b <= 0xEC && b != 0xE2 }
	for st := 0; st < NumStates; st++ {
		v := &VecSet[st]
		for b := 0; b < 256; b++ {
			got := v[b&15]&v[16+b>>4] != 0
			want := b < 0x80 && Stay[b]&(1<<st) != 0 ||
				b >= 0x80 && nonASCII&(1<<st) != 0 && (b < 0xC0 || decoded(b))
			if got != want {
				t.Errorf("VecSet[%d] takes byte %#02x = %v, want %v", st, b, got, want)
			}
		}
	}
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		if lead := []byte(string(r))[0]; decoded(int(lead)) && (!rfcUcschar(r) || rfcBidi(r)) {
			t.Errorf("U+%04X (lead %#02x) is decoded in the loop but is not an allowed ucschar", r, lead)
		}
	}
}

func section61Of(r rune) uint8 {
	for _, a := range Section61 {
		if a.Lo <= r && r <= a.Hi {
			return a.Reason
		}
	}
	return Avoid61None
}

// Section61 is sorted, disjoint and inside the allowed ucschar, and holds
// the characters section 6.1 and RFC 3491 name.
func TestSection61(t *testing.T) {
	for i, a := range Section61 {
		if a.Lo > a.Hi || i > 0 && Section61[i-1].Hi >= a.Lo {
			t.Errorf("Section61[%d] = %+v: not sorted and disjoint", i, a)
		}
		if a.Reason == Avoid61None || a.Reason > Avoid61Bidi {
			t.Errorf("Section61[%d] = %+v: bad reason", i, a)
		}
		for r := a.Lo; r <= a.Hi; r++ {
			if !rfcUcschar(r) || rfcBidi(r) {
				t.Errorf("U+%04X is listed but is not an allowed ucschar", r)
			}
		}
	}
	for _, tt := range []struct {
		r    rune
		want uint8
	}{
		{0x00A0, Avoid61Space},     // NO-BREAK SPACE
		{0x3000, Avoid61Space},     // IDEOGRAPHIC SPACE
		{0x200B, Avoid61Space},     // ZERO WIDTH SPACE
		{0x200D, Avoid61Control},   // ZERO WIDTH JOINER
		{0xFEFF, Avoid61Control},   // BYTE ORDER MARK
		{0x00AD, Avoid61Invisible}, // SOFT HYPHEN
		{0xFE0F, Avoid61Invisible}, // VARIATION SELECTOR-16
		{0x0340, Avoid61Display},   // COMBINING GRAVE TONE MARK
		{0xFF21, Avoid61Fullwidth}, // FULLWIDTH LATIN CAPITAL LETTER A
		{0xFF0F, Avoid61Fullwidth}, // FULLWIDTH SOLIDUS
		{0xFF76, Avoid61Halfwidth}, // HALFWIDTH KATAKANA LETTER KA
		{0x2215, Avoid61Delim},     // DIVISION SLASH
		{0x3002, Avoid61Delim},     // IDEOGRAPHIC FULL STOP
		{0x061C, Avoid61Bidi},      // ARABIC LETTER MARK
		{0x2067, Avoid61Bidi},      // RIGHT-TO-LEFT ISOLATE
		{0x00E9, Avoid61None},      // é
		{0x4E2D, Avoid61None},      // 中
		{0x30AB, Avoid61None},      // KATAKANA LETTER KA (full width is the normal form)
		{0x0627, Avoid61None},      // ARABIC LETTER ALEF
	} {
		if got := section61Of(tt.r); got != tt.want {
			t.Errorf("U+%04X: reason %d, want %d", tt.r, got, tt.want)
		}
	}
}

// The block path's tables, bit by bit from the sets above; and what its
// UTF-8 test passes, from the encoding itself: every character with a
// decoded lead is an allowed ucschar.
func TestBlockTables(t *testing.T) {
	type bitWant struct {
		k  int
		in bool
	}
	check := func(table string, b int, v uint8, wants []bitWant, unused uint8) {
		for _, w := range wants {
			if v>>w.k&1 != 0 != w.in {
				t.Errorf("%s[%#02x] bit %d = %v, want %v", table, b, w.k, !w.in, w.in)
			}
		}
		if v&unused != 0 {
			t.Errorf("%s[%#02x] = %#02x sets an unused bit", table, b, v)
		}
	}
	for b := 0; b < 128; b++ {
		c := byte(b)
		plain := rfcUnreserved(c) || rfcSubDelims(c) || c == '%' || rfcGenDelims(c) && c != '[' && c != ']'
		check("BlockDelim", b, BlockDelim[b], []bitWant{
			{BlockBad, !plain}, {BlockColon, c == ':'}, {BlockStop, c == '/' || c == '?' || c == '#'},
			{BlockScheme, rfcSchemeRest(c)}, {BlockAtPct, c == '@' || c == '%'}, {BlockRare, c == '@' || c == '%' || c == '#'},
			{BlockQuestion, c == '?'}, {BlockHash, c == '#'},
		}, 0)
		check("BlockClass", b, BlockClass[b], []bitWant{
			{BlockDigit, rfcDIGIT(c)}, {BlockHex, rfcHEXDIG(c)}, {BlockAt, c == '@'}, {BlockPct, c == '%'},
		}, 0xF0)
	}
	decoded := func(b int) bool { return b >= 0xC2 && b <= 0xED && b != 0xE2 }
	for b := 0x80; b < 256; b++ {
		check("BlockClass", b, BlockClass[b], []bitWant{
			{BlockOther, b >= 0xC0 && !decoded(b)}, {BlockLead, decoded(b)}, {BlockLead3, decoded(b) && b >= 0xE0},
			{BlockNeed, b == 0xC2 || b == 0xE0 || b == 0xED}, {BlockContHi, b >= 0xA0 && b < 0xC0},
			{BlockNeedHi, b == 0xC2 || b == 0xE0}, {BlockNeedLo, b == 0xED},
			{BlockOdd, b >= 0xC0 && !decoded(b) || b == 0xC2 || b == 0xE0 || b == 0xED},
		}, 0)
	}
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		seq := []byte(string(r))
		passes := decoded(int(seq[0])) &&
			(seq[0] != 0xC2 && seq[0] != 0xE0 || seq[1] >= 0xA0) && (seq[0] != 0xED || seq[1] < 0xA0)
		if passes && (!rfcUcschar(r) || rfcBidi(r)) {
			t.Errorf("U+%04X passes the block path's test but is not an allowed ucschar", r)
		}
	}
}
