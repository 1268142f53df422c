package fuzz

import (
	"slices"
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/lint"
)

var lintSeeds = []string{
	"http://ab.cd.ef/\u05d2\u05d41/2\u05d8\u05d9/\u05db\u05dc.html", "http://ab.\u05d2\u05d3\u05d4.123/kl",
	"http://p\u0430ypal.com/", "http://xn--pypal-4ve.com/", "http://u:p@www.bank.com@evil.example:80/%2e%2E/%2f",
	"http://h/%C0%AF%FF%F3%A0%80%81", "http://0x7f.1/", "mailto://a", "urn:x:y", "file:a/b",
	"http://h/a\u200eb\u2066c", "http://h/e\u0301\uff21\u2215?q=\ue000#\ufe0f", "ws://h/#f",
	"http://\u0627\u0644.\u0661\u0662/", "http://h/\U0001F600\ufe0f",
}

// FuzzLint checks that Lint never panics and that what it reports is
// well formed: offsets inside the input and in order, known checks with
// a severity and a message, one syntax violation exactly when the input
// is no IRI reference, and AppendViolations keeping what dst held.
func FuzzLint(f *testing.F) {
	for _, s := range append(lintSeeds, seeds(f)...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		valid := iri.Parser{AllowBidi: true}.Valid(s)
		for _, p := range []lint.Profile{lint.ProfileRFC3987, lint.ProfileIURI, lint.ProfileStrict, lint.ProfileInterop} {
			vs := lint.Lint(s, lint.Options{Profile: p})
			syntax := 0
			for i, v := range vs {
				// Only a syntax error at the end, where the input ended too
				// soon, covers no byte.
				empty := v.Length == 0 && (v.Check != lint.CheckSyntax || v.Offset != len(s))
				if v.Offset < 0 || v.Length < 0 || v.Offset+v.Length > len(s) || empty {
					t.Fatalf("Lint(%q): %v lies outside the input", s, v)
				}
				if i > 0 && v.Offset < vs[i-1].Offset {
					t.Fatalf("Lint(%q): %v after %v, out of order", s, v, vs[i-1])
				}
				if _, ok := lint.ParseCheck(v.Check.String()); !ok || v.Severity == lint.SeverityOff || v.Message == "" {
					t.Fatalf("Lint(%q): malformed %#v", s, v)
				}
				if v.Check == lint.CheckSyntax {
					syntax++
				}
			}
			if want := map[bool]int{true: 0, false: 1}[valid]; syntax != want || !valid && len(vs) != 1 {
				t.Fatalf("Lint(%q) (valid %v): %v", s, valid, vs)
			}
			dst := []lint.Violation{{Check: lint.CheckUserinfo}}
			if got := (lint.Options{Profile: p}).AppendViolations(dst, s); len(got) != len(vs)+1 || got[0] != dst[0] {
				t.Fatalf("AppendViolations(%q) = %v, want %v after the first", s, got, vs)
			}
		}
	})
}

// displayCodes are the checks the display form must be clean of: bidi,
// invisible and look-alike characters, normalization, confusable hosts.
var displayCodes = []string{
	"bidi-control", "bidi-isolate", "bidi-mixed", "bidi-edge", "bidi-number-edge", "bidi-encoded-digit",
	"bidi-number-component", "bidi-label", "invisible", "tag-character", "variation-selector", "private-use",
	"space-like", "format-control", "deprecated-display", "not-nfc", "not-nfkc", "fullwidth", "halfwidth",
	"delimiter-lookalike", "mixed-script", "host-idna",
}

// FuzzDisplay checks that the display form of any IRI reference is a
// valid IRI reference, the same IRI, and clean of every display code
// (percent-encoded tag characters, variation selectors and look-alikes
// aside: they show as %HH), in both forms, with the components, segments,
// dot segments and host labels of the input; that FromDisplay reads the isolated form
// back; and that anything else displays as printable ASCII.
func FuzzDisplay(f *testing.F) {
	for _, s := range append(lintSeeds, seeds(f)...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := lint.Display(s)
		u, err := iri.Parser{AllowBidi: true}.Parse(s)
		if err != nil {
			for i := 0; i < len(d); i++ {
				if d[i] <= ' ' || d[i] >= 0x7f {
					t.Fatalf("Display(%q) = %q, not printable ASCII", s, d)
				}
			}
			return
		}
		di := lint.DisplayIsolated(s)
		for i, form := range []string{d, di} {
			v, err := lint.FromDisplay(form)
			if err != nil {
				t.Fatalf("Display(%q) = %q: %v", s, form, err)
			}
			if i == 0 && v.String() != d {
				t.Fatalf("FromDisplay(%q) = %q", d, v)
			}
			if iri.CompareRung(u, v) == iri.RungNone {
				t.Fatalf("Display(%q) = %q, not the same IRI", s, form)
			}
			checkSameShape(t, "Display", u, v)
			for _, x := range lint.Lint(v.String(), lint.Options{}) {
				code := x.Check.String()
				if !slices.Contains(displayCodes, code) || i == 1 && code == "bidi-number-component" {
					continue
				}
				// Display writes these percent-encoded on purpose; Lint
				// says what a decoder would show.
				if slices.Contains([]string{"tag-character", "variation-selector", "delimiter-lookalike", "space-like", "fullwidth", "halfwidth"}, code) && v.String()[x.Offset] == '%' {
					continue
				}
				// An A-label or %HH is how Display shows a label it cannot
				// show as characters; Lint still says what the label holds.
				if x.Component == "ihost" && isASCIIString(v.String()[x.Offset:x.Offset+x.Length]) {
					continue
				}
				t.Fatalf("Display(%q) = %q: %v", s, form, x)
			}
		}
		if !strings.HasPrefix(di, "\u2066") || !strings.HasSuffix(di, "\u2069") {
			t.Fatalf("DisplayIsolated(%q) = %q, not in an isolate", s, di)
		}
	})
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
