package lint

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// pieceStrings returns n random references made of pieces that trigger
// every check: bidi, marks, look-alikes, %HH of every kind, hosts,
// userinfo, ports and schemes.
func pieceStrings(seed uint64, n int) []string {
	pieces := []string{"http://", "https://", "mailto:", "urn:", "file:", "ws://", "//", "/", "?", "#", "=", "&", ".", ":", "@",
		"a", "1", "-", "xn--", "xn--bcher-kva", "u:p@", ":80", ":", "\u05d0", "\u05d1", "\u0627", "\u0661",
		"\u0301", "\u0316", "\u0340", "e\u0301", "\u00e9", "\uff21", "\uff0e", "\u3002", "\u2025", "\u2215", "\u200b", "\u200c", "\u200d",
		"\u202e", "\u200e", "\u2066", "\ufe0f", "\U000e0100", "\ue000", "\U0001F3F4", "\U0001F600", "\u0430", "\u4f8b",
		"%2e", "%2E", "%2f", "%5C", "%40", "%3A", "%C3%A9", "%C0%AF", "%FF", "%E2%80%AE", "%F3%A0%81%A7", "%F0%9F%8F%B4",
		"%31", "%EF%BC%8E", "\u1100\u1161\u11a8", "\u094d", "0x7f", "[::1]", "\ufb01", "\u2126", "\u0958"}
	rnd := rand.New(rand.NewPCG(seed, 1))
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range 1 + rnd.IntN(14) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		out[i] = b.String()
	}
	return out
}

// FirstViolation is the first violation of Lint's list at or above min,
// whatever the profile and overrides: with the normal-form checks above
// the characters that explain them, and with checks silenced.
func TestFirstViolation(t *testing.T) {
	opts := []Options{
		{}, {Profile: ProfileIURI}, {Profile: ProfileStrict},
		{Severities: map[Check]Severity{CheckNotNFC: SeverityError, CheckNotNFKC: SeverityError}},
		{Severities: map[Check]Severity{CheckNotNFKC: SeverityError, CheckFullwidth: SeverityInfo, CheckDeprecatedDisplay: SeverityOff}},
		{Profile: ProfileStrict, Severities: map[Check]Severity{CheckSyntax: SeverityOff, CheckBidiControl: SeverityInfo}},
	}
	inputs := append(pieceStrings(9, 20000), "http://h/a b", "", "http://\u05d0a.\u05d0a.com/", "http://h/\uff21\u0301\u0301")
	for _, s := range inputs {
		for _, o := range opts {
			vs := Lint(s, o)
			for _, min := range []Severity{SeverityOff, SeverityInfo, SeverityWarning, SeverityError} {
				var want Violation
				found := false
				for _, v := range vs {
					if v.Severity >= min {
						want, found = v, true
						break
					}
				}
				if got, ok := o.FirstViolation(s, min); ok != found || got != want {
					t.Fatalf("FirstViolation(%q, %v) with %+v = %v, %v; Lint gives %v", s, min, o, got, ok, vs)
				}
			}
		}
	}
}

// FirstViolation keeps nothing below min and allocates nothing, however
// many violations the reference has; nor does AppendViolations when the
// normal forms must be checked the long way, with dst's room.
func TestFirstViolationAllocs(t *testing.T) {
	for _, tc := range []struct {
		s   string
		o   Options
		min Severity
	}{
		{"http://h/" + strings.Repeat("e\u0301", 500), Options{}, SeverityError},         // warnings and infos only
		{"http://h/" + strings.Repeat("%2e%2e/\u05d0a/", 300), Options{}, SeverityError}, // the same
		{"http://h/" + strings.Repeat("\uff21\u0301/", 300), Options{}, SeverityWarning}, // explained, not NFKC
		{"http://h/x" + strings.Repeat("\u2025\u202e", 300), Options{Profile: ProfileStrict}, SeverityWarning},
		{"https://ja.wikipedia.org/wiki/東京都#歴史", Options{Profile: ProfileStrict}, SeverityInfo},
		{"http://xn--80aeeabcbbdxbgzehlbkdagihegz1ad2p1f4di.xn--p1ai/", Options{}, SeverityInfo},
	} {
		if n := testing.AllocsPerRun(50, func() { tc.o.FirstViolation(tc.s, tc.min) }); n != 0 {
			t.Errorf("FirstViolation(%.40q…, %v) allocates %v times", tc.s, tc.min, n)
		}
	}
	dst := make([]Violation, 0, 64)
	for _, s := range []string{
		"http://h/e\u0301",                   // NFC composes it
		"http://h/\u1100\u1161\u11a8",        // jamo
		"http://h/\uff21\u0301",              // explained by the full-width letter
		"http://h/a\u0301\u0316\u0301\u0316", // reordered
	} {
		if n := testing.AllocsPerRun(50, func() { dst = AppendViolations(dst[:0], s) }); n != 0 {
			t.Errorf("AppendViolations(%q) allocates %v times", s, n)
		}
		if len(dst) == 0 {
			t.Errorf("AppendViolations(%q) finds nothing", s)
		}
	}
}
