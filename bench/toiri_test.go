package bench

import (
	"net/url"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/scanner"
)

// uriCorpora holds the URI form (RFC 3987 3.1) of every valid line of each
// corpus: the input of a URI -> IRI conversion. Like the corpora, each is
// the lines of one text, as a file of links read at once is. iri-heap
// holds iri's again the way they were made before the third stop of
// issue 32: each in an allocation of its own, between the buffers
// AppendURI allocated, as a server's requests may lie; out of cache the
// first load of each one then misses, and ToIRI takes 1.3x-1.8x as long
// as on iri (PathUnescape about 1.1x).
func uriCorpora(b *testing.B) []corpus {
	var out []corpus
	for _, c := range loadCorpora(b) {
		var text []byte
		var ends []int
		for _, l := range c.lines {
			if s, err := iri.AppendURI(text, l); err == nil {
				text = s
				ends = append(ends, len(text))
			}
		}
		u := corpus{name: c.name, bytes: int64(len(text))}
		all, start := string(text), 0
		for _, end := range ends {
			u.lines = append(u.lines, all[start:end])
			start = end
		}
		out = append(out, u)
		if c.name == "iri" {
			h := corpus{name: "iri-heap"}
			for _, l := range c.lines {
				if s, err := iri.AppendURI(nil, l); err == nil {
					h.lines = append(h.lines, string(s))
					h.bytes += int64(len(s))
				}
			}
			out = append(out, h)
		}
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
