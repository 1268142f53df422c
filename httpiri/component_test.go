package httpiri

import (
	"testing"

	"github.com/irikit/iri/lint"
)

// TestOneComponentName: the same fault in the same target is named by
// one component, RFC 3986's, whether IRI is set, lint found it or a
// syntax error did.
func TestOneComponentName(t *testing.T) {
	strict := Options{Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}}
	for _, tc := range []struct {
		target    string
		component string
		opts      []Options
	}{
		{"/a{b", "path", []Options{{}, {IRI: true}, strict, {IRI: true, Reject: lint.SeverityWarning}}},
		{"/a?b|c", "query", []Options{{}, {IRI: true}, strict}},
		{"/a%2Fb", "path", []Options{strict, {EscapedSlashes: RejectEscapedSlashes}, {IRI: true, EscapedSlashes: RejectEscapedSlashes}}},
		{"http://a%40b/", "host", []Options{strict, {IRI: true, Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}}}},
		{"http://a^b/", "authority", []Options{{}, {IRI: true}}},
		{"http://u{@h/", "authority", []Options{{}, {IRI: true}}},
		{"/a%E2%80%AEb", "path", []Options{strict, {IRI: true, Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}}}},
	} {
		for _, o := range tc.opts {
			_, err := o.check(request("GET", tc.target))
			if err == nil {
				t.Errorf("%+v %q: passed", o, tc.target)
				continue
			}
			if err.Component != tc.component {
				t.Errorf("%+v %q: component %q (%s), want %q", o, tc.target, err.Component, err, tc.component)
			}
		}
	}
}
