package main

import (
	"bytes"
	"fmt"
	"strings"
)

// The WHATWG URL Standard's byte sets (section 1.3 "Percent-encoded
// bytes", 3.2 "Host miscellaneous", 4.3 "URL writing"), each written here
// as the standard defines it, in terms of the one before it, and packed
// into one word a byte for package whatwg's scanner. Only ASCII bytes
// are listed: every set that percent-encodes holds every code point above
// U+007E, and the URL code points above ASCII are decided by code point.

// whatwgBit is one bit of tables.WHATWG.
type whatwgBit struct {
	name, doc string
	in        func(c byte) bool
}

func inString(s string) func(byte) bool {
	return func(c byte) bool { return c < 0x80 && strings.IndexByte(s, c) >= 0 }
}

func union(fs ...func(byte) bool) func(byte) bool {
	return func(c byte) bool {
		for _, f := range fs {
			if f(c) {
				return true
			}
		}
		return false
	}
}

func isC0(c byte) bool { return c <= 0x1F }
func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
func aboveTilde(c byte) bool { return c > '~' }

var (
	encC0        = union(isC0, aboveTilde)
	encFragment  = union(encC0, inString(" \"<>`"))
	encQuery     = union(encC0, inString(" \"#<>"))
	encSpecialQ  = union(encQuery, inString("'"))
	encPath      = union(encQuery, inString("?^`{}"))
	encUserinfo  = union(encPath, inString("/:;=@[\\]|"))
	encComponent = union(encUserinfo, inString("$%&+,"))
	encForm      = union(encComponent, inString("!'()~"))
	forbidHost   = inString("\x00\t\n\r #/:<>?@[\\]^|")
	forbidDomain = union(forbidHost, isC0, inString("%\x7f"))
	urlUnit      = union(isAlnum, inString("!$&'()*+,-./:;=?@_~"))
	schemeByte   = union(isAlnum, inString("+-."))
	tabOrNewline = inString("\t\n\r")
)

var whatwgBits = []whatwgBit{
	{"EncC0", "C0 control percent-encode set: C0 controls and above U+007E", encC0},
	{"EncFragment", "fragment percent-encode set: EncC0 and space \" < > `", encFragment},
	{"EncQuery", "query percent-encode set: EncC0 and space \" # < >", encQuery},
	{"EncSpecialQuery", "special-query percent-encode set: EncQuery and '", encSpecialQ},
	{"EncPath", "path percent-encode set: EncQuery and ? ^ ` { }", encPath},
	{"EncUserinfo", "userinfo percent-encode set: EncPath and / : ; = @ [ \\ ] |", encUserinfo},
	{"EncComponent", "component percent-encode set: EncUserinfo and $ % & + ,", encComponent},
	{"EncForm", "application/x-www-form-urlencoded percent-encode set: EncComponent and ! ' ( ) ~", encForm},
	{"ForbiddenHost", "forbidden host code point", forbidHost},
	{"ForbiddenDomain", "forbidden domain code point: ForbiddenHost, C0 controls, % and DEL", forbidDomain},
	{"URLUnit", "an ASCII URL code point (alphanumeric and !$&'()*+,-./:;=?@_~)", urlUnit},
	{"SchemeByte", "a byte of a scheme after its first: alphanumeric, + - .", schemeByte},
	{"TabOrNewline", "ASCII tab or newline, removed from the input anywhere", tabOrNewline},
}

// buildWHATWG returns the packed word of every byte.
func buildWHATWG() [256]uint16 {
	if len(whatwgBits) > 16 {
		fail("%d WHATWG byte classes do not fit in 16 bits", len(whatwgBits))
	}
	var t [256]uint16
	for c := range 256 {
		for i, b := range whatwgBits {
			if b.in(byte(c)) {
				t[c] |= 1 << i
			}
		}
	}
	// The nesting the standard states: each set holds the one it is
	// made from. A slip in a list above would break it.
	for c := range 256 {
		b := byte(c)
		for _, pair := range [][2]func(byte) bool{
			{encC0, encFragment}, {encC0, encQuery}, {encQuery, encSpecialQ}, {encQuery, encPath},
			{encPath, encUserinfo}, {encUserinfo, encComponent}, {encComponent, encForm}, {forbidHost, forbidDomain},
		} {
			if pair[0](b) && !pair[1](b) {
				fail("WHATWG sets: byte %#x is in a set and not in the one made from it", c)
			}
		}
		// The form set holds all but alphanumerics and * - . _ (the
		// standard's note).
		if want := !(isAlnum(b) || strings.IndexByte("*-._", b) >= 0); encForm(b) != want {
			fail("WHATWG sets: byte %#x: form set %v, the standard's note says %v", c, encForm(b), want)
		}
	}
	return t
}

func genWHATWG(t [256]uint16) []byte {
	var w bytes.Buffer
	w.WriteString(header + "package tables\n\n")
	w.WriteString("// Bits of WHATWG: the byte sets of the WHATWG URL Standard, for package\n// whatwg. Each percent-encode set holds every byte above 0x7E too.\nconst (\n")
	for i, b := range whatwgBits {
		fmt.Fprintf(&w, "\tW%s uint16 = 1 << %d // %s\n", b.name, i, b.doc)
	}
	w.WriteString(")\n\n")
	w.WriteString("// WHATWG holds the W* bits of each byte.\n//\n// Size: 512 bytes.\nvar WHATWG = [256]uint16{\n")
	for c := 0; c < 256; c += 8 {
		w.WriteString("\t")
		for k := c; k < c+8; k++ {
			fmt.Fprintf(&w, "%#04x,", t[k])
			if k < c+7 {
				w.WriteString(" ")
			}
		}
		fmt.Fprintf(&w, " // %#02x\n", c)
	}
	w.WriteString("}\n")
	return w.Bytes()
}
