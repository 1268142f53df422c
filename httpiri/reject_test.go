package httpiri

import (
	"errors"
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
	// The race detector makes sync.Pool drop items at random, which costs
	// allocations: the counts hold without it.
	if n := testing.AllocsPerRun(20, func() { o.Check(pass) }); n != 0 && !raceEnabled {
		t.Errorf("Check of a target with warnings only allocates %v times", n)
	}
	refuse := request("GET", "/"+strings.Repeat("%2e%2e/", 2000)+"%E2%80%AE")
	_, err := o.check(refuse)
	if err == nil || err.Code != "bidi-control" || err.Offset != 1+7*2000 {
		t.Fatalf("Check(%.20q…) = %v, want bidi-control at %d", refuse.RequestURI, err, 1+7*2000)
	}
	if n := testing.AllocsPerRun(20, func() { o.Check(refuse) }); n > 2 && !raceEnabled {
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

// Reject's second look, at the target with its %HH of non-ASCII
// characters decoded, decodes only characters an IRI may hold there: a
// %EF%BF%BF (U+FFFF) or a private-use character in the path, decoded,
// made the text no IRI, lint reported that alone, and the encoded
// right-to-left override beside it passed.
func TestRejectDecodesOnlyIRICharacters(t *testing.T) {
	strict := Options{Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}}
	for _, tc := range []struct {
		opts      Options
		target    string
		code      string
		offset    int
		component string
	}{
		{strict, "/a%E2%80%AEb%EF%BF%BF", "bidi-control", 2, "path"},
		{strict, "/%EF%BF%BF/%E2%80%8B", "invisible", 11, "path"},
		{strict, "/%EE%80%80%E2%80%AE", "bidi-control", 10, "path"},                                  // U+E000 stays encoded in the path
		{strict, "/p?q=%EE%80%80%E2%80%AE", "private-use", 5, "query"},                               // and is decoded in the query
		{Options{Reject: lint.SeverityError}, "/x%F4%8F%BF%BF%E2%80%AE", "bidi-control", 14, "path"}, // U+10FFFF, default profile
	} {
		rec, s := serve(t, tc.opts, request("GET", tc.target))
		if s.called || rec.Code != 400 {
			t.Errorf("%q: status %d, next ran %v with path %q", tc.target, rec.Code, s.called, s.path)
			continue
		}
		p := decodeProblem(t, rec)
		if p.Code != tc.code || p.Offset == nil || *p.Offset != tc.offset || p.Component != tc.component {
			t.Errorf("%q: %+v, want %s at %d in %s", tc.target, p, tc.code, tc.offset, tc.component)
		}
	}
	// What the text's characters allow still passes.
	if rec, s := serve(t, strict, request("GET", "/caf%C3%A9/%EF%BF%BF?q=%C3%A9")); !s.called {
		t.Errorf("refused: %s", rec.Body)
	}
}

// Check's error is a nil interface for a target that passes, and an
// *Error for one that does not.
func TestCheckErrorInterface(t *testing.T) {
	var o Options
	var err error
	if _, err = o.Check(request("GET", "/a")); err != nil {
		t.Errorf("Check of a valid target: %#v, want a nil error", err)
	}
	_, err = o.Check(request("GET", "/a b"))
	var e *Error
	if !errors.As(err, &e) || e.Code != "char" {
		t.Errorf("Check of an invalid target: %#v, want an *Error with code char", err)
	}
}
