package bench

import (
	"net/url"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/scanner"
)

// uriCorpora holds the URI form (RFC 3987 3.1) of every valid line of each
// corpus: the input of a URI -> IRI conversion.
func uriCorpora(b *testing.B) []corpus {
	var out []corpus
	for _, c := range loadCorpora(b) {
		u := corpus{name: c.name}
		for _, l := range c.lines {
			if s, err := iri.AppendURI(nil, l); err == nil {
				u.lines = append(u.lines, string(s))
				u.bytes += int64(len(s))
			}
		}
		out = append(out, u)
	}
	return out
}

func perURICorpus(b *testing.B, f func(lines []string)) {
	for _, c := range uriCorpora(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(c.bytes)
			for b.Loop() {
				f(c.lines)
			}
		})
	}
}

// BenchmarkToIRI converts the URI form of each reference back to an IRI
// (RFC 3987 section 3.2) into a reused buffer, validation included.
func BenchmarkToIRI(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	perURICorpus(b, func(lines []string) {
		for _, l := range lines {
			buf, _ = iri.AppendIRI(buf[:0], l)
			sink += len(buf)
		}
	})
}

// BenchmarkNetURLPathUnescape is the baseline for BenchmarkToIRI: net/url's
// decoding of the same URIs, which checks and protects nothing.
func BenchmarkNetURLPathUnescape(b *testing.B) {
	perURICorpus(b, func(lines []string) {
		for _, l := range lines {
			s, err := url.PathUnescape(l)
			if err == nil {
				sink += len(s)
			}
		}
	})
}

// BenchmarkScanURI validates the URI forms that BenchmarkToIRI converts:
// the share of ToIRI that is validation, and the speed of scanning
// percent-encoded text, which is what URIs on the wire mostly are.
func BenchmarkScanURI(b *testing.B) {
	perURICorpus(b, func(lines []string) {
		for _, l := range lines {
			r := scanner.Scan(l, scanner.IRIReference, 0)
			sink += int(r.PathEnd)
		}
	})
}
