package iri

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/idna"

	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/labels"
	"github.com/irikit/iri/scanner"
)

func TestIDNAToURI(t *testing.T) {
	p := Parser{IDNA: true}
	tests := []struct{ in, want string }{
		{"http://例え.テスト/パス", "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"},
		{"http://納豆.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%e2%80%ae"},
		{"http://Bücher.example/", "http://xn--bcher-kva.example/"}, // mapped (case-folded) before Punycode
		{"http://BÜCHER.example/", "http://xn--bcher-kva.example/"}, // the same A-label
		{"http://user:pw@例え.jp:8080/?q=値", "http://user:pw@xn--r8jz45g.jp:8080/?q=%E5%80%A4"},
		{"http://_dmarc.example.com/", "http://_dmarc.example.com/"}, // ASCII labels untouched
		{"http://h%C3%A9.example/", "http://xn--h-bga.example/"},     // %HH of UTF-8 decoded for IDNA
		{"http://a%2D%41.example/", "http://a%2D%41.example/"},       // %HH of ASCII stays
		{"http://a.例え%41.jp/", "http://a.xn--a-87t231j.jp/"},         // raw and %HH in one label
		// RFC 3490 3.1: U+3002, U+FF0E and U+FF61 separate labels, raw or
		// percent-encoded, and the host is sent as IDNA maps it.
		{"http://evil\uFF0Ecom/", "http://evil.com/"},
		{"http://evil%EF%BC%8Ecom/", "http://evil.com/"},
		{"http://evil%ef%bd%a1com/", "http://evil.com/"},
		{"http://例え\u3002jp/", "http://xn--r8jz45g.jp/"},
		{"http://a%E3%80%82例え/", "http://a.xn--r8jz45g/"},
		{"http://例.\uFF0E.jp/", "http://xn--fsq...jp/"},                    // empty labels stay, as in "a..jp"
		{"http://[::1]/é", "http://[::1]/%C3%A9"},                          // no reg-name
		{"mailto:例え@example.org", "mailto:%E4%BE%8B%E3%81%88@example.org"}, // no authority
	}
	for _, tt := range tests {
		got, err := p.AppendURI(nil, tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("IDNA AppendURI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	// Without IDNA the host is percent-encoded, which section 3.1 also allows.
	if got, _ := AppendURI(nil, "http://例え.jp/"); string(got) != "http://%E4%BE%8B%E3%81%88.jp/" {
		t.Errorf("plain AppendURI = %q", got)
	}
}

func TestIDNAToURIErrors(t *testing.T) {
	p := Parser{IDNA: true}
	for in, off := range map[string]int{
		"http://a.例え%2F.jp/": 9, // %HH of a reserved character
		"http://a.例え%C3.jp/": 9, // %HH that are not UTF-8
		// No A-label of 63 octets can hold 64 code points (RFC 1034 3.1);
		// refused before x/net's Punycode encoder, which is quadratic.
		"http://a." + strings.Repeat("例", 64) + ".jp/":     9,
		"http://a.xn--" + strings.Repeat("a", 60) + ".jp/": -1, // ASCII: stays
		"http://x.-例え.jp/":                                 9,  // leading hyphen (checkHyphens)
		"http://a.\u0627b.jp/":                             9,  // RTL and LTR mixed (bidi rule)
	} {
		dst, err := p.AppendURI([]byte("keep"), in)
		if off < 0 {
			if err != nil || string(dst) != "keep"+in {
				t.Errorf("IDNA AppendURI(%q) = %q, %v; want it as it is", in, dst, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrIDNA) || e.Offset != off || e.Component != "ihost" || string(dst) != "keep" {
			t.Errorf("IDNA AppendURI(%q) = %q, %v; want ErrIDNA at %d and dst unchanged", in, dst, err, off)
		}
	}
}

func TestIDNAToIRI(t *testing.T) {
	p := Parser{IDNA: true}
	tests := []struct{ in, want string }{
		// RFC 3987 3.2.1: "xn--99zt52a" may become U+7D0D U+8C46.
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://納豆.example.org/%E2%80%AE"},
		{"http://XN--R8JZ45G.jp/", "http://例え.jp/"},
		{"http://xn--bcher-kva.example/", "http://bücher.example/"},
		{"http://xn--zz.example/", "http://xn--zz.example/"},                 // not valid Punycode: kept
		{"http://xn--a-ecp.example/", "http://xn--a-ecp.example/"},           // no round trip or invalid: kept
		{"http://example.org/xn--99zt52a", "http://example.org/xn--99zt52a"}, // only the host
	}
	for _, tt := range tests {
		got, err := p.ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("IDNA ToIRI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		b, err := p.AppendIRI([]byte("x"), tt.in)
		if err != nil || string(b) != "x"+tt.want {
			t.Errorf("IDNA AppendIRI(%q) = %q, %v", tt.in, b, err)
		}
	}
	// Without IDNA the A-label stays, as the RFC's example shows.
	if got, _ := ToIRI("http://xn--99zt52a.example.org/"); got != "http://xn--99zt52a.example.org/" {
		t.Errorf("plain ToIRI = %q", got)
	}
}

// Labels of ToIRI with IDNA end at every separator, which stays as it was.
func TestIDNAToIRISeparators(t *testing.T) {
	p := Parser{IDNA: true}
	for in, want := range map[string]string{
		"http://xn--r8jz45g\u3002jp/":     "http://例え\u3002jp/",
		"http://xn--r8jz45g%EF%BC%8Ejp/":  "http://例え%EF%BC%8Ejp/",
		"http://a\uFF0Exn--bcher-kva.de/": "http://a\uFF0Ebücher.de/",
	} {
		if got, err := p.ToIRI(in); err != nil || got != want {
			t.Errorf("IDNA ToIRI(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// Parser{IDNA: true}.AppendURI allocates nothing for a host that is ASCII
// or whose labels take the fast path of labels.AppendToASCII, raw or
// percent-encoded.
func TestIDNAAllocs(t *testing.T) {
	p := Parser{IDNA: true}
	buf := make([]byte, 0, 256)
	for _, in := range []string{
		"http://example.com/path?q=1",
		"http://例え.テスト/パス",
		"http://Bücher.example/",
		"http://%E4%BE%8B%E3%81%88.jp/%E3%83%91",
		"https://user@例え.jp:8080/a/b?c#d",
	} {
		var err error
		if n := testing.AllocsPerRun(100, func() { buf, err = p.AppendURI(buf[:0], in) }); n != 0 || err != nil {
			t.Errorf("IDNA AppendURI(%q): %v allocations, %v; want none", in, n, err)
		}
	}
}

// labels.AppendHost, the one-pass conversion of a host, gives what the
// label-by-label conversion gives wherever it takes a host: on the hosts
// of the corpora, in both cases, and on hosts built from their labels.
func TestIDNAHostOnePass(t *testing.T) {
	var hosts []string
	for _, lines := range corpus.All(t) {
		for _, l := range lines {
			r := scanner.Scan(l, scanner.IRIReference, 0)
			if r.OK() && r.HostKind == scanner.HostRegName {
				hosts = append(hosts, l[r.HostStart:r.HostEnd])
			}
		}
	}
	hosts = append(hosts, "例え.テスト", "例え\u3002jp", "a\uFF0E例\uFF61b", "..例", "例.", "_x.例え", "xn--r8jz45g.例",
		"Bücher.DE", "bücher-.de", "-例.jp", "例--え.jp", "ab--例.jp", strings.Repeat("例", 64)+".jp", "a%41.例", "É.jp", "例\u0301.jp")
	taken := 0
	for _, h := range hosts {
		for _, host := range []string{h, strings.ToUpper(h)} {
			got, ok := labels.AppendHost([]byte("x"), host)
			want, _, err := appendHostLabels([]byte("x"), host)
			if !ok {
				if string(got) != "x" {
					t.Errorf("AppendHost(%q) refused but appended %q", host, got)
				}
				continue
			}
			taken++
			if err != nil || string(got) != string(want) {
				t.Errorf("AppendHost(%q) = %q; label by label: %q, %v", host, got, want, err)
			}
		}
	}
	if taken < 1000 {
		t.Errorf("AppendHost took %d hosts; the corpora are missing", taken)
	}
}

// uLabelXNet is uLabel with x/net alone, as it was before the fast path.
func uLabelXNet(label string) string {
	if len(label) < 4 || len(label) > labels.MaxLen || !strings.EqualFold(label[:4], "xn--") {
		return label
	}
	if u, ok := xnetRoundTrip(label); ok && showable(u) {
		return u
	}
	return label
}

// uLabel, which asks the fast path first, shows what it showed with x/net
// alone: on the A-labels of the corpora's words and hosts, in two cases,
// and on labels the fast path must leave.
func TestULabelFastPath(t *testing.T) {
	seen := map[string]bool{}
	var as []string
	for _, lines := range corpus.All(t) {
		for _, l := range lines {
			for _, w := range strings.FieldsFunc(l, func(r rune) bool { return strings.ContainsRune("/?#.:=&%_ ", r) }) {
				if a, err := idna.Lookup.ToASCII(w); err == nil && strings.HasPrefix(a, "xn--") && !seen[a] {
					seen[a] = true
					as = append(as, a, strings.ToUpper(a))
				}
			}
		}
	}
	as = append(as, "xn--bcher-kva", "xn--BCHER-kva", "xn--abc", "xn--mgbh0fb", "xn--ls8h", "xn--e1a", "XN--80AKHBYKNJ4F")
	if len(as) < 1000 {
		t.Fatalf("only %d A-labels from the corpora", len(as))
	}
	for _, a := range as {
		if got, want := uLabel(a), uLabelXNet(a); got != want {
			t.Fatalf("uLabel(%q) = %q, with x/net alone %q", a, got, want)
		}
	}
}
