package scanner

import "github.com/irikit/iri/tables"

// AppendIRI validates s against rule r and appends to dst its IRI form per
// RFC 3987 section 3.2: each %HH is decoded unless it stands for '%', a
// reserved character or an ASCII character that URIs do not allow (step
// 2); octets that are not part of a strictly legal UTF-8 sequence (step
// 3), and characters that are not appropriate where they land (step 4:
// outside ucschar, iprivate outside the query, the bidi formatting
// characters of section 4.1, and the section 6.1 list in
// tables.Section61), stay percent-encoded, with uppercase hex. A %HH that
// is not decoded at all keeps its case.
//
// The Result describes s, not the output. On failure dst is returned
// unchanged. It allocates only when dst must grow.
func AppendIRI(dst []byte, s string, r Rule, opts Options) ([]byte, Result) {
	res := Scan(s, r, opts)
	if !res.OK() {
		return dst, res
	}
	if res.Flags&HasPercent == 0 {
		return append(dst, s...), res
	}
	qlo, qhi := -1, -1
	if res.Parts&HasQuery != 0 {
		qlo, qhi = int(res.QueryStart), int(res.QueryEnd)
	}
	copied := 0
	for i := 0; i < len(s); {
		if s[i] != '%' {
			i++
			continue
		}
		dst = append(dst, s[copied:i]...)
		b := unhex(s[i+1])<<4 | unhex(s[i+2])
		switch {
		case b < 0x80 && tables.Prod[b]&tables.ProdUnreserved != 0:
			dst = append(dst, b)
			i += 3
		case b < 0x80:
			// '%', reserved, or not allowed in URIs: as it was.
			dst = append(dst, s[i:i+3]...)
			i += 3
		default:
			var c [4]byte
			n := decodedChar(s, i, &c)
			if n > 0 && appropriate(c[:n], i >= qlo && i < qhi) {
				dst = append(dst, c[:n]...)
			} else {
				// Step 3 re-encodes one octet and looks at the next one
				// afresh; step 4 re-encodes the whole character.
				if n == 0 {
					n = 1
				}
				for k := 0; k < n; k++ {
					o := unhex(s[i+3*k+1])<<4 | unhex(s[i+3*k+2])
					dst = append(dst, '%', upperHex[o>>4], upperHex[o&15])
				}
			}
			i += 3 * n
		}
		copied = i
	}
	return append(dst, s[copied:]...), res
}

// decodedChar decodes into c the strictly legal UTF-8 sequence that the
// %HH triplets at s[i] encode and returns its length, or 0 if they encode
// none. s[i] is '%' and the scanner has checked its two hex digits.
func decodedChar(s string, i int, c *[4]byte) int {
	lead := unhex(s[i+1])<<4 | unhex(s[i+2])
	n := 0
	switch {
	case lead >= 0xC2 && lead < 0xE0:
		n = 2
	case lead >= 0xE0 && lead < 0xF0:
		n = 3
	case lead >= 0xF0 && lead < 0xF5:
		n = 4
	default:
		return 0
	}
	c[0] = lead
	for k := 1; k < n; k++ {
		j := i + 3*k
		if j+2 >= len(s) || s[j] != '%' || tables.Prod[s[j+1]]&tables.ProdHEXDIG == 0 || tables.Prod[s[j+2]]&tables.ProdHEXDIG == 0 {
			return 0
		}
		c[k] = unhex(s[j+1])<<4 | unhex(s[j+2])
	}
	if size, cp := decode(string(c[:n]), 0); cp == tables.CPIllFormed || size != n {
		return 0
	}
	return n
}

// appropriate reports whether the legal UTF-8 character c may appear
// decoded in an IRI component (section 3.2 step 4).
func appropriate(c []byte, inQuery bool) bool {
	_, cp := decode(string(c), 0)
	switch cp {
	case tables.CPUcschar:
	case tables.CPIprivate:
		return inQuery
	case tables.CPBidi:
		return false // section 4.1: never decoded, AllowBidi or not
	default:
		return false
	}
	return Avoid61(decodeRune(c)) == tables.Avoid61None
}

// Avoid61 returns why RFC 3987 section 6.1 advises against the code point
// r (one of the tables.Avoid61 reasons), or tables.Avoid61None.
func Avoid61(r rune) uint8 {
	lo, hi := 0, len(tables.Section61)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch a := &tables.Section61[m]; {
		case r < a.Lo:
			hi = m
		case r > a.Hi:
			lo = m + 1
		default:
			return a.Reason
		}
	}
	return tables.Avoid61None
}

// decodeRune decodes a legal UTF-8 sequence of two to four octets.
func decodeRune(c []byte) rune {
	switch len(c) {
	case 2:
		return rune(c[0]&0x1F)<<6 | rune(c[1]&0x3F)
	case 3:
		return rune(c[0]&0x0F)<<12 | rune(c[1]&0x3F)<<6 | rune(c[2]&0x3F)
	}
	return rune(c[0]&0x07)<<18 | rune(c[1]&0x3F)<<12 | rune(c[2]&0x3F)<<6 | rune(c[3]&0x3F)
}

// unhex is the value of a hex digit the scanner has checked.
func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c&^0x20 - 'A' + 10
}
