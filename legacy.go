package iri

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"
)

// AppendURIFrom is AppendURI for text in a legacy character encoding, as
// RFC 3987 section 3.1 step 1a describes: src is converted from enc to
// UCS and normalized to NFC, then mapped as AppendURI does. NFC is right
// here and only here: text that is already UCS is not normalized (step
// 1b), so AppendURI never does it. A nil enc means src is UTF-8 already,
// and it is mapped as it is.
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
	return p.AppendURI(dst, norm.NFC.String(string(u)))
}
