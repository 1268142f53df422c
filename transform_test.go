package iri

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/transform"

	"github.com/irikit/iri/internal/ascii"
)

func TestURITransformer(t *testing.T) {
	inputs := []string{
		"",
		"http://例え.jp/パス?q=値#節\nhttp://ascii.example/\n",
		strings.Repeat("ü", 5000) + strings.Repeat("a", 5000),
		"\xff\xfe bytes that are not UTF-8",
	}
	for _, in := range inputs {
		want := string(ascii.EncodeNonASCII(nil, in)) // what IRI.AppendURI does, on any bytes
		got, _, err := transform.String(URITransformer(), in)
		if err != nil || got != want {
			t.Errorf("transform.String(%.40q) = %.40q, %v; want %.40q", in, got, err, want)
		}
		// One byte at a time in, through a reader with a small buffer.
		r := transform.NewReader(iotest.OneByteReader(strings.NewReader(in)), URITransformer())
		b, err := io.ReadAll(iotest.HalfReader(r))
		if err != nil || string(b) != want {
			t.Errorf("reader over %.40q = %.40q, %v", in, b, err)
		}
		// And through a writer.
		var w bytes.Buffer
		tw := transform.NewWriter(&w, URITransformer())
		for i := 0; i < len(in); i += 7 {
			tw.Write([]byte(in[i:min(i+7, len(in))]))
		}
		if err := tw.Close(); err != nil || w.String() != want {
			t.Errorf("writer over %.40q = %.40q, %v", in, w.String(), err)
		}
	}
	// A destination too short for a triplet stops before the byte.
	nDst, nSrc, err := URITransformer().Transform(make([]byte, 4), []byte("abé"), true)
	if nDst != 2 || nSrc != 2 || err != transform.ErrShortDst {
		t.Errorf("Transform into 4 bytes = %d, %d, %v; want 2, 2, ErrShortDst", nDst, nSrc, err)
	}
}
