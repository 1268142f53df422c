package lint_test

import (
	"strings"
	"testing"

	"github.com/irikit/iri/lint"
)

// In lint.ProfileInterop, a reference that RFC 3986, WHATWG and net/url read
// as another host, port or path gets interop-host (error), interop-port
// (error) or interop-path (warning), at the component, with the readings
// and the causes in the message; the other profiles report none.
func TestInterop(t *testing.T) {
	for _, tc := range []struct {
		in      string
		check   lint.Check
		sev     lint.Severity
		span    string // the bytes at fault
		message string // a part of the message
	}{
		{"http://0x7f.1/", lint.CheckInteropHost, lint.SeverityError, "0x7f.1", `whatwg "127.0.0.1", neturl "0x7f.1" (causes: IPv4-non-decimal-part)`},
		{"http://2130706433/", lint.CheckInteropHost, lint.SeverityError, "2130706433", "ipv4-shorthand"},
		{"http:///evil.com/", lint.CheckInteropHost, lint.SeverityError, "http:///evil.com/", `whatwg "evil.com"`}, // an empty host: the whole reference
		{"http:evil.com", lint.CheckInteropHost, lint.SeverityError, "http:evil.com", "special-scheme-missing-following-solidus"},
		{"file://localhost/etc", lint.CheckInteropHost, lint.SeverityError, "localhost", "file-localhost"},
		{"http://h/a/%2e%2e/b", lint.CheckInteropPath, lint.SeverityWarning, "/a/%2e%2e/b", `whatwg "/b"`},
		{"http://h/a/../b", lint.CheckInteropPath, lint.SeverityWarning, "/a/../b", "dot-segment"},
		{"http://日本.jp/", lint.CheckInteropHost, lint.SeverityError, "日本.jp", `rfc3986 refuses, rfc3987 "\u65e5\u672c.jp", whatwg "xn--wgv71a.jp"`},
	} {
		vs := lint.Lint(tc.in, lint.Options{Profile: lint.ProfileInterop})
		found := false
		for _, v := range vs {
			if v.Check != tc.check {
				continue
			}
			found = true
			if v.Severity != tc.sev || tc.in[v.Offset:v.Offset+v.Length] != tc.span || !strings.Contains(v.Message, tc.message) {
				t.Errorf("%q: %v", tc.in, v)
			}
		}
		if !found {
			t.Errorf("%q: no %s in %v", tc.in, tc.check, vs)
		}
		first, ok := lint.Options{Profile: lint.ProfileInterop}.FirstViolation(tc.in, tc.sev)
		if !ok || first.Check == tc.check && !strings.Contains(first.Message, tc.message) {
			t.Errorf("%q: FirstViolation %v", tc.in, first)
		}
		lim, _ := lint.Options{Profile: lint.ProfileInterop}.AppendViolationsLimit(nil, tc.in, 1)
		for _, v := range lim {
			if v.Check == tc.check && !strings.Contains(v.Message, tc.message) {
				t.Errorf("%q: AppendViolationsLimit %v", tc.in, v)
			}
		}
		for _, p := range []lint.Profile{lint.ProfileRFC3987, lint.ProfileIURI, lint.ProfileStrict} {
			for _, v := range lint.Lint(tc.in, lint.Options{Profile: p}) {
				if v.Check >= lint.CheckInteropHost && v.Check <= lint.CheckInteropPath {
					t.Errorf("%q in %s: %v", tc.in, p, v)
				}
			}
		}
	}
	// A reference the readers agree on has none, and costs no allocation.
	for _, s := range []string{"http://example.com/a/b?c#d", "https://h:8443/x", "mailto:a@b.example"} {
		if vs := lint.Lint(s, lint.Options{Profile: lint.ProfileInterop}); len(vs) != 0 {
			t.Errorf("%q: %v", s, vs)
		}
		if !raceEnabled {
			if n := testing.AllocsPerRun(50, func() { lint.Options{Profile: lint.ProfileInterop}.AppendViolations(nil, s) }); n != 0 {
				t.Errorf("%q: %v allocations", s, n)
			}
		}
	}
}
