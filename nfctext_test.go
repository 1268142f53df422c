package iri_test

import (
	"testing"

	"github.com/irikit/iri"
)

// NFCText is AppendURIFrom's NFC step (RFC 3987 3.1 step 1b) for callers
// that decode legacy text themselves: run by run, so that no delimiter is
// made or composed away.
func TestNFCText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://h/caf\u0065\u0301", "http://h/caf\u00e9"},
		{"http://h/a\u037eb", "http://h/a%3Bb"},        // U+037E's NFC is ';': text, so encoded
		{"http://h/?k=\u0338v", "http://h/?k=\u0338v"}, // '=' and U+0338 would compose to U+2260
		{"%70\u0301", "%70\u0301"},                     // a triplet is not decoded for NFC
		{"%7", "%7"},                                   // not a triplet: one delimiter
	} {
		if got := iri.NFCText(c.in); got != c.want {
			t.Errorf("NFCText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	s := "http://例え.jp/パス"
	if n := testing.AllocsPerRun(100, func() { _ = iri.NFCText(s) }); n != 0 {
		t.Errorf("NFCText of NFC text allocates %v times, want 0", n)
	}
}
