package iri

import (
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri/internal/ascii"
)

// AppendURIFrom is AppendURI for text in a legacy character encoding, as
// RFC 3987 section 3.1 step 1b describes: src is converted from enc to
// UCS and normalized to NFC, then mapped as AppendURI does. NFC is right
// here and only here: text that is already UCS is not normalized (step
// 1c), so AppendURI never does it. A nil enc means src is UTF-8 already,
// and it is mapped as it is; so is text in a Unicode encoding of
// golang.org/x/text (UTF-8, UTF-16, UTF-32), once decoded.
//
// NFC works on the characters the text holds, so a %HH is three of them
// and is not decoded first ("%70" and U+0301 stay "%70%CC%81"). It is
// applied to each run of text between the ASCII characters that are not
// unreserved (the delimiters) and the %HH triplets, never across one, so
// that it neither removes a delimiter ('=' and U+0338 do not become
// U+2260) nor splits a triplet ("%7A" and U+0301 do not become "%7Á").
// ASCII that NFC makes out of a character (';' out of U+037E) is
// percent-encoded, since it was text, not a delimiter.
//
// Errors from the conversion (bytes enc cannot decode) are returned as
// they are; syntax errors are *Error with offsets into the converted,
// normalized text, which Error.Input holds.
func (p Parser) AppendURIFrom(dst, src []byte, enc encoding.Encoding) ([]byte, error) {
	if enc == nil {
		return p.AppendURI(dst, string(src))
	}
	u, err := enc.NewDecoder().Bytes(src)
	if err != nil {
		return dst, err
	}
	// u is not reachable from anywhere else, so it can become the string
	// without a copy.
	t := unsafe.String(unsafe.SliceData(u), len(u))
	if !isUnicodeEncoding(enc) {
		t = nfcRuns(t)
	}
	return p.AppendURI(dst, t)
}

// unicodeEncodings are the encodings of step 1c, whose text is UCS already
// and is not normalized.
var unicodeEncodings = func() []encoding.Encoding {
	e := []encoding.Encoding{unicode.UTF8, unicode.UTF8BOM}
	for _, end := range []unicode.Endianness{unicode.BigEndian, unicode.LittleEndian} {
		for _, bom := range []unicode.BOMPolicy{unicode.IgnoreBOM, unicode.UseBOM, unicode.ExpectBOM} {
			e = append(e, unicode.UTF16(end, bom))
		}
	}
	for _, end := range []utf32.Endianness{utf32.BigEndian, utf32.LittleEndian} {
		for _, bom := range []utf32.BOMPolicy{utf32.IgnoreBOM, utf32.UseBOM, utf32.ExpectBOM} {
			e = append(e, utf32.UTF32(end, bom))
		}
	}
	return e
}()

// isUnicodeEncoding reports whether enc is one of unicodeEncodings. The
// comparison cannot panic: an enc of the same dynamic type as one of them
// is of a comparable type.
func isUnicodeEncoding(enc encoding.Encoding) bool {
	for _, u := range unicodeEncodings {
		if enc == u {
			return true
		}
	}
	return false
}

// NFCText returns s, text decoded from a legacy encoding, in NFC as step
// 1b of RFC 3987 section 3.1 asks (and step 1a, for an IRI read from
// paper) and AppendURIFrom has it: each run of
// text between delimiters and %HH triplets on its own, so that NFC makes
// no delimiter and composes none away, and the ASCII that is not
// unreserved that NFC makes of a character percent-encoded. It is for
// callers that decode the legacy text themselves; s need not be a valid
// reference. It returns s itself, without allocating, when s is NFC.
func NFCText(s string) string { return nfcRuns(s) }

// nfcRuns returns s with each run of text between delimiters and %HH
// triplets in NFC, and the ASCII that is not unreserved that NFC makes
// (';' from U+037E, '`' from U+1FEF) percent-encoded; see AppendURIFrom.
// s need not be valid: a '%' without two hex digits after it is one
// delimiter. It returns s itself, without allocating, when s is NFC, as
// each of its runs then is (a run ends before an ASCII character, which
// never composes with what is before it).
func nfcRuns(s string) string {
	if isNormal(norm.NFC, s) {
		return s
	}
	b := make([]byte, 0, len(s)+len(s)/8)
	// Each run is normalized on its own (appended to b, the form would
	// compose it with the delimiter before it), by one Iter: a call of
	// Form.AppendString allocates its buffers anew, hundreds of bytes a
	// run of one mark.
	var it norm.Iter
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && (s[j] >= 0x80 || ascii.IsUnreserved(s[j])) {
			j++
		}
		if j > i {
			for it.InitString(norm.NFC, s[i:j]); !it.Done(); {
				seg := it.Next()
				b = appendFormed(b, unsafe.String(unsafe.SliceData(seg), len(seg)))
			}
			i = j
			continue
		}
		n := 1
		if s[i] == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]) {
			n = 3 // a triplet's digits are not text a mark may compose with
		}
		b = append(b, s[i:i+n]...)
		i += n
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}
