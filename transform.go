package iri

import (
	"github.com/irikit/iri/internal/ascii"
	"golang.org/x/text/transform"
)

// URITransformer returns a transform.Transformer that applies the IRI to
// URI mapping of RFC 3987 section 3.1 step 2 to a stream: each byte above
// 0x7F becomes %HH with uppercase hex and every ASCII byte passes through,
// so that large texts (a sitemap, a log, an RDF dump) can be mapped with
// flat memory, through transform.NewReader or transform.NewWriter. It
// checks nothing: use it on text known to hold IRIs, or check each one
// with Parse first. Its state is empty, so one value may serve any
// number of streams, one at a time each.
func URITransformer() transform.Transformer { return uriTransformer{} }

type uriTransformer struct{ transform.NopResetter }

// Transform maps src into dst. A byte needs one or three bytes of dst;
// when those are missing it stops with ErrShortDst, having consumed
// exactly what it wrote, so no input is ever split.
func (uriTransformer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			// Copy the ASCII run in one go.
			j := nSrc + 1
			for j < len(src) && src[j] < 0x80 {
				j++
			}
			n := copy(dst[nDst:], src[nSrc:j])
			nDst += n
			nSrc += n
			if nSrc < j {
				return nDst, nSrc, transform.ErrShortDst
			}
			continue
		}
		if len(dst)-nDst < 3 {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst], dst[nDst+1], dst[nDst+2] = '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15]
		nDst += 3
		nSrc++
	}
	return nDst, nSrc, nil
}
