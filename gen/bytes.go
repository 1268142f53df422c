package main

import "fmt"

// prod is one bit of the byte-class table: one ABNF production each.
type prod struct {
	name, doc string
	in        func(b byte) bool
}

var prods = []prod{
	{"ProdALPHA", "RFC 5234 ALPHA", func(b byte) bool { return inSet(b, alphaChars) }},
	{"ProdDIGIT", "RFC 5234 DIGIT", func(b byte) bool { return inSet(b, digitChars) }},
	{"ProdHEXDIG", "HEXDIG, either case (RFC 3986 2.1)", func(b byte) bool { return inSet(b, hexdigChars) }},
	{"ProdUnreserved", "RFC 3986 2.3 unreserved", func(b byte) bool {
		return inSet(b, alphaChars+digitChars+unreservedPunc)
	}},
	{"ProdSubDelims", "RFC 3986 2.2 sub-delims", func(b byte) bool { return inSet(b, subDelimChars) }},
	{"ProdGenDelims", "RFC 3986 2.2 gen-delims", func(b byte) bool { return inSet(b, genDelimChars) }},
	{"ProdScheme", "RFC 3986 3.1 scheme characters after the first", func(b byte) bool {
		return inSet(b, alphaChars+digitChars+schemePunc)
	}},
	{"ProdPct", "the '%' that starts RFC 3986 2.1 pct-encoded", func(b byte) bool { return b == '%' }},
	{"ProdIpcharExtra", "':' and '@', which ipchar adds to iunreserved and sub-delims", func(b byte) bool {
		return inSet(b, ipcharExtra)
	}},
	{"ProdQueryExtra", "'/' and '?', which iquery and ifragment add to ipchar", func(b byte) bool {
		return inSet(b, queryExtra)
	}},
	{"ProdIPv6", "characters of RFC 3986 3.2.2 IPv6address: HEXDIG, ':' and '.'", func(b byte) bool {
		return inSet(b, hexdigChars+":.")
	}},
	{"ProdIPvFuture", "characters after the '.' of RFC 3986 3.2.2 IPvFuture: unreserved, sub-delims, ':'", func(b byte) bool {
		return inSet(b, alphaChars+digitChars+unreservedPunc+subDelimChars+":")
	}},
	{"ProdNonASCII", "bytes 0x80-0xFF, which start or continue a UTF-8 sequence (ucschar, iprivate)", func(b byte) bool {
		return b >= 0x80
	}},
}

// prodBits returns the production bits of b.
func prodBits(b byte) uint16 {
	var v uint16
	for i, p := range prods {
		if p.in(b) {
			v |= 1 << i
		}
	}
	return v
}

func prodBit(name string) uint16 {
	for i, p := range prods {
		if p.name == name {
			return 1 << i
		}
	}
	panic("unknown production " + name)
}

// A byteClass is one letter of the DFA alphabet: a set of bytes that every
// production treats alike. Each gen-delim is a class of its own because
// gen-delims separate components.
type byteClass struct {
	name  string
	first byte
	bits  uint16
	delim byte // the gen-delim or '%' this class stands for, 0 if none
}

// classKey says which bytes share a class.
func classKey(b byte) string {
	bits := prodBits(b)
	if inSet(b, genDelimChars) {
		return fmt.Sprintf("%04x/%c", bits, b)
	}
	return fmt.Sprintf("%04x", bits)
}

// classNames gives readable names to the classes, keyed by a representative
// byte. A class found without a name aborts the generator, so a change to
// the productions cannot slip through unnoticed.
var classNames = map[byte]string{
	0x00: "ClassInvalid",
	'!':  "ClassSubDelim",
	'%':  "ClassPercent",
	'+':  "ClassPlus",
	'-':  "ClassHyphen",
	'.':  "ClassDot",
	'/':  "ClassSlash",
	'0':  "ClassDigit",
	':':  "ClassColon",
	'?':  "ClassQuestion",
	'@':  "ClassAt",
	'A':  "ClassHexAlpha",
	'G':  "ClassAlpha",
	'[':  "ClassLBracket",
	']':  "ClassRBracket",
	'_':  "ClassUnreserved",
	'#':  "ClassHash",
	0x80: "ClassNonASCII",
}

// buildClasses partitions the 256 bytes into DFA classes, numbered in
// order of their smallest byte.
func buildClasses() (classes []byteClass, of [256]uint8) {
	index := map[string]int{}
	for b := 0; b < 256; b++ {
		k := classKey(byte(b))
		ci, ok := index[k]
		if !ok {
			ci = len(classes)
			index[k] = ci
			name, ok := classNames[byte(b)]
			if !ok {
				fail("byte %#02x starts a class with no name; add it to classNames", b)
			}
			c := byteClass{name: name, first: byte(b), bits: prodBits(byte(b))}
			if inSet(byte(b), genDelimChars+"%") {
				c.delim = byte(b)
			}
			classes = append(classes, c)
		}
		of[b] = uint8(ci)
	}
	return classes, of
}
