package lint

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/internal/runeprops"
	"github.com/irikit/iri/scanner"
)

// Section 4.4 writes right-to-left letters as uppercase Latin. These make
// them real: A..V become the 22 Hebrew letters, or 22 Arabic ones.
const (
	hebrew = "אבגדהוזחטיכלמנסעפצקרשת"
	arabic = "ابتثجحخدذرزسشصضطظعغفقك"
)

func rtl(s, script string) string {
	letters := []rune(script)
	var b strings.Builder
	for _, r := range s {
		if 'A' <= r && r <= 'V' {
			r = letters[r-'A']
		}
		b.WriteRune(r)
	}
	return b.String()
}

// The ten examples of section 4.4, with the verdict the section gives:
// examples 1-7 are legal, 8 and 9 "not allowed" (the SHOULDs of 4.2,
// warnings), 10 "allowed but not recommended" (no error, and the check
// that says why).
var section44 = []struct {
	logical string
	want    []string // checks that must be reported, "check@text"
	clean   bool     // no bidi check at all
}{
	{"http://ab.CDEFGH.ij/kl/mn/op.html", nil, true},
	{"http://ab.CDE.FGH/ij/kl/mn/op.html", nil, true},
	{"http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", nil, true},
	{"http://AB.CD.ef/gh/IJ/KL.html", nil, true},
	{"http://ab.cd.EF/GH/ij/kl.html", nil, true},
	{"http://ab.CD.EF/GH/IJ/kl.html", nil, true},
	{"http://ab.CDE123FGH.ij/kl/mn/op.html", nil, true},
	{"http://ab.cd.ef/GH1/2IJ/KL.html", []string{"bidi-number-edge@1", "bidi-number-edge@2"}, false},
	{"http://ab.cd.ef/GH%31/%32IJ/KL.html", []string{"bidi-encoded-digit@%31", "bidi-encoded-digit@%32"}, false},
	{"http://ab.CDEFGH.123/kl/mn/op.html", []string{"bidi-number-component@123"}, false},
}

func TestLintSection44(t *testing.T) {
	for n, ex := range section44 {
		for _, script := range []string{hebrew, arabic} {
			s := rtl(ex.logical, script)
			vs := Lint(s, Options{})
			for _, v := range vs {
				if v.Offset < 0 || v.Offset+v.Length > len(s) {
					t.Fatalf("example %d: %v lies outside %q", n+1, v, s)
				}
				if ex.clean && strings.HasPrefix(v.Check.String(), "bidi-") {
					t.Errorf("example %d (%q): %v, want no bidi check", n+1, s, v)
				}
				if v.Severity == SeverityError {
					t.Errorf("example %d (%q): %v, an error where the section allows the IRI", n+1, s, v)
				}
			}
			for _, w := range ex.want {
				name, text, _ := strings.Cut(w, "@")
				if !hasViolation(s, vs, name, rtl(text, script)) {
					t.Errorf("example %d (%q): no %s on %q in %v", n+1, s, name, text, vs)
				}
			}
		}
	}
}

func hasViolation(s string, vs []Violation, name, text string) bool {
	for _, v := range vs {
		if v.Check.String() == name && s[v.Offset:v.Offset+v.Length] == text {
			return true
		}
	}
	return false
}

// Each check on an input that has it, where it is, and an input that
// does not.
func TestLintChecks(t *testing.T) {
	he := func(s string) string { return rtl(s, hebrew) }
	tests := []struct {
		check   Check
		in, at  string // at: the text the violation covers
		comp    string
		without string
	}{
		{CheckSyntax, "http://h/a b", " ", "ipath", "http://h/a%20b"},
		{CheckSyntax, "http://h/a\U000E0001", "\U000E0001", "ipath", "http://h/a%F3%A0%80%81"}, // the whole character
		{CheckBidiControl, "http://h/a\u202Eb", "\u202E", "ipath", "http://h/ab"},
		{CheckBidiControl, "http://h/a\u200Eb", "\u200E", "ipath", "http://h/ab"},                                    // LRM
		{CheckBidiControl, "http://h/?a=\u202Ab", "\u202A", "iquery", "http://h/?a=b"},                               // LRE
		{CheckBidiControl, "http://h/#\u202C", "\u202C", "ifragment", "http://h/#"},                                  // PDF
		{CheckBidiControl, "http://u\u202D@h/", "\u202D", "iuserinfo", "http://u@h/"},                                // LRO
		{CheckBidiIsolate, "http://h/a\u061Cb", "\u061C", "ipath", "http://h/ab"},                                    // ALM
		{CheckBidiIsolate, "http://h/a\u2069", "\u2069", "ipath", "http://h/a"},                                      // PDI
		{CheckBidiNumberEdge, rtl("http://h/AB\u0661", arabic), "\u0661", "ipath", rtl("http://h/A\u0661B", arabic)}, // an Arabic-Indic digit (AN)
		{CheckBidiIsolate, "http://h/a\u2067b", "\u2067", "ipath", "http://h/ab"},
		{CheckBidiMixed, he("http://h/ABcd"), he("ABcd"), "ipath", he("http://h/AB/cd")},
		{CheckBidiEdge, he("http://h/AB!"), "!", "ipath", he("http://h/A!B")},
		{CheckBidiEdge, he("http://h/!AB"), "!", "ipath", he("http://h/AB")},
		{CheckBidiNumberEdge, he("http://h/AB:"), ":", "ipath", he("http://h/AB")},
		{CheckBidiNumberEdge, he("http://h/?q=AB%41"), "%41", "iquery", he("http://h/?q=AB")},
		{CheckBidiEncodedDigit, he("http://h/%30AB"), "%30", "ipath", he("http://h/AB")},
		{CheckBidiNumberComponent, he("http://h/AB/12"), "12", "ipath", he("http://h/AB/x/12")},
		{CheckBidiNumberComponent, he("http://h/12/AB"), "12", "ipath", "http://h/12/ab"},
		{CheckBidiLabel, he("http://AB.1x/"), "1x", "ihost", he("http://AB.x1/")},
		{CheckBidiNumberComponent, he("http://AB.CD:80/"), "80", "port", he("http://AB.CD.ef:80/")},
		{CheckInvisible, "http://h/a\u200Bb", "\u200B", "ipath", "http://h/ab"},
		{CheckInvisible, "http://h/a\u200Db", "\u200D", "ipath", "http://h/\U0001F468\u200D\U0001F469\u200D\U0001F467"},
		{CheckInvisible, "http://h/a\u200Cb", "\u200C", "ipath", "http://h/\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645"},
		{CheckInvisible, "http://h/\U0001F468\u200Da", "\u200D", "ipath", "http://h/\u0915\u094D\u200D\u0937"},
		{CheckInvisible, "http://h/\u200Da", "\u200D", "ipath", "http://h/a"},       // first in its component
		{CheckInvisible, "http://h/\uFE0F\u200Da", "\u200D", "ipath", "http://h/a"}, // a selector with nothing before it
		{CheckInvisible, "http://h/a\u200C", "\u200C", "ipath", "http://h/a"},       // last in its component
		{CheckInvisible, "http://h/\u3164", "\u3164", "ipath", "http://h/"},
		{CheckTagCharacter, "http://h/a%F3%A0%81%81", "%F3%A0%81%81", "ipath", "http://h/a%F3%B0%81%81"},
		{CheckTagCharacter, "http://h/a%F3%A0%81%A7", "%F3%A0%81%A7", "ipath", "http://h/\U0001F3F4%F3%A0%81%A7%F3%A0%81%A2%F3%A0%81%A5%F3%A0%81%AE%F3%A0%81%A7%F3%A0%81%BF"},
		{CheckTagCharacter, "http://h/%F0%9F%8F%B3%F3%A0%81%A7", "%F3%A0%81%A7", "ipath", "http://h/%F0%9F%8F%B4%F3%A0%81%A7%F3%A0%81%BF"},
		{CheckVariationSelector, "http://h/a%F3%A0%84%80", "%F3%A0%84%80", "ipath", "http://h/%E8%BE%BB%F3%A0%84%80"},
		{CheckVariationSelector, "http://h/a\uFE0F", "\uFE0F", "ipath", "http://h/\u2764\uFE0F"},
		{CheckVariationSelector, "http://h/\uFE0F1", "\uFE0F", "ipath", "http://h/1\uFE0F\u20E3#*\uFE0F\u20E3"},
		{CheckPrivateUse, "http://h/?\uE000", "\uE000", "iquery", "http://h/?a"},
		{CheckSpaceLike, "http://h/a\u3000b", "\u3000", "ipath", "http://h/ab"},
		{CheckFormatControl, "http://h/a\u2028b", "\u2028", "ipath", "http://h/ab"},
		{CheckDeprecatedDisplay, "http://h/a\u0340", "\u0340", "ipath", "http://h/a"},
		{CheckNotNFC, "http://h/re\u0301sume\u0301", "e\u0301", "ipath", "http://h/r\u00e9sum\u00e9"},
		{CheckNotNFC, "http://h/?a=\u0338", "=\u0338", "iquery", "http://h/?a=%CC%B8"},
		{CheckNotNFKC, "http://h/\uFB01le", "\uFB01", "ipath", "http://h/file"},
		{CheckFullwidth, "http://h/\uFF21", "\uFF21", "ipath", "http://h/A"},
		{CheckHalfwidth, "http://h/\uFF71", "\uFF71", "ipath", "http://h/\u30A2"},
		{CheckDelimiterLookalike, "http://h/a\u2215b", "\u2215", "ipath", "http://h/a/b"},
		{CheckDelimiterLookalike, "http://h/a\u0589b", "\u0589", "ipath", "http://h/a:b"},
		{CheckMixedScript, "http://p\u0430ypal.example/", "p\u0430ypal", "ihost", "http://\u043f\u0430\u0443.example/"},
		{CheckMixedScript, "http://\u03b1\u0430.example/", "\u03b1\u0430", "ihost", "http://\u6771\u4eac\u30bf\u30ef\u30fc.example/"},
		{CheckHostIDNA, "http://a\u00df\u200D\u2215.example/", "a\u00df\u200D\u2215.example", "ihost", "http://\u00fcber.example/"},
		{CheckMixedScript, "http://xn--pypal-4ve.example/", "xn--pypal-4ve", "ihost", "http://xn--mnchen-3ya.example/"},             // U-label "pаypal"
		{CheckMixedScript, "http://xn--pypal-4ve.example/\u00e9", "xn--pypal-4ve", "ihost", "http://xn--mnchen-3ya.example/\u00e9"}, // found with non-ASCII text after the host
		{CheckMixedScript, "http://p%D0%B0ypal.example/", "p%D0%B0ypal", "ihost", "http://%D0%BF%D0%B0%D1%83.example/"},
		{CheckHostIDNA, "http://xn--abc-.example/", "xn--abc-", "ihost", "http://xn--abc-ppa.example/"}, // no Punycode
		{CheckHostIDNA, "http://XN--9.example/", "XN--9", "ihost", "http://XN--MNCHEN-3YA.example/"},
		{CheckHostIDNA, "http://%CC%81a.example/", "%CC%81a.example", "ihost", "http://%C3%BCber.example/"}, // a label starting with a mark
		{CheckBidiLabel, rtl("http://xn--4db.1x/", hebrew), "1x", "ihost", "http://xn--4db.x1/"},
		{CheckOverlongUTF8, "http://h/%C0%AF..", "%C0%AF", "ipath", "http://h/%2F.."},
		{CheckOverlongUTF8, "http://h/%e0%80%af", "%e0%80%af", "ipath", "http://h/%e2%80%af"},
		{CheckNonUTF8Percent, "http://h/r%E9sum%E9", "%E9", "ipath", "http://h/r%C3%A9sum%C3%A9"},
		{CheckNonUTF8Percent, "http://h/%ED%A0%80", "%ED%A0%80", "ipath", "http://h/%ED%9F%BF"},
		{CheckEncodedDotSegment, "http://h/a/%2e%2E/b", "%2e%2E", "ipath", "http://h/a/%2e%2Ex/b"},
		{CheckEncodedDotSegment, "http://h/a/.%2e", ".%2e", "ipath", "http://h/a/.."},
		{CheckEncodedSlash, "http://h/a%2Fb", "%2F", "ipath", "http://h/a/b?x=%2F"},
		{CheckEncodedSlash, "http://h/a%5cb", "%5c", "ipath", "http://h/a%5db"},
		{CheckEncodedSlash, "/a%2Fb", "%2F", "ipath", "mailto:%22oh%5C%5Cno%22@example.org"}, // RFC 6068 6.2: an opaque path
		{CheckEncodedDotSegment, "file:/a/%2E%2E", "%2E%2E", "ipath", "mailto:%2E%2E@example.org"},
		{CheckEncodedAuthorityDelimiter, "http://bank.example%40evil.example/", "%40", "ihost", "http://bank.example/%40"},
		{CheckEncodedAuthorityDelimiter, "ftp://a%2Fb@h/", "%2F", "iuserinfo", "ftp://john%40example.com:a%3Ab@h/"},
		{CheckEncodedAuthorityDelimiter, "http://www%2Eexample.com/", "%2E", "ihost", "http://www.example.com/%2E"},
		{CheckPassword, "ftp://u:secret@h/", ":secret", "iuserinfo", "ftp://u@h/"},
		{CheckPassword, "ftp://u:p@h/", ":p", "iuserinfo", "ftp://u:@h/"}, // an empty password is none
		{CheckUserinfo, "ftp://u@h/", "u", "iuserinfo", "ftp://h/"},
		{CheckUserinfo, "ftp://@h/", "@", "iuserinfo", "ftp://h/"}, // empty: the '@'
		{CheckUserinfoHostLike, "ftp://www.bank.example@evil.example/", "www.bank.example", "iuserinfo", "ftp://anonymous@evil.example/"},
		{CheckUserinfoHostLike, "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", "cnn.example.com&story=breaking_news", "iuserinfo", "ftp://story=breaking.news@h/"},
		{CheckUserinfoHostLike, "ftp://10.0.0.1@evil.example/", "10.0.0.1", "iuserinfo", "ftp://1.0.1@evil.example/"},
		{CheckUserinfoHostLike, "ftp://www.bank.example.@evil.example/", "www.bank.example.", "iuserinfo", "ftp://www.@evil.example/"},
		{CheckIPv4RareForm, "http://0x7f.1/", "0x7f.1", "ihost", "http://127.0.0.1/"},
		{CheckIPv4RareForm, "http://0177.0.0.01/", "0177.0.0.01", "ihost", "http://1a.example/"},
		{CheckIPv4RareForm, "http://2130706433/", "2130706433", "ihost", "http://2130706433x/"},
		{CheckIPv4RareForm, "http://127.0.0.1./", "127.0.0.1.", "ihost", "http://1.2.3.4.5/"},
		{CheckIPv4RareForm, "http://0x7f.0x1/", "0x7f.0x1", "ihost", "http://256.256.256.256/"},
		{CheckIPv4RareForm, "http://1.16777215/", "1.16777215", "ihost", "http://1.16777216/"},
		{CheckIPv4RareForm, "http://1.0x/", "1.0x", "ihost", "http://1..2/"},
		{CheckDefaultPort, "HTTPS://h:0443/", ":0443", "port", "https://h:8443/"},
		{CheckEmptyPort, "http://h:/", ":", "port", "http://h/"},
		{CheckSchemeNoHost, "http:/a", "http:/a", "", "http://a"},
		{CheckSchemeNoHost, "wss:///a", "wss:///a", "", "wss://h/a"},
		{CheckSchemeUserinfo, "https://u@h/", "u@", "iuserinfo", "https://h/u@"},
		{CheckSchemeFragment, "wss://h/#x", "#x", "ifragment", "https://h/#x"},
		{CheckFilePath, "file:a/b", "a/b", "ipath", "file:///a/b"},
		{CheckFilePath, "file:", "file:", "", "file:/"}, // no path at all: the whole reference
		{CheckMailtoAuthority, "mailto://a@b", "//a@b", "iauthority", "mailto:a@b"},
		{CheckMailtoAddress, "mailto:a@b,c", "c", "ipath", "mailto:a@b,c@d"},
		{CheckMailtoAddress, "mailto:a@b,,c@d", ",", "ipath", "mailto:a@b,c@d"}, // an empty address: its ','
		{CheckMailtoAddress, "mailto:a@b,", ",", "ipath", "mailto:a@b"},
		{CheckURNSyntax, "urn:a:x", "urn:a:x", "", "urn:isbn:0451450523"},
		{CheckURNSyntax, "urn:-ab:x", "urn:-ab:x", "", "URN:ab-c:x"},
		{CheckURNSyntax, "urn:ab:x?y=1", "urn:ab:x?y=1", "", "urn:ab:x?+r?=y=1#f"},
		{CheckURNSyntax, "urn:ab:x?", "urn:ab:x?", "", "urn:ab:x?=q"},
		{CheckFilePath, "file://h", "file://h", "", "file://h/"},
		{CheckOverlongUTF8, "http://h/%F0%80%80%AF", "%F0%80%80%AF", "ipath", "http://h/%F0%90%80%80"},
		{CheckOverlongUTF8, "http://h/%F8%80%80%80%AF", "%F8%80%80%80%AF", "ipath", "http://h/%F8%88%80%80%80"},
		{CheckOverlongUTF8, "http://h/%FC%80%80%80%80%AF", "%FC%80%80%80%80%AF", "ipath", "http://h/%FC%84%80%80%80%80"},
		{CheckNonUTF8Percent, "http://h/%F8%88%80%80%80", "%F8%88%80%80%80", "ipath", "http://h/%F0%90%80%80"},
		{CheckNonUTF8Percent, "http://h/%E2%80", "%E2%80", "ipath", "http://h/%E2%80%A2"}, // truncated
		{CheckNonUTF8Percent, "http://h/%E2%80x", "%E2%80", "ipath", "http://h/%E2%80%A2x"},
		{CheckFormatControl, "http://h/a\u0600b", "\u0600", "ipath", "http://h/ab"},
		{CheckFormatControl, "http://h/a\U00013430b", "\U00013430", "ipath", "http://h/a\U00013000b"},
		{CheckFormatControl, "http://h/a\U0001BCA0b", "\U0001BCA0", "ipath", "http://h/ab"},
		{CheckInvisible, "http://h/a\u2064b", "\u2064", "ipath", "http://h/a+b"},
		{CheckVariationSelector, "http://h/\u180F", "\u180F", "ipath", "http://h/\u1820\u180F"},
		{CheckDelimiterLookalike, "http://h/a\u02D0b", "\u02D0", "ipath", "http://h/a:b"},
		{CheckDelimiterLookalike, "http://h/a\u01C3b", "\u01C3", "ipath", "http://h/a!b"},
	}
	for _, tc := range tests {
		vs := Lint(tc.in, Options{})
		found := false
		for _, v := range vs {
			if v.Offset < 0 || v.Length < 0 || v.Offset+v.Length > len(tc.in) {
				t.Fatalf("Lint(%q): %v lies outside the input", tc.in, v)
			}
			if v.Check != tc.check {
				continue
			}
			found = true
			if got := tc.in[v.Offset : v.Offset+v.Length]; got != tc.at || v.Component != tc.comp {
				t.Errorf("Lint(%q): %s on %q in %q, want %q in %q", tc.in, tc.check, got, v.Component, tc.at, tc.comp)
			}
			if v.Severity != tc.check.DefaultSeverity() || !strings.HasPrefix(v.Message, tc.check.Message()) {
				t.Errorf("Lint(%q): %v has not the check's default severity and message", tc.in, v)
			}
		}
		if !found {
			t.Errorf("Lint(%q) = %v, want %s", tc.in, vs, tc.check)
		}
		for _, v := range Lint(tc.without, Options{}) {
			if v.Check == tc.check {
				t.Errorf("Lint(%q): %v, want no %s", tc.without, v, tc.check)
			}
		}
	}
}

func TestLintClean(t *testing.T) {
	for _, s := range []string{
		"", "http://example.com/", "https://www.example.org/a/b?c=d&e=f#g", "//h/p", "../a/b",
		"http://例え.テスト/パス?クエリ#断片", "https://ru.wikipedia.org/wiki/Москва",
		"http://www.example.org/r%C3%A9sum%C3%A9.html", "mailto:a@example.org", "urn:isbn:0451450523",
		"file:///etc/hosts", "http://[::1]:8080/", "http://127.0.0.1/", "ftp://ftp.example.org/pub",
		rtl("http://AB.CD/EF", hebrew), rtl("http://ab.example/CD/EF", arabic),
	} {
		if vs := Lint(s, Options{}); len(vs) != 0 {
			t.Errorf("Lint(%q) = %v, want nothing", s, vs)
		}
	}
}

func TestLintSeverities(t *testing.T) {
	s := "http://h:80/?\uE000\uFB01#x\u202E"
	bySeverity := func(o Options) map[Check]Severity {
		m := map[Check]Severity{}
		for _, v := range Lint(s, o) {
			m[v.Check] = v.Severity
		}
		return m
	}
	def := bySeverity(Options{})
	if def[CheckPrivateUse] != SeverityInfo || def[CheckDefaultPort] != SeverityInfo || def[CheckBidiControl] != SeverityError || def[CheckNotNFKC] != SeverityInfo {
		t.Errorf("rfc3987 profile: %v", def)
	}
	iuri := bySeverity(Options{Profile: ProfileIURI})
	if iuri[CheckPrivateUse] != SeverityError || iuri[CheckDefaultPort] != SeverityInfo {
		t.Errorf("iuri profile: %v", iuri)
	}
	// The IURI draft's other two rules: NFC, and no tag characters.
	for in, c := range map[string]Check{"http://h/e\u0301": CheckNotNFC, "http://h/a%F3%A0%81%81": CheckTagCharacter} {
		for _, p := range []struct {
			o    Options
			want Severity
		}{{Options{}, SeverityWarning}, {Options{Profile: ProfileIURI}, SeverityError}, {Options{Profile: ProfileStrict}, SeverityError}} {
			vs := Lint(in, p.o)
			if len(vs) != 1 || vs[0].Check != c || vs[0].Severity != p.want {
				t.Errorf("Lint(%q, profile %v) = %v, want %v %v", in, p.o.Profile, vs, c, p.want)
			}
		}
	}
	strict := bySeverity(Options{Profile: ProfileStrict, Severities: map[Check]Severity{CheckDefaultPort: SeverityWarning}})
	if strict[CheckPrivateUse] != SeverityError || strict[CheckDefaultPort] != SeverityWarning || strict[CheckNotNFKC] != SeverityInfo {
		t.Errorf("strict profile with an override: %v", strict)
	}
	off := bySeverity(Options{Severities: map[Check]Severity{CheckBidiControl: SeverityOff}})
	if _, ok := off[CheckBidiControl]; ok || len(off) != len(def)-1 {
		t.Errorf("silenced bidi-control: %v", off)
	}
	if !HasErrors(Lint(s, Options{})) || HasErrors(Lint("http://h:80/", Options{})) {
		t.Error("HasErrors")
	}
	// In order of offset.
	vs := Lint(s, Options{})
	for i := 1; i < len(vs); i++ {
		if vs[i].Offset < vs[i-1].Offset {
			t.Errorf("not in order of offset: %v", vs)
		}
	}
}

func TestCheckNames(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Checks() {
		name := c.String()
		if seen[name] || name == "" || strings.HasPrefix(name, "Check(") {
			t.Errorf("check %d: name %q", c, name)
		}
		seen[name] = true
		if back, ok := ParseCheck(name); !ok || back != c {
			t.Errorf("ParseCheck(%q) = %v, %v", name, back, ok)
		}
		// The interop checks are off but in ProfileInterop.
		interop := c >= CheckInteropHost && c <= CheckInteropPath
		if c.Message() == "" || !strings.Contains(c.Message(), "RFC ") || (c.DefaultSeverity() == SeverityOff) != interop {
			t.Errorf("check %s: message %q, severity %v", c, c.Message(), c.DefaultSeverity())
		}
		if interop && (Options{Profile: ProfileInterop}).Severity(c) == SeverityOff {
			t.Errorf("check %s is off in ProfileInterop", c)
		}
	}
	for _, p := range []Profile{ProfileRFC3987, ProfileIURI, ProfileStrict, ProfileInterop} {
		if back, ok := ParseProfile(p.String()); !ok || back != p {
			t.Errorf("ParseProfile(%q)", p)
		}
	}
	b, err := json.Marshal(Lint("http://h:80/", Options{}))
	want := `[{"code":"default-port","severity":"info","offset":8,"length":3,"component":"port","message":` + fmt.Sprintf("%q", CheckDefaultPort.Message()) + `}]`
	if err != nil || string(b) != want {
		t.Errorf("JSON: %s, %v; want %s", b, err, want)
	}
	var v Violation
	if err := json.Unmarshal(b[1:len(b)-1], &v); err != nil || v.Check != CheckDefaultPort || v.Severity != SeverityInfo {
		t.Errorf("JSON round trip: %+v, %v", v, err)
	}
}

func TestLintAllocs(t *testing.T) {
	dst := make([]Violation, 0, 8)
	for _, s := range []string{
		"https://www.example.org/a/b?c=d&e=f#g",
		"https://ru.wikipedia.org/wiki/Москва",
		"http://www.example.org/r%C3%A9sum%C3%A9.html",
		rtl("http://ab.example/CD/EF?G=H", arabic),
		"http://h:80/",       // a violation, into dst's room
		"https://2csi.com/x", // a host that starts like a number
		"http://例え.テスト/パス",   // IDNA decided from the table
		"https://ja.wikipedia.org/wiki/東京都#歴史",
		"http://xn--mnchen-3ya.de/",                                   // the U-label from the stack
		"http://xn--wgv71a119e.xn--zckzah/",                           // 日本語.テスト
		"http://xn--80aeeabcbbdxbgzehlbkdagihegz1ad2p1f4di.xn--p1ai/", // a long A-label (Cyrillic)
		"http://m%C3%BCnchen.de/",
	} {
		if n := testing.AllocsPerRun(100, func() { dst = AppendViolations(dst[:0], s) }); n != 0 {
			t.Errorf("AppendViolations(%q) allocates %v times", s, n)
		}
	}
}

// The generated property table against x/text and charCheck, for every
// code point.
func TestRuneProps(t *testing.T) {
	for c := rune(0x80); c < 0x110000; c++ {
		if 0xD800 <= c && c <= 0xDFFF {
			continue
		}
		var want uint8
		bp, _ := bidi.LookupRune(c)
		switch bp.Class() {
		case bidi.R, bidi.AL:
			want |= runeprops.PropRTL
		case bidi.L:
			want |= runeprops.PropL
		case bidi.EN, bidi.AN:
			want |= runeprops.PropNum
		case bidi.NSM:
			want |= runeprops.PropNSM
		}
		b := utf8.AppendRune(nil, c)
		if !norm.NFC.IsNormal(b) || norm.NFC.QuickSpan(b) != len(b) || norm.NFC.Properties(b).CCC() != 0 {
			want |= runeprops.PropNFC
		}
		if !norm.NFKC.IsNormal(b) || norm.NFKC.QuickSpan(b) != len(b) || norm.NFKC.Properties(b).CCC() != 0 {
			want |= runeprops.PropNFKC
		}
		if charCheck(c, true) != 0 {
			want |= runeprops.PropAttn
		}
		if idnaPlainRune(c, bp.Class()) {
			want |= runeprops.PropIDNA
		}
		if got := runeprops.Of(c); got != want {
			t.Fatalf("runeprops.Of(%U) = %#02x, want %#02x", c, got, want)
		}
	}
}

// idnaPlainRune is what runeprops.PropIDNA says, from x/net/idna itself: c
// round-trips after a letter, and is no mark, joiner or right-to-left
// character (which have rules about their place).
func idnaPlainRune(c rune, class bidi.Class) bool {
	if unicode.In(c, unicode.M) || c == 0x200C || c == 0x200D || class == bidi.R || class == bidi.AL || class == bidi.AN {
		return false
	}
	a, err := idna.Lookup.ToASCII("a" + string(c))
	if err != nil {
		return false
	}
	u, err := idna.Lookup.ToUnicode(a)
	return err == nil && u == "a"+string(c)
}

// TestIDNAPlainHost checks the quick IDNA verdict against x/net/idna on
// hosts built from the characters it accepts and from its edge cases:
// where it says yes, IDNA lookup must accept.
func TestIDNAPlainHost(t *testing.T) {
	hosts := []string{
		"例え.jp", "bücher.example", "xn--bcher-kva.example", "a..b", "a.", "-a.b", "a-.b", "ab--c.d",
		"ab-c.d", "a_b.c", "日本語.テスト.", "ｅxample.com", "Ａ.com", "москва.рф", "ελλάδα.gr", "ᄀ\u1161.kr",
	}
	// Every PropIDNA character, in labels of eight.
	var label []rune
	for c := rune(0x80); c < 0x110000; c++ {
		if runeprops.Of(c)&(runeprops.PropIDNA|runeprops.PropNFC) == runeprops.PropIDNA {
			if label = append(label, c); len(label) == 8 {
				hosts = append(hosts, "x"+string(label)+".example")
				label = label[:0]
			}
		}
	}
	fast := 0
	for _, h := range hosts {
		if !idnaPlainHost(h) {
			continue
		}
		fast++
		if _, err := idna.Lookup.ToASCII(h); err != nil {
			t.Errorf("idnaPlainHost(%q) = true, but IDNA lookup fails: %v", h, err)
		}
	}
	if fast < len(hosts)/2 {
		t.Errorf("idnaPlainHost accepts only %d of %d hosts", fast, len(hosts))
	}
}

func TestLintRule(t *testing.T) {
	vs := Lint("a/b", Options{Rule: iri.RuleIRI})
	if len(vs) != 1 || vs[0].Check != CheckSyntax || vs[0].Severity != SeverityError || !strings.Contains(vs[0].Message, "invalid IRI at") {
		t.Errorf("Lint(a/b, RuleIRI) = %v, want one syntax error naming IRI", vs)
	}
	if vs := Lint("a/b", Options{}); len(vs) != 0 {
		t.Errorf("Lint(a/b) = %v, want nothing: IRI-reference is the default", vs)
	}
}

// A character is reported once, under the check that names what it is.
func TestLintOnce(t *testing.T) {
	he := func(s string) string { return rtl(s, hebrew) }
	for _, tc := range []struct {
		in   string
		want []Check
	}{
		{"http://h/a\u200Fb", []Check{CheckBidiControl}},     // not also mixed: RLM is R
		{he("http://h/\u200EAB"), []Check{CheckBidiControl}}, // not also at the edge
		{he("http://h/AB\u200E"), []Check{CheckBidiControl}},
		{he("http://h/A\u061CB"), []Check{CheckBidiIsolate}}, // ALM
		{"http://h/\uFF21", []Check{CheckFullwidth}},         // not also not-nfkc
		{"http://h/\uFF71", []Check{CheckHalfwidth}},
		{"http://h/a\u0340", []Check{CheckDeprecatedDisplay}}, // not also not-nfc
		{"http://xn--abc-.example/", []Check{CheckHostIDNA}},  // an A-label that is no Punycode
	} {
		var got []Check
		for _, v := range Lint(tc.in, Options{}) {
			got = append(got, v.Check)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Lint(%+q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	// Silenced, the character check leaves the normalization one to say it.
	o := Options{Severities: map[Check]Severity{CheckFullwidth: SeverityOff}}
	if vs := Lint("http://h/\uFF21", o); len(vs) != 1 || vs[0].Check != CheckNotNFKC {
		t.Errorf("Lint with fullwidth off = %v, want not-nfkc", vs)
	}
}

func TestHasACELabel(t *testing.T) {
	for h, want := range map[string]bool{
		"xn--mnchen-3ya.de": true, "www.XN--mnchen-3ya.de": true, "a.b.xn--p1ai": true, "xn--": true,
		"": false, "example.org": false, "my--site.org": false, "axn--b.org": false, "x-n--b.org": false,
		"a--b.xn-c.org": false, "n--a.org": false, "a.xn-.org": false,
	} {
		if got := hasACELabel(h); got != want {
			t.Errorf("hasACELabel(%q) = %v", h, got)
		}
	}
}

func TestSchemeKind(t *testing.T) {
	for s, want := range map[string]int{
		"http": schemeHTTP, "HTTPS": schemeHTTP, "hTtP": schemeHTTP, "ws": schemeWS, "WSS": schemeWS,
		"ftp": schemeFTP, "File": schemeFile, "MAILTO": schemeMailto, "urn": schemeURN,
		"": schemeOther, "h": schemeOther, "htt": schemeOther, "https2": schemeOther, "http+x": schemeOther,
		"mailtox": schemeOther, "ftps": schemeOther, "urn.x": schemeOther, "w-s": schemeOther,
	} {
		// Alone, and followed by more than a word's worth.
		for _, t2 := range []string{s, s + "://example.org/"} {
			if got := schemeKind(t2, len(s)); got != want {
				t.Errorf("schemeKind(%q, %d) = %d, want %d", t2, len(s), got, want)
			}
		}
	}
}

// The examples of RFC 6068 6 lint clean: quoted local parts, encoded
// backslashes and quotes, headers, an empty path.
func TestLintMailtoExamples(t *testing.T) {
	for _, s := range []string{
		"mailto:chris@example.com",
		"mailto:infobot@example.com?subject=current-issue",
		"mailto:infobot@example.com?body=send%20current-issue",
		"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
		"mailto:majordomo@example.com?body=subscribe%20bamboo-l",
		"mailto:joe@example.com?cc=bob@example.com&body=hello",
		"mailto:?to=addr1@an.example,addr2@an.example",
		"mailto:addr1@an.example,addr2@an.example",
		"mailto:%22not%40me%22@example.org",
		"mailto:%22oh%5C%5Cno%22@example.org",
		"mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
		"mailto:user@example.org?subject=caf%C3%A9",
		"mailto:Mike%26family@example.org",
	} {
		if vs := Lint(s, Options{}); len(vs) != 0 {
			t.Errorf("Lint(%q) = %v, want none", s, vs)
		}
	}
}

// TestPlainHTTP checks the shortcut of Lint's run: where plainHTTP holds,
// authority and schemeRules report nothing. It must hold on the common
// shape, and fail on each thing that would be reported (with every
// check at error severity, so that none is silenced).
func TestPlainHTTP(t *testing.T) {
	all := map[Check]Severity{}
	for _, c := range Checks() {
		all[c] = SeverityError
	}
	plain := func(s string) (bool, []Violation) {
		l := linter{o: Options{Severities: all}}
		l.u.s = s
		inplace.Scan(&l.u.r, s, scanner.IRIReference, scanner.AllowBidi)
		if !l.u.r.OK() {
			t.Fatalf("%q does not scan", s)
		}
		nonASCII, dash := hostBytes(s, int(l.u.r.HostStart), int(l.u.r.HostEnd))
		l.hostNoDash = !nonASCII && !dash
		ok := l.plainHTTP(nonASCII)
		l.authority(nonASCII)
		l.schemeRules()
		return ok, l.dst
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"https://example.com/a", true},
		{"HTTP://example.com", true},
		{"http://[::1]/", true},
		{"https://user@example.com/", false},    // userinfo
		{"https://example.com:443/", false},     // a port
		{"https://example.com:/", false},        // an empty one
		{"https://0x7f.1/", false},              // a rare IPv4 form
		{"https://xn--caf-dma.example/", false}, // an A-label
		{"https://ex%41mple.com/", false},       // '%' in the host
		{"https://b\u00fccher.example/", false}, // not ASCII
		{"http:///path", false},                 // no host
		{"https:/path", false},                  // no authority
		{"ftp://example.com/", false},           // another scheme
		{"httpx://example.com/", false},         // not http
		{"ws://example.com/#f", false},          // a fragment on ws
		{"//example.com/", false},               // no scheme
		{"https://example.com/%2e%2e/", false},  // '%' anywhere
		{"https://-.example/", false},           // a leading '-'
		{"mailto://example.com", false},         // mailto with authority
	} {
		ok, vs := plain(tc.s)
		if ok != tc.want {
			t.Errorf("plainHTTP(%q) = %v, want %v", tc.s, ok, tc.want)
		}
		if ok && len(vs) > 0 {
			t.Errorf("plainHTTP(%q) holds, but authority and schemeRules report %v", tc.s, vs)
		}
	}
	// On the corpora too.
	n := 0
	for _, name := range []string{"wiki_iris_7lang.txt", "kasztp.txt", "geonamesjp_iris.txt"} {
		for _, s := range corpus.Lines(t, name) {
			if !utf8.ValidString(s) || !scanner.Valid(s, scanner.IRIReference, scanner.AllowBidi) {
				continue
			}
			if ok, vs := plain(s); ok {
				n++
				if len(vs) > 0 {
					t.Errorf("plainHTTP(%q) holds, but authority and schemeRules report %v", s, vs)
				}
			}
		}
	}
	if n == 0 {
		t.Error("plainHTTP holds on no corpus line")
	}
}

// Lint reads a host as a resolver does, labels ending at the RFC 3490
// separators too, and reports the percent-encoded separators and
// look-alikes as it reports the raw ones.
func TestLintSeparatorsAndEncodedLookalikes(t *testing.T) {
	tests := []struct {
		in   string
		want []string // "check@offset+length"
	}{
		{"http://trusted.com%EF%BC%8Eevil.com/", []string{"encoded-authority-delimiter@18+9"}},
		{"http://a%e3%80%82b/", []string{"encoded-authority-delimiter@8+9"}},
		{"http://a%EF%BD%A1b/", []string{"encoded-authority-delimiter@8+9"}},
		{"http://h/a%E2%88%95b", []string{"delimiter-lookalike@10+9"}},
		{"http://h/a%EF%BC%8Fb", []string{"fullwidth@10+9"}},
		{"http://h/a%E2%80%83b", []string{"space-like@10+9"}},
		// Each label is checked on its own: the Cyrillic а mixes scripts
		// in "pаypal" only, which ends at U+FF0E as at '.'.
		{"http://p\u0430ypal%EF%BC%8Ecom/", []string{"mixed-script@7+7", "encoded-authority-delimiter@14+9"}},
	}
	for _, tt := range tests {
		var got []string
		for _, v := range Lint(tt.in, Options{}) {
			got = append(got, v.Check.String()+"@"+strconv.Itoa(v.Offset)+"+"+strconv.Itoa(v.Length))
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("Lint(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// The bidi controls Display strips and the bidi rules skip are the
// characters of CheckBidiControl and CheckBidiIsolate.
func TestBidiControlsAreTheChecks(t *testing.T) {
	for r := rune(0x80); r < 0x110000; r++ {
		c := charCheck(r, false)
		if want := c == CheckBidiControl || c == CheckBidiIsolate; runeprops.IsBidiControl(r) != want {
			t.Errorf("IsBidiControl(%U) = %v, but charCheck gives %v", r, !want, c)
		}
		if want := c == CheckBidiControl; runeprops.IsBidiFormatting(r) != want {
			t.Errorf("IsBidiFormatting(%U) = %v, but charCheck gives %v", r, !want, c)
		}
	}
}

// The text forms of Check and Severity refuse unknown names, saying so.
func TestUnmarshalUnknown(t *testing.T) {
	var c Check
	if err := c.UnmarshalText([]byte("no-such-check")); err == nil || !strings.HasPrefix(err.Error(), "lint: unknown lint check") {
		t.Errorf("Check.UnmarshalText: %v", err)
	}
	var s Severity
	if err := s.UnmarshalText([]byte("fatal")); err == nil || !strings.HasPrefix(err.Error(), "lint: unknown severity") {
		t.Errorf("Severity.UnmarshalText: %v", err)
	}
	if err := c.UnmarshalText([]byte("bidi-mixed")); err != nil || c != CheckBidiMixed {
		t.Errorf("Check.UnmarshalText(bidi-mixed) = %v, %v", c, err)
	}
}
