package whatwg

import (
	"bytes"
	"errors"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri/tables"
)

// The percent-encode sets of the parser, as bits of tables.WHATWG.
const (
	encC0           = tables.WEncC0
	encFragment     = tables.WEncFragment
	encQuery        = tables.WEncQuery
	encSpecialQuery = tables.WEncSpecialQuery
	encPath         = tables.WEncPath
	encUserinfo     = tables.WEncUserinfo
)

// appendEncodedLegacy is the standard's "percent-encode after encoding"
// of the query s in enc: the bytes enc makes of s, those in set as %HH,
// and each character enc cannot encode as "%26%23" N "%3B" (&#N;). The
// whole of s goes through one encoder, as a stateful one (ISO-2022-JP)
// needs.
//
// Where the Encoding Standard's encoders differ from x/text's, the
// standard's are followed: ISO-2022-JP is its own encoder below;
// Shift_JIS and EUC-JP encode U+2212 as U+FF0D; gb18030 cannot encode
// U+E5E5.
func appendEncodedLegacy(dst []byte, s string, enc encoding.Encoding, set uint16) []byte {
	pct := func(dst, b []byte) []byte {
		for _, c := range b {
			if c >= 0x80 || tables.WHATWG[c]&set != 0 {
				dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
			} else {
				dst = append(dst, c)
			}
		}
		return dst
	}
	failed := func(dst []byte, r rune) []byte {
		dst = append(dst, "%26%23"...)
		dst = appendUint(dst, uint64(r))
		return append(dst, "%3B"...)
	}
	if enc == japanese.ISO2022JP {
		var e iso2022jp
		return e.append(dst, s, pct, failed)
	}
	// The standard encodes scalar values: a byte that is no UTF-8 is
	// U+FFFD.
	src := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == '\u2212' && (enc == japanese.ShiftJIS || enc == japanese.EUCJP) {
			r = '\uFF0D'
		}
		src = utf8.AppendRune(src, r)
		i += n
	}
	e := enc.NewEncoder()
	var buf [512]byte
	for len(src) > 0 {
		// gb18030 has no U+E5E5: what is before it is encoded, then it
		// fails.
		run := src
		if enc == simplifiedchinese.GB18030 {
			if k := bytes.Index(src, []byte("\uE5E5")); k >= 0 {
				run = src[:k]
			}
		}
		for len(run) > 0 {
			nDst, nSrc, err := e.Transform(buf[:], run, true)
			dst = pct(dst, buf[:nDst])
			run, src = run[nSrc:], src[nSrc:]
			switch {
			case err == nil:
			case errors.Is(err, transform.ErrShortDst) && (nDst > 0 || nSrc > 0):
				continue
			default:
				// The character at run[0] cannot be encoded.
				r, n := utf8.DecodeRune(run)
				dst = failed(dst, r)
				run, src = run[n:], src[n:]
				continue
			}
		}
		if len(src) > 0 { // U+E5E5 of gb18030
			r, n := utf8.DecodeRune(src)
			dst = failed(dst, r)
			src = src[n:]
		}
	}
	return dst
}

// iso2022jp is the Encoding Standard's ISO-2022-JP encoder, whose state
// carries across the characters of one query.
type iso2022jp struct {
	state uint8 // iso2022ASCII, iso2022Roman or iso2022JIS0208
}

const (
	iso2022ASCII = iota
	iso2022Roman
	iso2022JIS0208
)

var (
	escASCII   = []byte{0x1B, '(', 'B'}
	escRoman   = []byte{0x1B, '(', 'J'}
	escJIS0208 = []byte{0x1B, '$', 'B'}
)

// append encodes s, writing the bytes through pct and each failure
// through failed.
func (e *iso2022jp) append(dst []byte, s string, pct func(dst, b []byte) []byte, failed func([]byte, rune) []byte) []byte {
	euc := japanese.EUCJP.NewEncoder()
	var buf [8]byte
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		for {
			if (e.state == iso2022ASCII || e.state == iso2022Roman) && (r == 0x0E || r == 0x0F || r == 0x1B) {
				dst = failed(dst, '\uFFFD')
				break
			}
			if e.state == iso2022ASCII && r < 0x80 {
				dst = pct(dst, []byte{byte(r)})
				break
			}
			if e.state == iso2022Roman && (r < 0x80 && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E) {
				switch r {
				case 0xA5:
					r = 0x5C
				case 0x203E:
					r = 0x7E
				}
				dst = pct(dst, []byte{byte(r)})
				break
			}
			if r < 0x80 {
				e.state = iso2022ASCII
				dst = pct(dst, escASCII)
				continue
			}
			if r == 0xA5 || r == 0x203E {
				e.state = iso2022Roman
				dst = pct(dst, escRoman)
				continue
			}
			c := r
			if c == 0x2212 {
				c = 0xFF0D
			}
			if 0xFF61 <= c && c <= 0xFF9F {
				c = halfwidthKatakana(c)
			}
			// index jis0208's pointer, from EUC-JP's two bytes for it.
			var tmp [4]byte
			euc.Reset()
			nd, _, err := euc.Transform(buf[:], tmp[:utf8.EncodeRune(tmp[:], c)], true)
			if err != nil || nd != 2 || buf[0] < 0xA1 || buf[1] < 0xA1 {
				if e.state == iso2022JIS0208 {
					e.state = iso2022ASCII
					dst = pct(dst, escASCII)
					continue
				}
				dst = failed(dst, r)
				break
			}
			if e.state != iso2022JIS0208 {
				e.state = iso2022JIS0208
				dst = pct(dst, escJIS0208)
				continue
			}
			dst = pct(dst, []byte{buf[0] - 0x80, buf[1] - 0x80})
			break
		}
	}
	if e.state != iso2022ASCII {
		e.state = iso2022ASCII
		dst = pct(dst, escASCII)
	}
	return dst
}

// halfwidthKatakana is index ISO-2022-JP katakana: the full-width form
// of U+FF61 to U+FF9F, which is NFKC's but for the two sound marks,
// which become the spacing U+309B and U+309C, not the combining ones.
func halfwidthKatakana(r rune) rune {
	switch r {
	case 0xFF9E:
		return 0x309B
	case 0xFF9F:
		return 0x309C
	}
	var b [4]byte
	m := norm.NFKC.Bytes(b[:utf8.EncodeRune(b[:], r)])
	f, _ := utf8.DecodeRune(m)
	return f
}
