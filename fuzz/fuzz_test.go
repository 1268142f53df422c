package fuzz

import (
	"bufio"
	"errors"
	"net/url"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri"
	"github.com/irikit/iri/generate"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/scanner"
)

// generatedSeeds is how many samples of each rule package generate adds
// to the seeds, half of them invalid.
const generatedSeeds = 24

// seeds returns the corpus lines in testdata/seeds.txt, hand-written edge
// cases that reach every state and sub-step of the scanner, and samples
// of every rule from package generate, which reach every state, mutation
// and edge case of the grammar.
func seeds(tb testing.TB) []string {
	f, err := os.Open("testdata/seeds.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	for _, r := range rules {
		g := generate.New(generate.Options{Rule: r, Seed: uint64(r), Invalid: 0.5, IPrivate: true, MaxLen: 96})
		for i := 0; i < generatedSeeds; i++ {
			out = append(out, g.Next().Input)
		}
	}
	return append(out,
		"", "a:", "//", "?", "#", "http://h?", "http://h#", "http://@h:/", "//u:p@h:1/p?q#f",
		"http://[::1]:80/", "http://[v7.a:b]/", "http://[::ffff:1.2.3.4]/", "http://[1::2::3]/",
		"http://1.2.3.4/", "http://1.2.3.256/", "http://a:1:2@h/", "http://a:b/", "1a:b", "./a:b",
		"a/b:c", "%41%zz", "http://h/\ue000", "http://h/?\ue000", "http://h/\u200e", "http://h/\xff",
		"http://h/\xe0\x80\x80", "http://h/\xed\xa0\x80", "http://h/\ufdd0", "http://h/\U0001FFFE",
		"http://h/\U000E0001", "http://h/\U000E1000", "a:b#c#d", "http://h/a b", "http://[::1%25eth0]/",
		"http://u@h@x/", "ht~tp://x", "http://例え.jp/パス?q=値#節",
	)
}

var rules = []scanner.Rule{
	scanner.IRIReference, scanner.IRI, scanner.AbsoluteIRI, scanner.IRelativeRef,
	scanner.URIReference, scanner.URI, scanner.AbsoluteURI, scanner.RelativeRef,
}

// hasBidi reports whether s holds one of the bidi formatting characters
// RFC 3987 section 4.1 forbids; the pure ABNF allows them.
func hasBidi(s string) bool {
	return strings.ContainsAny(s, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e")
}

// checkOffsets verifies that the offsets of a valid result are ordered, in
// range, and consistent with the delimiters they stand for.
func checkOffsets(t *testing.T, s string, r scanner.Result) {
	t.Helper()
	n := int32(len(s))
	fail := func(what string) { t.Fatalf("%q: %s: %+v", s, what, r) }
	if r.Parts&scanner.HasScheme != 0 && (r.SchemeEnd < 1 || r.SchemeEnd >= n || s[r.SchemeEnd] != ':') {
		fail("scheme end is not a ':'")
	}
	if r.Parts&scanner.HasAuthority != 0 {
		a := r.AuthorityStart
		if a < 2 || s[a-2:a] != "//" || r.HostStart < a || r.HostEnd < r.HostStart || r.HostEnd > r.PathStart {
			fail("authority out of order")
		}
		if r.Parts&scanner.HasUserinfo != 0 && (r.UserinfoEnd < a || s[r.UserinfoEnd] != '@' || r.HostStart != r.UserinfoEnd+1) {
			fail("userinfo end is not the '@' before the host")
		}
		if r.Parts&scanner.HasPort != 0 && (r.PortStart != r.HostEnd+1 || s[r.HostEnd] != ':' || r.PortStart > r.PathStart) {
			fail("port does not follow host ':'")
		}
		if r.Parts&scanner.HasPort == 0 && r.HostEnd != r.PathStart {
			fail("host does not end the authority")
		}
	} else if r.HostKind != scanner.HostNone {
		fail("host kind without authority")
	}
	if r.PathStart < 0 || r.PathEnd < r.PathStart || r.PathEnd > n {
		fail("path out of range")
	}
	if r.Parts&scanner.HasQuery != 0 && (r.QueryStart != r.PathEnd+1 || s[r.PathEnd] != '?' || r.QueryEnd < r.QueryStart || r.QueryEnd > n) {
		fail("query out of order")
	}
	if r.Parts&scanner.HasFragment != 0 {
		before := r.PathEnd
		if r.Parts&scanner.HasQuery != 0 {
			before = r.QueryEnd
		}
		if r.FragmentStart != before+1 || s[before] != '#' {
			fail("fragment does not follow '#'")
		}
	} else if r.Parts&scanner.HasQuery != 0 && r.QueryEnd != n || r.Parts&scanner.HasQuery == 0 && r.PathEnd != n {
		fail("components do not reach the end")
	}
}

// component extracts a component per the Result doc comment.
func component(s string, r scanner.Result) splitParts {
	var p splitParts
	if p.hasScheme = r.Parts&scanner.HasScheme != 0; p.hasScheme {
		p.scheme = s[:r.SchemeEnd]
	}
	if p.hasAuthority = r.Parts&scanner.HasAuthority != 0; p.hasAuthority {
		p.authority = s[r.AuthorityStart:r.PathStart]
	}
	p.path = s[r.PathStart:r.PathEnd]
	if p.hasQuery = r.Parts&scanner.HasQuery != 0; p.hasQuery {
		p.query = s[r.QueryStart:r.QueryEnd]
	}
	if p.hasFragment = r.Parts&scanner.HasFragment != 0; p.hasFragment {
		p.fragment = s[r.FragmentStart:]
	}
	return p
}

// FuzzScan checks the scanner against the regexp oracle built from the
// ABNF, and its split against the RFC 3986 Appendix B regexp.
func FuzzScan(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, ruleIndex uint8) {
		rule := rules[int(ruleIndex)%len(rules)]
		r := scanner.Scan(s, rule, 0)
		pure := scanner.Scan(s, rule, scanner.AllowBidi)
		if b := scanner.ScanBytes([]byte(s), rule, 0); b != r {
			t.Fatalf("ScanBytes(%q) = %+v, Scan = %+v", s, b, r)
		}
		want := oracleMatch(rule.String(), s)
		if got := pure.OK(); got != want {
			t.Fatalf("Scan(%q, %v, AllowBidi).OK() = %v (code %d at %d), oracle says %v", s, rule, got, pure.Code, pure.Offset, want)
		}
		if got := r.OK(); got != (want && !hasBidi(s)) {
			t.Fatalf("Scan(%q, %v).OK() = %v, want %v (section 4.1)", s, rule, got, want && !hasBidi(s))
		}
		if !r.OK() {
			if r.Offset < 0 || int(r.Offset) > len(s) || r.Code == scanner.CodeOK {
				t.Fatalf("Scan(%q, %v): bad failure %+v", s, rule, r)
			}
			// The offending byte is never inside a well-formed character.
			if insideRune(s, int(r.Offset)) {
				t.Fatalf("Scan(%q, %v): offset %d is inside a character", s, rule, r.Offset)
			}
			return
		}
		checkOffsets(t, s, r)
		if got, want := component(s, r), appendixBSplit(s); got != want {
			t.Fatalf("Scan(%q) split %+v, Appendix B says %+v", s, got, want)
		}
	})
}

// insideRune reports whether offset i falls after the first byte of a
// well-formed multi-byte UTF-8 sequence in s.
func insideRune(s string, i int) bool {
	for k := 1; k <= 3 && i-k >= 0 && i < len(s); k++ {
		if utf8.RuneStart(s[i-k]) {
			r, size := utf8.DecodeRuneInString(s[i-k:])
			return (r != utf8.RuneError || size > 1) && i-k+size > i
		}
	}
	return false
}

// percentDecode decodes every %HH triplet; other bytes are kept.
func percentDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// FuzzAppendURI checks RFC 3987 section 3.1 step 2: the output is a valid
// URI reference, decoding it gives what decoding the input gives, the
// mapping is idempotent and the identity on URIs, and a failure leaves dst
// alone.
func FuzzAppendURI(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dst := []byte("prefix")
		out, r := scanner.AppendURI(dst, s, scanner.IRIReference, 0)
		if !r.OK() {
			if string(out) != "prefix" {
				t.Fatalf("AppendURI(%q) failed but changed dst to %q", s, out)
			}
			return
		}
		uri := string(out[len("prefix"):])
		if !scanner.Valid(uri, scanner.URIReference, 0) {
			t.Fatalf("AppendURI(%q) = %q, not a URI-reference", s, uri)
		}
		if percentDecode(uri) != percentDecode(s) {
			t.Fatalf("AppendURI(%q) = %q decodes differently", s, uri)
		}
		// Without '%' in the input every triplet was added by the
		// mapping, so decoding them all gives back the input exactly.
		if !strings.Contains(s, "%") && percentDecode(uri) != s {
			t.Fatalf("AppendURI(%q) = %q does not decode back to the input", s, uri)
		}
		if again, _ := scanner.AppendURI(nil, uri, scanner.IRIReference, 0); string(again) != uri {
			t.Fatalf("AppendURI is not idempotent on %q: %q then %q", s, uri, again)
		}
		if r.Flags&scanner.HasNonASCII == 0 && uri != s {
			t.Fatalf("AppendURI(%q) changed an ASCII input to %q", s, uri)
		}
		if enc := string(ascii.EncodeNonASCII(nil, s)); enc != uri {
			t.Fatalf("EncodeNonASCII(%q) = %q, AppendURI = %q", s, enc, uri)
		}
		// The URI splits where the IRI does, each component mapped.
		ri := scanner.Scan(uri, scanner.URIReference, 0)
		a, b := component(s, r), component(uri, ri)
		if string(ascii.EncodeNonASCII(nil, a.authority)) != b.authority || string(ascii.EncodeNonASCII(nil, a.path)) != b.path ||
			a.hasQuery != b.hasQuery || a.hasFragment != b.hasFragment || a.scheme != b.scheme {
			t.Fatalf("AppendURI(%q) = %q splits differently: %+v vs %+v", s, uri, a, b)
		}
		checkIDNAURI(t, s, uri)
	})
}

// checkIDNAURI checks AppendURI with IDNA against the plain mapping uri of
// s: it differs in the host only, has as many labels, each an A-label or
// as it was, and is the host that Key compares (Equal to the input).
func checkIDNAURI(t *testing.T, s, uri string) {
	u, err := iri.ParseReference(s)
	if err != nil {
		t.Fatalf("ParseReference(%q): %v, where the scanner took it", s, err)
	}
	b, err := iri.Parser{IDNA: true}.AppendURI(nil, s)
	if err != nil {
		if !errors.Is(err, iri.ErrIDNA) || u.HostKind() != iri.HostRegName {
			t.Fatalf("IDNA AppendURI(%q): %v, want nil or ErrIDNA on a reg-name", s, err)
		}
		return
	}
	o, err := iri.ParseRule(string(b), iri.RuleURIReference)
	if err != nil {
		t.Fatalf("IDNA AppendURI(%q) = %q, not a URI-reference: %v", s, b, err)
	}
	p := iri.MustParseReference(uri)
	if o.Scheme() != p.Scheme() || o.Userinfo() != p.Userinfo() || o.Port() != p.Port() || o.Path() != p.Path() ||
		o.Query() != p.Query() || o.Fragment() != p.Fragment() {
		t.Fatalf("IDNA AppendURI(%q) = %q differs from %q outside the host", s, b, uri)
	}
	checkSameShape(t, "IDNA AppendURI", u, o)
	if !iri.Equal(u, o) {
		t.Fatalf("IDNA AppendURI(%q) = %q, which Key (%q) does not find equal to the input (%q)", s, b, iri.Key(o), iri.Key(u))
	}
}

// netURLLeniency names the documented reason net/url accepts an ASCII
// input that the scanner rejects as a URI-reference, or "" if none applies.
// net/url is a parser for the web, not an RFC 3986 validator:
//
//  1. it keeps characters RFC 3986 allows nowhere (space, '"', '<', '>',
//     '\', '^', '`', '{', '|', '}') in paths, queries and fragments, and
//     '[' and ']' outside IP literals;
//  2. it does not check percent-encoding in the query or an opaque path;
//  3. it allows '#' inside the fragment;
//  4. it accepts IPv6 zone identifiers (RFC 6874 "%25zone");
//  5. it splits userinfo at the last '@', so more '@' may precede it;
//  6. it splits host and port at the last ':', so a host may hold ':'.
func netURLLeniency(s string, r scanner.Result) string {
	switch {
	case strings.ContainsAny(s, " \"<>\\^`{|}"):
		return "forbidden character kept"
	case strings.ContainsAny(s, "[]") && (r.Component != scanner.ComponentHost || r.Code == scanner.CodeChar):
		return "bracket outside IP literal"
	case r.Code == scanner.CodeIPLiteral && strings.Contains(s, "%25"):
		return "IPv6 zone identifier"
	case r.Code == scanner.CodePercent && (r.Component == scanner.ComponentQuery || r.Component == scanner.ComponentPath):
		return "percent-encoding not checked in query or opaque path"
	case r.Component == scanner.ComponentFragment && r.Code == scanner.CodeChar && strings.Count(s, "#") > 1:
		return "'#' inside fragment"
	case strings.Count(authorityOf(s), "@") > 1:
		return "userinfo split at the last '@'"
	case r.Code == scanner.CodePercent && r.Component == scanner.ComponentFragment:
		return "percent-encoding not checked in fragment"
	case r.Code == scanner.CodePort && strings.Count(s, ":") > 1:
		return "host and port split at the last ':'"
	}
	return ""
}

// authorityOf returns what Appendix B calls the authority of s, if any.
func authorityOf(s string) string {
	p := appendixBSplit(s)
	return p.authority
}

// scannerExtension names the documented reason the scanner accepts an input
// net/url rejects, or "" if none applies.
//
//  1. IPvFuture literals ("[v7.x]"), which net/url does not parse;
//  2. pct-encoded characters in a reg-name, which RFC 3986 3.2.2 allows
//     and net/url refuses unless they decode to non-ASCII;
//  3. IPv6 literals netip refuses (none known; kept for the record).
func scannerExtension(s string, r scanner.Result) string {
	if r.Parts&scanner.HasAuthority == 0 {
		return ""
	}
	host := s[r.HostStart:r.HostEnd]
	switch {
	case r.HostKind == scanner.HostIPvFuture:
		return "IPvFuture"
	case r.HostKind == scanner.HostRegName && strings.Contains(host, "%"):
		return "pct-encoded reg-name"
	case strings.Contains(s[r.AuthorityStart:r.PathStart], "%"):
		return "pct-encoded userinfo or port context"
	}
	return ""
}

// FuzzNetURL compares the scanner's URI-reference with net/url.Parse on
// ASCII inputs; every disagreement must be one of the documented ones.
func FuzzNetURL(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 || s[i] < 0x20 || s[i] == 0x7F {
				return // net/url rejects controls; non-ASCII is FuzzScan's
			}
		}
		r := scanner.Scan(s, scanner.URIReference, 0)
		u, err := url.Parse(s)
		switch {
		case err == nil && !r.OK():
			if netURLLeniency(s, r) == "" {
				t.Fatalf("net/url accepts %q, scanner rejects it (code %d at %d in component %d) for no documented reason", s, r.Code, r.Offset, r.Component)
			}
		case err != nil && r.OK():
			if scannerExtension(s, r) == "" {
				t.Fatalf("scanner accepts %q, net/url rejects it (%v) for no documented reason", s, err)
			}
		case err == nil && r.OK():
			// Both accept: they agree on the components net/url keeps raw.
			p := component(s, r)
			if !strings.EqualFold(u.Scheme, p.scheme) || u.RawQuery != p.query || u.ForceQuery != (p.hasQuery && p.query == "") {
				t.Fatalf("%q: net/url scheme %q query %q, scanner %q %q", s, u.Scheme, u.RawQuery, p.scheme, p.query)
			}
		}
	})
}
