package scan

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/simd"
	"github.com/irikit/iri/tables"
)

// AppendIRIOf appends to dst the IRI form of s (scanner.AppendIRI) for
// an s that a scan has already accepted with result res, so that a
// caller who scanned need not scan again. It allocates only when dst
// lacks room for len(s) more bytes (sixteen more where the SSSE3
// decoder runs).
func AppendIRIOf(dst []byte, s string, res *Result) []byte {
	if res.Flags&HasPercent == 0 {
		return append(dst, s...)
	}
	qlo, qhi := -1, -1
	if res.Parts&HasQuery != 0 {
		qlo, qhi = int(res.QueryStart), int(res.QueryEnd)
	}
	return appendDecoded(dst, s, qlo, qhi)
}

// appendDecoded appends the IRI form of s, which has a %HH, its query
// between qlo and qhi (-1 if none).
func appendDecoded(dst []byte, s string, qlo, qhi int) []byte {
	switch {
	case simd.Decode512:
		return appendIRI512(dst, s, qlo, qhi)
	case simd.Decode:
		return appendIRIVec(dst, s, qlo, qhi)
	}
	return appendIRIGo(dst, s, qlo, qhi)
}

// appendIRIGo is AppendIRIOf in Go alone, for s with a %HH and its query
// between qlo and qhi (-1 if none).
func appendIRIGo(dst []byte, s string, qlo, qhi int) []byte {
	// The scan checked that every '%' is followed by two hex digits.
	i := 0
	for {
		if i >= len(s) {
			return dst
		}
		if s[i] != '%' {
			// Triplets mostly come in chains; search only between them.
			j := strings.IndexByte(s[i:], '%')
			if j < 0 {
				return append(dst, s[i:]...)
			}
			dst = append(dst, s[i:i+j]...)
			i += j
		}
		dst, i = appendPct(dst, s, i, i >= qlo && i < qhi)
	}
}

// AppendIRI checks s against rule r and appends its IRI form to dst, as
// scanner.AppendIRI does, for a caller that needs a Result only where s
// does not match: it reports whether s matched (if not, dst is as it was
// and *res, which must be zero, says why). Where the block path takes s it
// gives what the decoding needs, whether s has a %HH and where its query
// is, for the cost of Valid, and leaves *res alone.
func AppendIRI(dst []byte, s string, r Rule, opts Options, res *Result) ([]byte, bool) {
	if (simd.Block || simd.Block256) && len(s) != 0 && len(s) <= maxLen && r < numRules {
		if simd.Block && simd.Decode512 && cap(dst)-len(dst) >= len(s) {
			// One call validates and writes what it can.
			w := len(dst)
			head, query, frag, next, n := convert512(&dst[:w+1][w], s, blockMode[r])
			if head != 0 {
				dst = dst[:w+n]
				if next < len(s) {
					qlo, qhi := queryOf(s, query, frag)
					dst = appendRest512(dst, s, next, qlo, qhi)
				}
				return dst, true
			}
		} else if head, query, frag := blockAsm(s, blockMode[r]); head != 0 {
			if head>>headFlags&HasPercent == 0 {
				return append(dst, s...), true
			}
			qlo, qhi := queryOf(s, query, frag)
			return appendDecoded(dst, s, qlo, qhi), true
		}
	}
	Scan(s, r, opts, nil, false, res)
	if !res.OK() {
		return dst, false
	}
	return AppendIRIOf(dst, s, res), true
}

// queryOf returns where the query of s starts and ends (-1 if none),
// given the block path's query and frag.
func queryOf(s string, query, frag int) (qlo, qhi int) {
	if query < 0 {
		return -1, -1
	}
	qlo, qhi = query+1, len(s)
	if frag >= 0 {
		qhi = frag
	}
	return qlo, qhi
}

// appendIRIVec is AppendIRIOf with decodeRun doing the work it can.
func appendIRIVec(dst []byte, s string, qlo, qhi int) []byte {
	// The output is never longer than s; decodeRun stores sixteen bytes
	// at a time.
	dst = slices.Grow(dst, len(s)+16)
	out := dst[:cap(dst)]
	w := len(dst)
	for i := 0; i < len(s); {
		var n int
		i, n = decodeRun(&out[w], s, i)
		w += n
		if i >= len(s) {
			break
		}
		// What decodeRun leaves: one triplet or character, or a byte
		// near the end of a page.
		if s[i] != '%' {
			out[w] = s[i]
			w, i = w+1, i+1
			continue
		}
		var d []byte
		d, i = appendPct(out[:w], s, i, i >= qlo && i < qhi)
		w = len(d)
	}
	return out[:w]
}

// appendIRI512 is AppendIRIOf with decode512 doing the work it can.
func appendIRI512(dst []byte, s string, qlo, qhi int) []byte {
	// The output is never longer than s, and decode512 writes no more
	// than it returns.
	dst = slices.Grow(dst, len(s))
	w := len(dst)
	i, n := decode512(&dst[:w+1][w], s, 0)
	return appendRest512(dst[:w+n], s, i, qlo, qhi)
}

// appendRest512 appends the IRI form of s[i:], where decode512 stopped,
// to dst, which has room for it.
func appendRest512(dst []byte, s string, i, qlo, qhi int) []byte {
	out := dst[:cap(dst)]
	w := len(dst)
	for i < len(s) {
		// What decode512 leaves: one triplet or character.
		var d []byte
		d, i = appendPct(out[:w], s, i, i >= qlo && i < qhi)
		w = len(d)
		if i < len(s) {
			var n int
			i, n = decode512(&out[w], s, i)
			w += n
		}
	}
	return out[:w]
}

// appendPct appends the IRI form of the triplets at s[i], which starts a
// valid %HH: one ASCII octet, one character, or one octet that is not
// part of a legal one. It returns where the next one starts.
func appendPct(dst []byte, s string, i int, inQuery bool) ([]byte, int) {
	if b := octet(s, i); b < 0x80 {
		if tables.Prod[b]&tables.ProdUnreserved != 0 {
			return append(dst, b), i + 3
		}
		// '%', reserved, or not allowed in URIs: as it was.
		return append(dst, s[i:i+3]...), i + 3
	}
	if n := fastChar(s, i); n > 0 {
		dst = append(dst, octet(s, i), octet(s, i+3))
		if n == 3 {
			dst = append(dst, octet(s, i+6))
		}
		return dst, i + 3*n
	}
	var c [4]byte
	n, cp := decodedChar(s, i, &c)
	if n > 0 && appropriate(cp, c[:n], inQuery) {
		return append(dst, c[:n]...), i + 3*n
	}
	// Step 3 re-encodes one octet and looks at the next one afresh; step
	// 4 re-encodes the whole character.
	n = max(n, 1)
	for k := 0; k < n; k++ {
		o := octet(s, i+3*k)
		dst = ascii.AppendPct(dst, o)
	}
	return dst, i + 3*n
}

// octet is the value of the %HH at s[i], whose digits the scan checked.
func octet(s string, i int) byte { return ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2]) }

// fastChar returns 2 or 3 if the %HH triplets at s[i] encode a character
// whose lead byte is one the vector loop decodes itself (C3-DF, E0, E1,
// E3-EC: all ucschar and none a bidi formatting character, which the
// generator checks) and that section 6.1 does not list; 0 otherwise, and
// decodedChar decides. Nearly every decoded character takes this path.
func fastChar(s string, i int) int {
	lead := octet(s, i)
	if lead < 0xC3 || lead > 0xEC || lead == 0xE2 || i+5 >= len(s) || s[i+3] != '%' {
		return 0
	}
	b1 := octet(s, i+3)
	if b1&0xC0 != 0x80 {
		return 0
	}
	if lead < 0xE0 {
		r := rune(lead&0x1F)<<6 | rune(b1&0x3F)
		if Avoid61(r) != tables.Avoid61None {
			return 0
		}
		return 2
	}
	if i+8 >= len(s) || s[i+6] != '%' || lead == 0xE0 && b1 < 0xA0 {
		return 0
	}
	b2 := octet(s, i+6)
	if b2&0xC0 != 0x80 {
		return 0
	}
	if Avoid61(rune(lead&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F)) != tables.Avoid61None {
		return 0
	}
	return 3
}

// decodedChar decodes into c the strictly legal UTF-8 sequence that the
// %HH triplets at s[i] encode and returns its length and code point class
// (tables.CP*), or 0 if they encode none.
func decodedChar(s string, i int, c *[4]byte) (int, uint8) {
	lead := octet(s, i)
	e := tables.UTF8Lead[lead]
	if e == tables.CPIllFormed {
		return 0, 0
	}
	n := 2
	if lead >= 0xF0 {
		n = 4
	} else if lead >= 0xE0 {
		n = 3
	}
	c[0] = lead
	for k := 1; k < n; k++ {
		j := i + 3*k
		if j >= len(s) || s[j] != '%' {
			return 0, 0
		}
		b := octet(s, j)
		if b&0xC0 != 0x80 {
			return 0, 0
		}
		c[k] = b
		if e >= tables.TrieBlock {
			e = tables.TrieNext(e, b)
		}
	}
	if e == tables.CPIllFormed {
		return 0, 0
	}
	return n, e
}

// appropriate reports whether a legal UTF-8 character c of class cp may
// appear decoded in an IRI component (section 3.2 step 4).
func appropriate(cp uint8, c []byte, inQuery bool) bool {
	switch cp {
	case tables.CPUcschar:
		r, _ := utf8.DecodeRune(c)
		return Avoid61(r) == tables.Avoid61None
	case tables.CPIprivate:
		return inQuery
	}
	return false // bidi (section 4.1, AllowBidi or not) or outside ucschar
}

// Avoid61 returns why RFC 3987 section 6.1 advises against the code point
// r (one of the tables.Avoid61 reasons), or tables.Avoid61None: what
// URI-to-IRI conversion leaves percent-encoded, and what IDNA hosts and
// lint report.
func Avoid61(r rune) uint8 {
	if r < 0x10000 && tables.Avoid61Blocks[r>>12]&(1<<(r>>6&63)) == 0 {
		return tables.Avoid61None
	}
	return tables.AvoidIn(tables.Section61[:], r)
}
