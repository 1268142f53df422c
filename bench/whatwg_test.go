package bench

import (
	"net/url"
	"strings"
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"

	"github.com/irikit/iri/whatwg"
)

// nlnwa/whatwg-url v0.6.2 follows the URL Standard of 2023. Where the
// standard changed since, its reading differs from package whatwg's in
// known ways; sinceStandard2023 says whether a disagreement is one of
// them, and which. A few are nlnwa's own departures from the 2023
// standard, named "nlnwa: ..." and explained where they are found.
//
//   - opaque paths: a space before '?' or '#' is written "%20" (it was
//     kept, and lost once the query or fragment was removed);
//   - '^' is in the path percent-encode set;
//   - the domain parser keeps an ASCII domain whose "xn--" labels are no
//     Punycode, or hold what UTS 46 refuses, as it is (it failed);
//   - UTS 46 with the standard's flags (CheckHyphens false, no
//     VerifyDnsLength) where the 2023 reading ran stricter checks.
func sinceStandard2023(in string, ours whatwg.URL, ourErr error, theirs *nlnwa.Url, theirErr error) (string, bool) {
	switch {
	case ourErr == nil && theirErr == nil:
		h := theirs.Href(false)
		if ours.Hostname() != theirs.Hostname() && hasACELabel(ours.Hostname()) &&
			strings.Replace(h, "//"+theirs.Hostname(), "//"+ours.Hostname(), 1) == ours.Href() {
			return "ASCII xn-- label kept", true
		}
		if ours.HasOpaquePath() {
			p := theirs.Pathname()
			if strings.HasSuffix(p, " ") && (theirs.Search() != "" || theirs.Hash() != "" || strings.ContainsAny(in, "?#")) {
				h = strings.Replace(h, p, p[:len(p)-1]+"%20", 1)
				if h == ours.Href() {
					return "opaque-path space before ? or #", true
				}
			}
		} else if strings.Contains(theirs.Pathname(), "^") {
			p := theirs.Pathname()
			h = strings.Replace(h, p, strings.ReplaceAll(p, "^", "%5E"), 1)
			if h == ours.Href() {
				return "^ in the path", true
			}
		}
		// Not a change to the standard: nlnwa reads IPv4 parts with
		// strconv.ParseInt, which takes a sign ("0+0" is no number, and
		// the host a domain, in the 2023 standard too).
		if theirs.IsIPv4() && ours.HostKind() == whatwg.HostDomain && signedLastLabel(ours.Hostname()) {
			return "nlnwa: a signed IPv4 part", true
		}
	case ourErr == nil && theirErr != nil:
		// Not a change either: nlnwa maps hosts with UseSTD3ASCIIRules
		// on, where the standard's lenient reading has it off, so that
		// ASCII such as '!' that is no forbidden domain code point
		// passes.
		if strings.Contains(theirErr.Error(), "disallowed rune U+00") {
			return "nlnwa: STD3 rules in the lenient domain parser", true
		}
		if strings.Contains(theirErr.Error(), "IPv4") && ours.HostKind() == whatwg.HostDomain && signedLastLabel(ours.Hostname()) {
			return "nlnwa: a signed IPv4 part", true
		}
		if ours.HostKind() == whatwg.HostDomain && isASCII(hostOf(in)) && hasACELabel(ours.Hostname()) {
			return "ASCII xn-- label kept", true
		}
	case ourErr != nil && theirErr == nil:
		if e, ok := ourErr.(*whatwg.Error); ok && e.Kind == whatwg.IPv4NonNumericPart && theirs.IsIPv4() && strings.ContainsAny(hostOf(in), "+-") {
			return "nlnwa: a signed IPv4 part", true
		}
	}
	return "", false
}

// signedLastLabel reports whether the last label of d (a final empty
// one left out) is a number with a sign, which strconv.ParseInt reads.
func signedLastLabel(d string) bool {
	d = strings.TrimSuffix(d, ".")
	last := d[strings.LastIndexByte(d, '.')+1:]
	return len(last) > 1 && (last[0] == '+' || last[0] == '-' || strings.Contains(last, "+") || strings.Contains(last, "-"))
}

// hasACELabel reports whether the domain has a label that starts with
// "xn--".
func hasACELabel(d string) bool {
	for _, l := range strings.Split(d, ".") {
		if strings.HasPrefix(l, "xn--") {
			return true
		}
	}
	return false
}

// hostOf is a rough cut of the authority's host from in, enough to tell
// whether it was ASCII.
func hostOf(in string) string {
	if i := strings.Index(in, "//"); i >= 0 {
		in = in[i+2:]
	}
	if i := strings.IndexAny(in, "/?#\\"); i >= 0 {
		in = in[:i]
	}
	return in
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// compareNLNWA parses in with both and reports a disagreement that no
// change to the standard explains.
func compareNLNWA(t testing.TB, in string) (agree bool, why string) {
	ours, ourErr := whatwg.Parse(in)
	theirs, theirErr := nlnwa.Parse(in)
	if (ourErr == nil) == (theirErr == nil) && (ourErr != nil || ours.Href() == theirs.Href(false)) {
		return true, ""
	}
	if why, ok := sinceStandard2023(in, ours, ourErr, theirs, theirErr); ok {
		return false, why
	}
	var o, th string
	if ourErr != nil {
		o = ourErr.Error()
	} else {
		o = ours.Href()
	}
	if theirErr != nil {
		th = theirErr.Error()
	} else {
		th = theirs.Href(false)
	}
	t.Errorf("%q: whatwg %q, nlnwa %q: no change to the standard since 2023 explains it", in, o, th)
	return false, ""
}

// On the four corpora, package whatwg and nlnwa/whatwg-url agree but for
// the standard's changes since 2023.
func TestWHATWGAgainstNLNWA(t *testing.T) {
	counts := map[string]int{}
	n := 0
	for _, c := range loadCorpora(t) {
		for _, in := range c.lines {
			n++
			if agree, why := compareNLNWA(t, in); !agree && why != "" {
				counts[why]++
			}
		}
	}
	t.Logf("%d references; explained disagreements: %v", n, counts)
}

// FuzzWHATWGAgainstNLNWA: every disagreement with nlnwa/whatwg-url is one
// the standard's changes since 2023 explain.
func FuzzWHATWGAgainstNLNWA(f *testing.F) {
	for _, s := range []string{`http:\\evil.com\x`, "http:///evil.com/", "http://0x7f.1/", "http://ex%61mple.com/", "data:a b ?c", "http://h/^", "http://xn--a.com/", "file:///C|/x", "http://[::1]:80/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		compareNLNWA(t, in)
	})
}

// The references of the four corpora, parsed by package whatwg, by
// nlnwa/whatwg-url and by net/url, in the same run: ns and allocations a
// reference.
func BenchmarkWHATWG(b *testing.B) {
	for _, c := range loadCorpora(b) {
		b.Run(c.name+"/whatwg", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(c.bytes / int64(len(c.lines)))
			for i := 0; b.Loop(); i++ {
				whatwg.Parse(c.lines[i%len(c.lines)])
			}
		})
		b.Run(c.name+"/nlnwa", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(c.bytes / int64(len(c.lines)))
			for i := 0; b.Loop(); i++ {
				nlnwa.Parse(c.lines[i%len(c.lines)])
			}
		})
		b.Run(c.name+"/neturl", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(c.bytes / int64(len(c.lines)))
			for i := 0; b.Loop(); i++ {
				url.Parse(c.lines[i%len(c.lines)])
			}
		})
	}
}
