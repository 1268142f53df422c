package scan

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/irikit/iri/tables"
)

// RFC 3986 section 3.2.2, transcribed as regexps independently of ip.go.
const (
	reH16      = `[0-9A-Fa-f]{1,4}`
	reDecOctet = `(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])`
	reIPv4     = reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet
	reLs32     = `(?:` + reH16 + `:` + reH16 + `|` + reIPv4 + `)`
)

// h16c is "h16 ':'" repeated; upTo is "[ *n( h16 ":" ) h16 ]".
func h16c(n int) string { return strings.Repeat(reH16+`:`, n) }
func upTo(n int) string {
	return `(?:(?:` + reH16 + `:){0,` + string(rune('0'+n)) + `}` + reH16 + `)?`
}

// The nine alternatives of IPv6address, in the RFC's order.
var ipv6Alternatives = []string{
	h16c(6) + reLs32,                          //                            6( h16 ":" ) ls32
	`::` + h16c(5) + reLs32,                   //                       "::" 5( h16 ":" ) ls32
	`(?:` + reH16 + `)?::` + h16c(4) + reLs32, // [               h16 ] "::" 4( h16 ":" ) ls32
	upTo(1) + `::` + h16c(3) + reLs32,         // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
	upTo(2) + `::` + h16c(2) + reLs32,         // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
	upTo(3) + `::` + reH16 + `:` + reLs32,     // [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
	upTo(4) + `::` + reLs32,                   // [ *4( h16 ":" ) h16 ] "::"              ls32
	upTo(5) + `::` + reH16,                    // [ *5( h16 ":" ) h16 ] "::"              h16
	upTo(6) + `::`,                            // [ *6( h16 ":" ) h16 ] "::"
}

var (
	ipv6RE      = regexp.MustCompile(`^(?:` + strings.Join(ipv6Alternatives, `|`) + `)$`)
	ipv4RE      = regexp.MustCompile(`^` + reIPv4 + `$`)
	ipvFutureRE = regexp.MustCompile(`^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$`)
)

// An oracle decides, from a regexp of the ABNF, whether a prefix can still
// be completed to a match. Viability is decided by trying completions; for
// these grammars a short list suffices: finish an h16 or octet, add "::",
// or finish an IPv4address or IPvFuture. Answers are memoized.
type oracle struct {
	re          *regexp.Regexp
	completions []string
	memo        map[string]bool
}

func newOracle(re *regexp.Regexp, completions []string) *oracle {
	return &oracle{re, completions, map[string]bool{}}
}

func (o *oracle) viable(p string) bool {
	if v, ok := o.memo[p]; ok {
		return v
	}
	v := false
	for _, c := range o.completions {
		if o.re.MatchString(p + c) {
			v = true
			break
		}
	}
	o.memo[p] = v
	return v
}

// firstOffending returns the offset of the first byte of s that cannot
// continue a match ("the first byte that cannot continue one"), or len(s)
// when s is a proper prefix of one. Viability only ever goes from true to
// false along s, so a binary search finds the boundary.
func (o *oracle) firstOffending(s string) int {
	lo, hi := 1, len(s)+1 // find the smallest m with !viable(s[:m])
	for lo < hi {
		m := (lo + hi) / 2
		if o.viable(s[:m]) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

// walkViable calls f on every string over alphabet of length <= max that
// is a viable prefix or has one as its parent: the whole tree of the
// grammar's prefixes, plus the first byte off it on every branch.
func (o *oracle) walkViable(prefix, alphabet string, max int, f func(string)) {
	f(prefix)
	if len(prefix) >= max || !o.viable(prefix) {
		return
	}
	for i := 0; i < len(alphabet); i++ {
		o.walkViable(prefix+alphabet[i:i+1], alphabet, max, f)
	}
}

var (
	ipv6Oracle = newOracle(ipv6RE, []string{"", "0", ":", "::", ":0", "::0", "0:0", ":0:0",
		".0", ".0.0", ".0.0.0", "0.0", "0.0.0", "0.0.0.0", ":0.0.0.0", "::0.0.0.0"})
	ipv4Oracle      = newOracle(ipv4RE, []string{"", "0", ".0", ".0.0", ".0.0.0", "0.0", "0.0.0", "0.0.0.0"})
	ipvFutureOracle = newOracle(ipvFutureRE, []string{"", "x", "0", ".x", "0.x"})
)

// RFC 3986 3.2.2: valid examples of each of the nine IPv6address forms,
// with the embedded IPv4address in every position the ABNF allows it.
var ipv6Valid = []struct{ form, s string }{
	{"6( h16 \":\" ) ls32", "1:2:3:4:5:6:7:8"},
	{"6( h16 \":\" ) ls32", "2001:0db8:85a3:0000:0000:8a2e:0370:7334"},
	{"6( h16 \":\" ) ls32", "FFFF:ffff:FfFf:0:00:000:0000:abcd"},
	{"6( h16 \":\" ) ls32 with IPv4", "1:2:3:4:5:6:1.2.3.4"},
	{"6( h16 \":\" ) ls32 with IPv4", "0:0:0:0:0:ffff:255.255.255.255"},
	{"\"::\" 5( h16 \":\" ) ls32", "::1:2:3:4:5:6:7"},
	{"\"::\" 5( h16 \":\" ) ls32 with IPv4", "::1:2:3:4:5:1.2.3.4"},
	{"[ h16 ] \"::\" 4( h16 \":\" ) ls32", "1::2:3:4:5:6:7"},
	{"[ h16 ] \"::\" 4( h16 \":\" ) ls32", "::2:3:4:5:6:7"},
	{"[ h16 ] \"::\" 4( h16 \":\" ) ls32 with IPv4", "1::2:3:4:5:1.2.3.4"},
	{"[ *1( h16 \":\" ) h16 ] \"::\" 3( h16 \":\" ) ls32", "1:2::3:4:5:6:7"},
	{"[ *1( h16 \":\" ) h16 ] \"::\" 3( h16 \":\" ) ls32 with IPv4", "1:2::3:4:5:1.2.3.4"},
	{"[ *2( h16 \":\" ) h16 ] \"::\" 2( h16 \":\" ) ls32", "1:2:3::4:5:6:7"},
	{"[ *2( h16 \":\" ) h16 ] \"::\" 2( h16 \":\" ) ls32 with IPv4", "1:2:3::4:5:1.2.3.4"},
	{"[ *3( h16 \":\" ) h16 ] \"::\" h16 \":\" ls32", "1:2:3:4::5:6:7"},
	{"[ *3( h16 \":\" ) h16 ] \"::\" h16 \":\" ls32 with IPv4", "1:2:3:4::5:1.2.3.4"},
	{"[ *3( h16 \":\" ) h16 ] \"::\" h16 \":\" ls32 with IPv4", "::ffff:192.0.2.1"},
	{"[ *4( h16 \":\" ) h16 ] \"::\" ls32", "1:2:3:4:5::6:7"},
	{"[ *4( h16 \":\" ) h16 ] \"::\" ls32 with IPv4", "1:2:3:4:5::1.2.3.4"},
	{"[ *4( h16 \":\" ) h16 ] \"::\" ls32 with IPv4", "::1.2.3.4"},
	{"[ *4( h16 \":\" ) h16 ] \"::\" ls32", "::1:2"},
	{"[ *5( h16 \":\" ) h16 ] \"::\" h16", "1:2:3:4:5:6::7"},
	{"[ *5( h16 \":\" ) h16 ] \"::\" h16", "::1"},
	{"[ *5( h16 \":\" ) h16 ] \"::\" h16", "fe80::1"},
	{"[ *6( h16 \":\" ) h16 ] \"::\"", "1:2:3:4:5:6:7::"},
	{"[ *6( h16 \":\" ) h16 ] \"::\"", "1::"},
	{"[ *6( h16 \":\" ) h16 ] \"::\"", "::"},
	{"RFC 3986 1.1.2 ldap example", "2001:db8::7"},
}

// RFC 3986 3.2.2: strings that are no IPv6address, with the offset of the
// first byte that cannot continue one (len when they end too soon).
var ipv6Invalid = []struct {
	why string
	s   string
	bad int
}{
	{"empty", "", 0},
	{"nine pieces", "1:2:3:4:5:6:7:8:9", 15},
	{"eight pieces and a trailing ':'", "1:2:3:4:5:6:7:8:", 15},
	{"eight pieces and \"::\"", "1:2:3:4:5:6:7:8::", 15},
	{"eight pieces around \"::\"", "1:2:3:4:5:6:7::8", 15},
	{"eight pieces around \"::\"", "1::2:3:4:5:6:7:8", 14},
	{"seven pieces, no \"::\"", "1:2:3:4:5:6:7", 13},
	{"two \"::\"", "1::2::3", 5},
	{"two \"::\"", "::1::", 4},
	{"five hex digits", "12345::", 4},
	{"five hex digits", "::12345", 6},
	{"\":::\"", ":::", 2},
	{"\":::\" inside", "1:::2", 3},
	{"leading single colon", ":1::", 1},
	{"leading single colon", ":1:2:3:4:5:6:7", 1},
	{"trailing single colon", "1::2:", 5},
	{"trailing single colon", "1:2:3:4:5:6:7:", 14},
	{"IPv4 not at the end", "1.2.3.4::", 1},
	{"IPv4 not at the end", "::1.2.3.4:1", 9},
	{"IPv4 after five pieces, no \"::\"", "1:2:3:4:5:1.2.3.4", 11},
	{"IPv4 after seven pieces", "1:2:3:4:5:6:7:1.2.3.4", 15},
	{"IPv4 with \"::\" and six pieces", "1:2:3:4:5:6::1.2.3.4", 14},
	{"IPv4 with \"::\" and six pieces", "::1:2:3:4:5:6:1.2.3.4", 15},
	{"IPv4 with leading zero", "::01.2.3.4", 4},
	{"IPv4 with leading zero in last octet", "::1.2.3.04", 9},
	{"IPv4 octet above 255", "::256.1.1.1", 5},
	{"IPv4 octet above 255", "::1.1.1.256", 10},
	{"IPv4 with three octets", "::1.2.3", 7},
	{"IPv4 with five octets", "::1.2.3.4.5", 9},
	{"zone id", "fe80::1%25eth0", 7},
	{"non-hex", "::g", 2},
	{"lone h16", "1", 1},
	{"lone ':'", ":", 1},
}

func TestCheckIPv6(t *testing.T) {
	for _, tt := range ipv6Valid {
		if got := checkIPv6(tt.s); got != -1 {
			t.Errorf("checkIPv6(%q) (RFC 3986 3.2.2 %s) = %d, want -1", tt.s, tt.form, got)
		}
		if !ipv6RE.MatchString(tt.s) {
			t.Errorf("oracle regexp rejects %q (%s)", tt.s, tt.form)
		}
	}
	for _, tt := range ipv6Invalid {
		if ipv6RE.MatchString(tt.s) {
			t.Errorf("oracle regexp accepts %q (%s)", tt.s, tt.why)
		}
		if want := ipv6Oracle.firstOffending(tt.s); want != tt.bad {
			t.Errorf("test table: first offending byte of %q is %d per the oracle, table says %d", tt.s, want, tt.bad)
		}
		if got := checkIPv6(tt.s); got != tt.bad {
			t.Errorf("checkIPv6(%q) (RFC 3986 3.2.2: %s) = %d, want %d", tt.s, tt.why, got, tt.bad)
		}
	}
}

// ipv6Strings generates candidate strings: groups joined by ':' (an empty
// group next to ':' makes "::"), exhaustively for small shapes and at
// random for longer ones, plus every string over a tiny alphabet.
func ipv6Strings() []string {
	var out []string
	var join func(prefix string, k int, groups []string)
	join = func(prefix string, k int, groups []string) {
		if k == 0 {
			out = append(out, prefix)
			return
		}
		for _, g := range groups {
			p := g
			if prefix != "" || k == -1 {
				p = prefix + ":" + g
			}
			join(p, k-1, groups)
		}
	}
	small := []string{"", "1", "1.2.3.4"}
	for k := 1; k <= 9; k++ {
		for _, first := range small {
			join(first, k-1, small)
		}
	}
	mid := []string{"", "0", "abcd", "FFFF", "12345", "1.2.3.4", "255.255.255.255", "01.2.3.4", "1.2.3.256", "1.2.3", "g"}
	for k := 1; k <= 3; k++ {
		for _, first := range mid {
			join(first, k-1, mid)
		}
	}
	rng := rand.New(rand.NewPCG(3986, 322))
	for n := 0; n < 8000; n++ {
		k := 1 + rng.IntN(11)
		parts := make([]string, k)
		for i := range parts {
			parts[i] = mid[rng.IntN(len(mid))]
		}
		out = append(out, strings.Join(parts, ":"))
	}
	// Every viable prefix of length <= 8 over "0:.a", and the first
	// byte off each.
	ipv6Oracle.walkViable("", "0:.a", 8, func(s string) { out = append(out, s) })
	return out
}

// checkIPv6 accepts exactly the strings the nine ABNF alternatives match.
func TestCheckIPv6AgainstABNF(t *testing.T) {
	bad := 0
	strs := ipv6Strings()
	for _, s := range strs {
		got, want := checkIPv6(s) < 0, ipv6RE.MatchString(s)
		if got != want {
			bad++
			if bad <= 20 {
				t.Errorf("checkIPv6(%q) valid = %v, RFC 3986 3.2.2 ABNF says %v", s, got, want)
			}
		}
	}
	if bad > 20 {
		t.Errorf("... %d disagreements in all", bad)
	}
	t.Logf("%d strings checked", len(strs))
}

// The offset checkIPv6 returns for an invalid string is the first byte
// that cannot continue an IPv6address, as its doc says.
func TestCheckIPv6OffsetAgainstABNF(t *testing.T) {
	bad := 0
	seen := map[string]bool{}
	for k, s := range ipv6Strings() {
		// Every third string keeps the test quick under -race.
		if k%3 != 0 || seen[s] || ipv6RE.MatchString(s) {
			continue
		}
		seen[s] = true
		got := checkIPv6(s)
		if got < 0 {
			continue // reported by TestCheckIPv6AgainstABNF
		}
		if want := ipv6Oracle.firstOffending(s); got != want {
			bad++
			if bad <= 15 {
				t.Errorf("checkIPv6(%q) = %d, want %d (first byte that cannot continue an IPv6address)", s, got, want)
			}
		}
	}
	if bad > 15 {
		t.Errorf("... %d wrong offsets in all", bad)
	}
}

// RFC 3986 3.2.2 IPv4address and dec-octet.
func TestCheckIPv4(t *testing.T) {
	tests := []struct {
		s   string
		bad int // -1 when valid
	}{
		{"0.0.0.0", -1}, {"1.2.3.4", -1}, {"255.255.255.255", -1}, {"192.0.2.16", -1},
		{"9.99.199.249", -1}, {"100.200.250.10", -1},
		{"", 0}, {"1", 1}, {"1.2.3", 5}, {"1.2.3.", 6}, {"1.2.3.4.", 7}, {"1.2.3.4.5", 7},
		{"01.2.3.4", 1}, {"1.02.3.4", 3}, {"1.2.3.00", 7}, {"256.1.1.1", 2}, {"1.1.1.256", 8},
		{"300.1.1.1", 2}, {"260.1.1.1", 2}, {"1000.1.1.1", 3}, {"1..2.3", 2}, {".1.2.3", 0},
		{"1.2.3.4a", 7}, {"a.2.3.4", 0}, {"1.2.3.4 ", 7},
	}
	for _, tt := range tests {
		if got := checkIPv4(tt.s); got != tt.bad {
			t.Errorf("checkIPv4(%q) = %d, want %d", tt.s, got, tt.bad)
		}
		if got, want := isIPv4(tt.s), tt.bad < 0; got != want {
			t.Errorf("isIPv4(%q) = %v, want %v", tt.s, got, want)
		}
		if tt.bad >= 0 {
			if want := ipv4Oracle.firstOffending(tt.s); want != tt.bad {
				t.Errorf("test table: first offending byte of %q is %d per the oracle, table says %d", tt.s, want, tt.bad)
			}
		}
	}
	// Every viable prefix over "01256." of up to seven bytes, and
	// the first byte off each: validity and offset agree with the
	// dec-octet ABNF.
	check := func(s string) {
		valid := ipv4RE.MatchString(s)
		got := checkIPv4(s)
		if (got < 0) != valid {
			t.Errorf("checkIPv4(%q) = %d, ABNF valid = %v", s, got, valid)
		} else if !valid {
			if want := ipv4Oracle.firstOffending(s); got != want {
				t.Errorf("checkIPv4(%q) = %d, want %d", s, got, want)
			}
		}
		if isIPv4(s) != valid {
			t.Errorf("isIPv4(%q) = %v, ABNF valid = %v", s, isIPv4(s), valid)
		}
	}
	ipv4Oracle.walkViable("", "01256.", 7, check)
	// Whole addresses from a few octets each, and a wrong fifth.
	octets := []string{"0", "00", "01", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "260", "300", "1000", ""}
	for _, a := range octets {
		for _, b := range []string{"0", "255", "256"} {
			for _, c := range octets {
				check(a + "." + b + ".1." + c)
				check("1." + a + "." + b + "." + c + ".1")
			}
		}
	}
}

// RFC 3986 3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func TestCheckIPvFuture(t *testing.T) {
	tests := []struct {
		s   string
		bad int
	}{
		{"v1.x", -1}, {"V1.x", -1}, {"v1a.x:y", -1}, {"vF.!$&'()*+,;=:-._~", -1}, {"v0123456789abcdef.0", -1},
		{"v", 1}, {"v.x", 1}, {"v1", 2}, {"v1.", 3}, {"v1x", 2}, {"vg.x", 1}, {"v12:x", 3},
		{"", 0}, {"x1.x", 0}, {"v1.x%41", 4}, {"v1.x/", 4}, {"v1.x]", 4}, {"v1.\u00e9", 3},
	}
	for _, tt := range tests {
		if got := checkIPvFuture(tt.s); got != tt.bad {
			t.Errorf("checkIPvFuture(%q) = %d, want %d", tt.s, got, tt.bad)
		}
		if valid := ipvFutureRE.MatchString(tt.s); valid != (tt.bad < 0) {
			t.Errorf("oracle regexp on %q = %v", tt.s, valid)
		} else if !valid {
			if want := ipvFutureOracle.firstOffending(tt.s); want != tt.bad {
				t.Errorf("test table: first offending byte of %q is %d per the oracle, table says %d", tt.s, want, tt.bad)
			}
		}
	}
	ipvFutureOracle.walkViable("v", "1a.x:", 8, func(s string) {
		valid := ipvFutureRE.MatchString(s)
		got := checkIPvFuture(s)
		if (got < 0) != valid {
			t.Errorf("checkIPvFuture(%q) = %d, ABNF valid = %v", s, got, valid)
		} else if !valid {
			if want := ipvFutureOracle.firstOffending(s); got != want {
				t.Errorf("checkIPvFuture(%q) = %d, want %d", s, got, want)
			}
		}
	})
}

// scanIPLiteral on "[...]" at the start of a host: the end, the kind, or
// the offset and code of the error.
func TestScanIPLiteral(t *testing.T) {
	tests := []struct {
		s    string
		end  int
		kind uint8
		bad  int
		code uint8
	}{
		{"[::1]", 5, HostIPv6, 0, tables.CodeOK},
		{"[::1]/x", 5, HostIPv6, 0, tables.CodeOK},
		{"[v1.x]", 6, HostIPvFuture, 0, tables.CodeOK},
		{"[V1a.x:y]", 9, HostIPvFuture, 0, tables.CodeOK},
		{"[::1", 0, 0, 4, tables.CodeIPLiteralEnd},
		{"[::1/", 0, 0, 4, tables.CodeIPLiteralEnd},
		{"[::1?", 0, 0, 4, tables.CodeIPLiteralEnd},
		{"[::1#", 0, 0, 4, tables.CodeIPLiteralEnd},
		{"[::1 ]", 0, 0, 4, tables.CodeIPLiteral},
		{"[::1%25eth0]", 0, 0, 4, tables.CodeIPLiteral},
		{"[]", 0, 0, 1, tables.CodeIPLiteral},
		{"[v.x]", 0, 0, 2, tables.CodeIPLiteral},
		{"[v1.]", 0, 0, 4, tables.CodeIPLiteral},
		{"[v1x]", 0, 0, 3, tables.CodeIPLiteral},
		{"[::1::2]", 0, 0, 5, tables.CodeIPLiteral},
		{"[[::1]]", 0, 0, 1, tables.CodeIPLiteral},
		// The first byte that cannot continue an IP-literal, even when
		// the closing ']' is missing too.
		{"[::g", 0, 0, 3, tables.CodeIPLiteral},
	}
	for _, tt := range tests {
		end, kind, bad, code := scanIPLiteral(tt.s, 0)
		if end != tt.end || kind != tt.kind || bad != tt.bad || code != tt.code {
			t.Errorf("scanIPLiteral(%q) = end %d kind %v bad %d code %d, want end %d kind %v bad %d code %d",
				tt.s, end, kind, bad, code, tt.end, tt.kind, tt.bad, tt.code)
		}
	}
}

// RFC 3986 section 3.2.2: all nine IPv6address forms inside an
// IP-literal, and the invalid ones with the offset of the first byte that
// cannot continue an IP-literal, through a whole scan.
func TestRFC3986Section3_2_2IPv6Literals(t *testing.T) {
	var r Result
	for _, tt := range ipv6Valid {
		in := "http://[" + tt.s + "]/"
		ScanTo(&r, in, IRIReference, 0)
		if !r.OK() || r.HostKind != HostIPv6 || in[r.HostStart:r.HostEnd] != "["+tt.s+"]" || in[r.PathStart:r.PathEnd] != "/" {
			t.Errorf("%s: %+q scans as %+v", tt.form, in, r)
		}
	}
	for _, tt := range ipv6Invalid {
		in := "http://[" + tt.s + "]/"
		ScanTo(&r, in, IRIReference, 0)
		if r.Code != tables.CodeIPLiteral || int(r.Offset) != 8+tt.bad || r.Component != tables.ComponentHost {
			t.Errorf("%s: %+q scans as %+v, want CodeIPLiteral at %d in the host", tt.why, in, r, 8+tt.bad)
		}
	}
}
