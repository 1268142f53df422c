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

// Strict Reject refuses percent-encoded C0 controls and DEL, which
// net/url decodes into r.URL.Path and RawQuery's values: NUL, and CR LF
// that split a header or a log line. The default profile lets them
// through (encoded-control is info there), as before.
func TestRejectEncodedControl(t *testing.T) {
	strict := Options{Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}}
	for _, tc := range []struct {
		target    string
		offset    int
		component string
	}{
		{"/%00", 1, "path"},
		{"/a%0D%0Ab", 2, "path"},
		{"/a%0d%0a", 2, "path"},
		{"/x?q=%0A", 5, "query"},
		{"/%7F", 1, "path"},
		{"http://h/a%09", 10, "path"},
		{"//a%00", 3, "path"},
	} {
		for _, iri := range []bool{false, true} {
			o := strict
			o.IRI = iri
			rec, s := serve(t, o, request("GET", tc.target))
			if s.called || rec.Code != 400 {
				t.Errorf("%q (IRI %v): status %d, next ran %v with path %q", tc.target, iri, rec.Code, s.called, s.path)
				continue
			}
			p := decodeProblem(t, rec)
			if p.Code != "encoded-control" || p.Offset == nil || *p.Offset != tc.offset || p.Component != tc.component {
				t.Errorf("%q (IRI %v): %+v, want encoded-control at %d in %s", tc.target, iri, p, tc.offset, tc.component)
			}
		}
		// The default profile, at warning: passed on, decoded.
		if rec, s := serve(t, Options{Reject: lint.SeverityWarning}, request("GET", tc.target)); !s.called || rec.Code != 200 {
			t.Errorf("%q, default profile: status %d", tc.target, rec.Code)
		}
	}
}
