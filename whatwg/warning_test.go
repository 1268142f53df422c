package whatwg

import (
	"slices"
	"strings"
	"testing"
)

// Each validation error of the standard's table, on the examples the
// table gives (URL Standard 1.2): a warning, or the failure that ends
// parsing, at the byte where the parser finds it.
func TestValidationErrorExamples(t *testing.T) {
	for _, tc := range []struct {
		base, in string
		kind     Kind
		offset   int
		failure  bool
	}{
		{"", "https://exa%23mple.org", DomainToASCII, 8, true},
		{"", "https://exam%70le.org", DomainPercentEncoded, 8, false},
		{"", "foo://exa[mple.org", HostInvalidCodePoint, 9, true},
		{"", "https://127.0.0.1./", IPv4EmptyPart, 8, false},
		{"", "https://1.2.3/", IPv4TooFewParts, 8, false},
		{"", "https://1.2.3.4.5/", IPv4TooManyParts, 8, true},
		{"", "https://test.42", IPv4NonNumericPart, 8, true},
		{"", "https://127.0.0x0.1", IPv4NonDecimalPart, 8, false},
		{"", "https://255.255.4000.1", IPv4OutOfRangePart, 8, true},
		{"", "https://[::1", IPv6Unclosed, 8, true},
		{"", "https://[:1]", IPv6InvalidCompression, 9, true},
		{"", "https://[1:2:3:4:5:6:7:8:9]", IPv6TooManyPieces, 25, true},
		{"", "https://[1::1::1]", IPv6MultipleCompression, 14, true},
		{"", "https://[1:2:3!:4]", IPv6InvalidCodePoint, 14, true},
		{"", "https://[1:2:3:]", IPv6InvalidCodePoint, 15, true},
		{"", "https://[1:2:3]", IPv6TooFewPieces, 14, true},
		{"", "https://[::01]", IPv6PieceLeadingZero, 11, false},
		{"", "https://[1:1:1:1:1:1:1:127.0.0.1]", IPv4InIPv6TooManyPieces, 23, true},
		{"", "https://[ffff::.0.0.1]", IPv4InIPv6InvalidCodePoint, 15, true},
		{"", "https://[ffff::127.0.xyz.1]", IPv4InIPv6InvalidCodePoint, 21, true},
		{"", "https://[ffff::127.0xyz]", IPv4InIPv6InvalidCodePoint, 20, true},
		{"", "https://[ffff::127.00.0.1]", IPv4InIPv6InvalidCodePoint, 20, true},
		{"", "https://[ffff::127.0.0.1.2]", IPv4InIPv6InvalidCodePoint, 24, true},
		{"", "https://[ffff::127.0.0.4000]", IPv4InIPv6OutOfRangePart, 25, true},
		{"", "https://[ffff::127.0.0]", IPv4InIPv6TooFewParts, 22, true},
		{"", "https://example.org/>", InvalidURLUnit, 20, false},
		{"", " https://example.org ", InvalidURLUnit, 0, false},
		{"", "ht\ttps://example.org", InvalidURLUnit, 2, false},
		{"", "https://example.org/%s", InvalidURLUnit, 20, false},
		{"", "file:c:/my-secret-folder", SpecialSchemeMissingFollowingSolidus, 5, false},
		{"", "https:example.org", SpecialSchemeMissingFollowingSolidus, 6, false},
		{"", "example", MissingSchemeNonRelativeURL, 0, true},
		{"", `https://example.org\path\to\file`, InvalidReverseSolidus, 19, false},
		{"", "https://user@example.org", InvalidCredentials, 12, false},
		{"", "ssh://user@example.org", InvalidCredentials, 10, false},
		{"", "https://#fragment", HostMissing, 8, true},
		{"", "https://:443", HostMissing, 8, true},
		{"", "https://user:pass@", HostMissing, 18, true},
		{"", "https://example.org:70000", PortOutOfRange, 20, true},
		{"", "https://example.org:7z", PortInvalid, 21, true},
		{"file:///c:/", "c|/path/to/file", FileInvalidWindowsDriveLetter, 0, false},
		{"", "file://c:", FileInvalidWindowsDriveLetterHost, 7, false},
	} {
		var u URL
		var err error
		if tc.base == "" {
			u, err = Parse(tc.in)
		} else {
			base, berr := Parse(tc.base)
			if berr != nil {
				t.Fatal(berr)
			}
			u, err = base.Parse(tc.in)
		}
		if tc.failure {
			e, ok := err.(*Error)
			if !ok || e.Kind != tc.kind || e.Offset != tc.offset || e.Input != tc.in {
				t.Errorf("%q: %v, want failure %v at %d", tc.in, err, tc.kind, tc.offset)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v, want warning %v", tc.in, err, tc.kind)
			continue
		}
		if !slices.Contains(u.Warnings(), Warning{tc.kind, tc.offset}) {
			t.Errorf("%q: warnings %v, want %v at %d", tc.in, u.Warnings(), tc.kind, tc.offset)
		}
	}
}

// A valid URL string has no warning, and every kind has its name.
func TestNoWarnings(t *testing.T) {
	for _, in := range []string{"https://example.com/", "https://example.com/a/b?c=d#e", "file:///C:/x", "mailto:a@b.example", "foo://h:1/p", "http://[::1]:8080/", "http://127.0.0.1/"} {
		u, err := Parse(in)
		if err != nil || u.Warnings() != nil {
			t.Errorf("%q: %v %v", in, u.Warnings(), err)
		}
	}
	for k := Kind(1); k < numKinds; k++ {
		name := k.String()
		if back, ok := ParseKind(name); !ok || back != k || name == "" {
			t.Errorf("kind %d: name %q", k, name)
		}
	}
}

// A label that goes through Punycode is refused past maxIDNLabel code
// points, the package's one bound beyond the standard; ASCII labels are
// not bounded.
func TestIDNLabelBound(t *testing.T) {
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{strings.Repeat("é", maxIDNLabel), true},
		{strings.Repeat("é", maxIDNLabel+1), false},
		{"a." + strings.Repeat("é", maxIDNLabel+1) + ".b", false},
		{strings.Repeat("é", maxIDNLabel) + "\u3002" + strings.Repeat("é", maxIDNLabel), true},
		{"é." + strings.Repeat("a", 1000), true},
		{"é.xn--" + strings.Repeat("a", 1000), false},
		{strings.Repeat("a", 100000) + ".com", true},
	} {
		u, err := Parse("https://" + tc.host + "/")
		if (err == nil) != tc.ok {
			t.Errorf("%d-byte host: %v, want ok %v", len(tc.host), err, tc.ok)
		}
		if e, isErr := err.(*Error); isErr && e.Kind != DomainToASCII {
			t.Errorf("%d-byte host: %v", len(tc.host), err)
		}
		if err == nil && u.HostKind() != HostDomain {
			t.Errorf("%d-byte host: kind %v", len(tc.host), u.HostKind())
		}
	}
}

// The zero URL's getters return "", and it is no base.
func TestZeroURL(t *testing.T) {
	var u URL
	for name, got := range map[string]string{
		"Href": u.Href(), "Protocol": u.Protocol(), "Scheme": u.Scheme(), "Username": u.Username(), "Password": u.Password(),
		"Host": u.Host(), "Hostname": u.Hostname(), "Port": u.Port(), "Pathname": u.Pathname(), "Search": u.Search(),
		"Hash": u.Hash(), "Origin": u.Origin(), "String": u.String(),
	} {
		if got != "" {
			t.Errorf("%s: %q", name, got)
		}
	}
	if _, ok := u.Query(); ok {
		t.Error("Query present")
	}
	if _, ok := u.Fragment(); ok {
		t.Error("Fragment present")
	}
	if _, ok := u.PortNumber(); ok || u.IP().IsValid() || u.Warnings() != nil || u.HasCredentials() {
		t.Error("the zero URL has a port, an IP, warnings or credentials")
	}
	if _, err := u.Parse("a"); err == nil {
		t.Error(`zero.Parse("a") parses`)
	}
	if v, err := u.Parse("http://h/"); err != nil || v.Href() != "http://h/" {
		t.Errorf(`zero.Parse("http://h/") = %q, %v`, v.Href(), err)
	}
	if _, err := (Parser{}).Parse("a", &u); err == nil {
		t.Error(`Parser.Parse("a", &zero) parses`)
	}
}
