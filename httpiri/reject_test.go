package httpiri

import (
	"strings"
	"testing"

	"github.com/irikit/iri/lint"
)

// Reject looks for the first violation that refuses, and keeps none below
// it: a target with thousands of warnings passes Reject at error without
// a list of them (once a violation a few bytes, hundreds of bytes a byte),
// and one refused for its first error allocates only the Error.
func TestRejectSkipsViolationsBelow(t *testing.T) {
	o := &Options{IRI: true, Reject: lint.SeverityError, NoContext: true}
	pass := request("GET", "/"+strings.Repeat("%2e%2e/%C3%A9%CC%81/", 2000)) // encoded dot segments, text not in NFC: warnings
	if _, err := o.Check(pass); err != nil {
		t.Fatalf("refused: %v", err)
	}
	if n := testing.AllocsPerRun(20, func() { o.Check(pass) }); n != 0 {
		t.Errorf("Check of a target with warnings only allocates %v times", n)
	}
	refuse := request("GET", "/"+strings.Repeat("%2e%2e/", 2000)+"%E2%80%AE")
	_, err := o.Check(refuse)
	if err == nil || err.Code != "bidi-control" || err.Offset != 1+7*2000 {
		t.Fatalf("Check(%.20q…) = %v, want bidi-control at %d", refuse.RequestURI, err, 1+7*2000)
	}
	if n := testing.AllocsPerRun(20, func() { o.Check(refuse) }); n > 2 {
		t.Errorf("Check of a refused target allocates %v times", n)
	}
}
