package iri

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/irikit/iri/scanner"
)

// components renders every accessor so one string comparison pins them.
func components(u IRI) string {
	opt := func(has bool, v string) string {
		if !has {
			return "-"
		}
		return "<" + v + ">"
	}
	return strings.Join([]string{
		opt(u.IsAbsolute(), u.Scheme()),
		opt(u.HasAuthority(), u.Authority()),
		opt(u.HasUserinfo(), u.Userinfo()),
		opt(u.HasAuthority(), u.Host()),
		u.HostKind().String(),
		opt(u.HasPort(), u.Port()),
		"<" + u.Path() + ">",
		opt(u.HasQuery(), u.Query()),
		opt(u.HasFragment(), u.Fragment()),
	}, " ")
}

// RFC 3986 section 3 and RFC 3987 section 2.2: components, with absent
// ("-") told apart from empty ("<>").
func TestParseReferenceComponents(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "- - - - none - <> - -"},
		{"http://h", "<http> <h> - <h> reg-name - <> - -"},
		{"http://h?", "<http> <h> - <h> reg-name - <> <> -"},
		{"http://h#", "<http> <h> - <h> reg-name - <> - <>"},
		{"a:", "<a> - - - none - <> - -"},
		{"//", "- <> - <> reg-name - <> - -"},
		{"http://@h:/", "<http> <@h:> <> <h> reg-name <> </> - -"},
		{"foo://u:p@例え.jp:8042/over/there?name=ferret#nose",
			"<foo> <u:p@例え.jp:8042> <u:p> <例え.jp> reg-name <8042> </over/there> <name=ferret> <nose>"},
		{"urn:example:animal:ferret:nose", "<urn> - - - none - <example:animal:ferret:nose> - -"},
		{"http://[::1]:80/", "<http> <[::1]:80> - <[::1]> ipv6 <80> </> - -"},
		{"http://[v7.a:b]/", "<http> <[v7.a:b]> - <[v7.a:b]> ipvfuture - </> - -"},
		{"http://1.2.3.4/", "<http> <1.2.3.4> - <1.2.3.4> ipv4 - </> - -"},
		{"http://1.2.3.256/", "<http> <1.2.3.256> - <1.2.3.256> reg-name - </> - -"},
		{"../g?q#f", "- - - - none - <../g> <q> <f>"},
		{"?q=\ue000", "- - - - none - <> <q=\ue000> -"},
	}
	for _, tt := range tests {
		u, err := ParseReference(tt.in)
		if err != nil {
			t.Errorf("ParseReference(%q): %v", tt.in, err)
			continue
		}
		if got := components(u); got != tt.want {
			t.Errorf("ParseReference(%q) = %s, want %s", tt.in, got, tt.want)
		}
		if u.String() != tt.in {
			t.Errorf("ParseReference(%q).String() = %q", tt.in, u.String())
		}
	}
}

func TestZeroIRI(t *testing.T) {
	var u IRI
	if got, want := components(u), "- - - - none - <> - -"; got != want {
		t.Errorf("zero IRI = %s, want %s", got, want)
	}
	if u.URI() != "" {
		t.Errorf("zero IRI URI() = %q", u.URI())
	}
}

func TestRules(t *testing.T) {
	tests := []struct {
		in   string
		rule Rule
		ok   bool
	}{
		{"http://a/b", RuleIRI, true},
		{"/b", RuleIRI, false},
		{"/b", RuleIRelativeRef, true},
		{"http://a/b", RuleIRelativeRef, false},
		{"http://a/b#f", RuleAbsoluteIRI, false},
		{"http://a/b?q", RuleAbsoluteIRI, true},
		{"http://例/", RuleURI, false},
		{"http://例/", RuleURIReference, false},
		{"//例/", RuleRelativeRef, false},
		{"//x/", RuleRelativeRef, true},
		{"a:b", RuleAbsoluteURI, true},
	}
	for _, tt := range tests {
		if got := Valid(tt.in, tt.rule); got != tt.ok {
			t.Errorf("Valid(%q, %v) = %v, want %v", tt.in, tt.rule, got, tt.ok)
		}
		_, err := ParseRule(tt.in, tt.rule)
		if (err == nil) != tt.ok {
			t.Errorf("ParseRule(%q, %v) error = %v, want ok=%v", tt.in, tt.rule, err, tt.ok)
		}
	}
}

func TestRuleNames(t *testing.T) {
	names := []string{"IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "URI-reference", "URI", "absolute-URI", "relative-ref"}
	for i, name := range names {
		if r := Rules()[i]; r.String() != name {
			t.Errorf("Rules()[%d] is %v, want %s", i, r, name)
		}
	}
	if len(Rules()) != len(names) {
		t.Errorf("Rules() has %d rules, want %d", len(Rules()), len(names))
	}
}

// Each code unwraps to its sentinel and to ErrSyntax, and the message names
// the offset and the component.
func TestErrors(t *testing.T) {
	tests := []struct {
		in       string
		rule     Rule
		sentinel error
		offset   int
		comp     string
		msg      string
	}{
		{"1http://x", RuleIRI, ErrScheme, 0, "scheme", "expected a letter"},
		{"ht~tp://x", RuleIRI, ErrScheme, 2, "scheme", "ends scheme"},
		{"1a:b", RuleIRIReference, ErrColonInFirstSegment, 2, "ipath", "first segment"},
		{"http://x/a b", RuleIRI, ErrInvalidChar, 10, "ipath", "found ' '"},
		{"http://x:8a/", RuleIRI, ErrPort, 10, "port", "DIGIT"},
		{"http://x/%4g", RuleIRI, ErrPercentEncoding, 9, "ipath", "two hex digits"},
		{"http://x/\xff", RuleIRI, ErrUTF8, 9, "ipath", "byte 0xFF"},
		{"http://x/\ufdd0", RuleIRI, ErrCodePoint, 9, "ipath", "U+FDD0"},
		{"http://x/\ue000", RuleIRI, ErrPrivateUse, 9, "ipath", "iquery"},
		{"http://x/\u202e", RuleIRI, ErrBidiFormatting, 9, "ipath", "section 4.1"},
		{"http://x/é", RuleURI, ErrNonASCII, 9, "path", "allows only ASCII"},
		{"http://x/#f", RuleAbsoluteIRI, ErrFragment, 9, "ifragment", "has no fragment"},
		{"http://[::1::2]/", RuleIRI, ErrIPLiteral, 12, "ihost", "IPv6address"},
		{"http://[::1/", RuleIRI, ErrIPLiteral, 11, "ihost", "closes IP-literal"},
		{"http://[::1]x/", RuleIRI, ErrIPLiteral, 12, "ihost", "after IP-literal"},
		{"http://a:1:2/", RuleIRI, ErrPort, 10, "port", "DIGIT"},
		{"http://u@h@x/", RuleIRI, ErrInvalidChar, 10, "ihost", "found '@'"},
	}
	for _, tt := range tests {
		_, err := ParseRule(tt.in, tt.rule)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("ParseRule(%q, %v) = %v, want *Error", tt.in, tt.rule, err)
			continue
		}
		if !errors.Is(err, tt.sentinel) || !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseRule(%q): %v does not unwrap to %v and ErrSyntax", tt.in, err, tt.sentinel)
		}
		if e.Offset != tt.offset || e.Component != tt.comp || e.Input != tt.in || e.Rule != tt.rule {
			t.Errorf("ParseRule(%q) = offset %d in %q (rule %v), want %d in %q", tt.in, e.Offset, e.Component, e.Rule, tt.offset, tt.comp)
		}
		if !strings.HasSuffix(err.Error(), ": "+e.Reason()) {
			t.Errorf("ParseRule(%q): message %q does not end with its Reason %q", tt.in, err.Error(), e.Reason())
		}
		msg := err.Error()
		for _, want := range []string{"byte offset " + itoa(tt.offset), tt.comp, tt.msg, tt.rule.String()} {
			if !strings.Contains(msg, want) {
				t.Errorf("ParseRule(%q) message %q lacks %q", tt.in, msg, want)
			}
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// RFC 3987 section 3.1 step 2.
func TestURI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://r\u00e9sum\u00e9.example.org", "http://r%C3%A9sum%C3%A9.example.org"},
		{"http://example.com/%e9", "http://example.com/%e9"},
		{"http://example.com/\U0001D11E", "http://example.com/%F0%9D%84%9E"},
		{"?\ue000", "?%EE%80%80"},
		{"", ""},
	}
	for _, tt := range tests {
		u := MustParseReference(tt.in)
		if got := u.URI(); got != tt.want {
			t.Errorf("URI(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(u.AppendURI([]byte("x"))); got != "x"+tt.want {
			t.Errorf("IRI.AppendURI(%q) = %q, want %q", tt.in, got, "x"+tt.want)
		}
		got, err := AppendURI([]byte("x"), tt.in)
		if err != nil || string(got) != "x"+tt.want {
			t.Errorf("AppendURI(%q) = %q, %v, want %q", tt.in, got, err, "x"+tt.want)
		}
		// Idempotent, and the output is a URI.
		if again := MustParseReference(tt.want).URI(); again != tt.want {
			t.Errorf("URI(URI(%q)) = %q", tt.in, again)
		}
		if !Valid(tt.want, RuleURIReference) {
			t.Errorf("URI(%q) = %q is not a URI-reference", tt.in, tt.want)
		}
	}
	dst := []byte("keep")
	out, err := AppendURI(dst, "http://a b")
	if err == nil || string(out) != "keep" {
		t.Errorf("AppendURI on invalid input = %q, %v; want dst unchanged and an error", out, err)
	}
}

func TestAllocs(t *testing.T) {
	const ascii, uni, bad = "http://example.com/a/b?q=1#f", "http://例え.jp/パス?q=値", "http://例え.jp/a b"
	buf := make([]byte, 0, 256)
	checks := []struct {
		name string
		want float64
		f    func()
	}{
		{"Parse valid ASCII", 0, func() { _, _ = ParseReference(ascii) }},
		{"Parse valid non-ASCII", 0, func() { _, _ = ParseReference(uni) }},
		{"Parse invalid (the *Error)", 1, func() { _, _ = ParseReference(bad) }},
		{"Valid invalid", 0, func() { Valid(bad, RuleIRIReference) }},
		{"Valid valid", 0, func() { Valid(uni, RuleIRI) }},
		{"AppendURI reused buffer", 0, func() { buf, _ = AppendURI(buf[:0], uni) }},
		{"IRI.AppendURI reused buffer", 0, func() { buf = MustParseReference(uni).AppendURI(buf[:0]) }},
		{"URI of ASCII", 0, func() { _ = MustParseReference(ascii).URI() }},
		{"URI of non-ASCII", 1, func() { _ = MustParseReference(uni).URI() }},
		{"accessors", 0, func() {
			u := MustParseReference(ascii)
			_ = u.Scheme() + u.Host()
		}},
	}
	for _, c := range checks {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocs, want %v", c.name, got, c.want)
		}
	}
}

// Every public function is safe for concurrent use; run with -race.
func TestConcurrent(t *testing.T) {
	inputs := []string{"http://例え.jp/", "http://a b/", "//[::1]/x", "a:b#c"}
	// What one goroutine sees alone; every goroutine must see the same.
	want := make([]string, len(inputs))
	for i, s := range inputs {
		want[i] = outcome(s)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				for i, s := range inputs {
					if got := outcome(s); got != want[i] {
						errs <- "concurrent " + got + ", alone " + want[i]
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// outcome renders everything the API says about s.
func outcome(s string) string {
	u, err := ParseReference(s)
	buf, aerr := AppendURI(make([]byte, 0, 8), s)
	if err != nil {
		return err.Error() + "|" + string(buf) + "|" + aerr.Error()
	}
	return components(u) + "|" + u.URI() + "|" + string(buf)
}

// The root package's enums are the scanner's types, so that values pass
// between the two without conversion (this would not compile otherwise).
func TestEnumsAreTheScanners(t *testing.T) {
	res := scanner.Scan("http://[::1]/", RuleIRI, 0)
	var kind HostKind = res.HostKind
	var code Code = scanner.CodeOK
	var rule scanner.Rule = RuleAbsoluteURI
	if kind != HostIPv6 || code != res.Code || rule.String() != "absolute-URI" {
		t.Errorf("kind %v, code %v, rule %v", kind, code, rule)
	}
}

func TestToURI(t *testing.T) {
	for _, tt := range []struct {
		p       Parser
		in, out string
		ok      bool
	}{
		{Parser{}, "http://例え.jp/パス?q=値", "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4", true},
		{Parser{}, "http://a/b", "http://a/b", true},
		{Parser{}, "http://a/b c", "", false},
		{Parser{EncodeUnsafeASCII: true}, "http://a/b c", "http://a/b%20c", true},
		{Parser{IDNA: true}, "http://例え.jp/", "http://xn--r8jz45g.jp/", true},
		{Parser{Rule: RuleIRI}, "/relative", "", false},
	} {
		got, err := tt.p.ToURI(tt.in)
		if got != tt.out || (err == nil) != tt.ok {
			t.Errorf("%+v.ToURI(%q) = %q, %v; want %q (ok %v)", tt.p, tt.in, got, err, tt.out, tt.ok)
		}
	}
	s := "http://example.com/a?b#c"
	if n := testing.AllocsPerRun(100, func() { _, _ = ToURI(s) }); n != 0 {
		t.Errorf("ToURI of a URI allocates %v times", n)
	}
	if got, _ := ToURI(s); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Error("ToURI of a URI is not the input itself")
	}
}
