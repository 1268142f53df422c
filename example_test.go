package iri_test

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	"golang.org/x/text/transform"

	"github.com/irikit/iri"
)

func ExampleParse() {
	u, err := iri.Parse("http://user@例え.jp:8080/パス/ファイル?q=値#節")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme())
	fmt.Println(u.Userinfo())
	fmt.Println(u.Host(), u.HostKind())
	fmt.Println(u.Port())
	fmt.Println(u.Path())
	fmt.Println(u.Query())
	fmt.Println(u.Fragment())
	// Output:
	// http
	// user
	// 例え.jp reg-name
	// 8080
	// /パス/ファイル
	// q=値
	// 節
}

func ExampleParseReference() {
	for _, s := range []string{"../a/b?x", "//[2001:db8::1]:443/", "#top", "http://h?"} {
		u, _ := iri.ParseReference(s)
		fmt.Printf("%q absolute=%v authority=%v host=%q kind=%v query=%v %q\n",
			s, u.IsAbsolute(), u.HasAuthority(), u.Host(), u.HostKind(), u.HasQuery(), u.Query())
	}
	// Output:
	// "../a/b?x" absolute=false authority=false host="" kind=none query=true "x"
	// "//[2001:db8::1]:443/" absolute=false authority=true host="[2001:db8::1]" kind=ipv6 query=false ""
	// "#top" absolute=false authority=false host="" kind=none query=false ""
	// "http://h?" absolute=true authority=true host="h" kind=reg-name query=true ""
}

func ExampleIRI_URI() {
	u := iri.MustParseReference("http://r\u00e9sum\u00e9.example.org/\u00fcber?q=%C3%BC")
	fmt.Println(u.URI())
	// Output: http://r%C3%A9sum%C3%A9.example.org/%C3%BCber?q=%C3%BC
}

func ExampleAppendURI() {
	buf := make([]byte, 0, 128)
	for _, s := range []string{"http://例え.jp/", "http://example.com/a%20b"} {
		var err error
		buf, err = iri.AppendURI(buf[:0], s)
		if err != nil {
			panic(err)
		}
		fmt.Println(string(buf))
	}
	// Output:
	// http://%E4%BE%8B%E3%81%88.jp/
	// http://example.com/a%20b
}

func ExampleToURI() {
	for _, s := range []string{"http://例え.jp/パス", "http://example.com/a b"} {
		u, err := iri.ToURI(s)
		fmt.Println(u, err != nil)
	}
	// Output:
	// http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9 false
	//  true
}

func ExampleValid() {
	fmt.Println(iri.Valid("http://例え.jp/", iri.RuleIRI))
	fmt.Println(iri.Valid("http://例え.jp/", iri.RuleURI))
	fmt.Println(iri.Valid("http://%E4%BE%8B.jp/", iri.RuleURI))
	fmt.Println(iri.Valid("a:b#c", iri.RuleAbsoluteIRI))
	// Output:
	// true
	// false
	// true
	// false
}

func ExampleError() {
	_, err := iri.Parse("http://example.com/a b")
	fmt.Println(err)
	var e *iri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Component)
	}
	fmt.Println(errors.Is(err, iri.ErrInvalidChar), errors.Is(err, iri.ErrSyntax))
	// Output:
	// iri: invalid IRI at byte offset 20 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
	// 20 ipath
	// true true
}

func ExampleParser() {
	// RFC 3987 section 4.1 forbids bidi formatting characters; AllowBidi
	// keeps the bare ABNF, which allows them as ucschar.
	s := "http://example.com/\u200fabc"
	_, err := iri.Parse(s)
	fmt.Println(errors.Is(err, iri.ErrBidiFormatting))
	_, err = iri.Parser{Rule: iri.RuleIRI, AllowBidi: true}.Parse(s)
	fmt.Println(err)
	// Output:
	// true
	// <nil>
}

// ToIRI turns a URI into the IRI people should see (RFC 3987 section 3.2),
// decoding only what is safe to show where it stands.
func ExampleToIRI() {
	for _, uri := range []string{
		"http://www.example.org/D%C3%BCrst",
		"http://www.example.org/D%FCrst",
		"http://xn--99zt52a.example.org/%e2%80%ae",
		"http://example.org/a%2Fb?q=%E4%B8%AD%26",
	} {
		s, err := iri.ToIRI(uri)
		fmt.Println(s, err)
	}
	// Output:
	// http://www.example.org/Dürst <nil>
	// http://www.example.org/D%FCrst <nil>
	// http://xn--99zt52a.example.org/%E2%80%AE <nil>
	// http://example.org/a%2Fb?q=中%26 <nil>
}

// With IDNA, an HTTP client gets the A-labels DNS knows; without, the
// host is percent-encoded like the rest (RFC 3987 section 3.1 allows
// both).
func ExampleParser_AppendURI_idna() {
	s := "http://例え.テスト/パス"
	plain, _ := iri.AppendURI(nil, s)
	idna, _ := iri.Parser{IDNA: true}.AppendURI(nil, s)
	fmt.Println(string(plain))
	fmt.Println(string(idna))
	back, _ := iri.Parser{IDNA: true}.ToIRI(string(idna))
	fmt.Println(back)
	// Output:
	// http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/%E3%83%91%E3%82%B9
	// http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9
	// http://例え.テスト/パス
}

// URITransformer maps a whole text stream, one IRI per line or not, with
// flat memory.
func ExampleURITransformer() {
	r := transform.NewReader(strings.NewReader("see http://例え.jp/ and http://a.example/\n"), iri.URITransformer())
	b, _ := io.ReadAll(r)
	fmt.Print(string(b))
	// Output:
	// see http://%E4%BE%8B%E3%81%88.jp/ and http://a.example/
}

// FromURL and IRI.URL bridge to net/url. (net/url keeps the host
// decoded in Host and encodes it again in String.)
func ExampleFromURL() {
	x, _ := url.Parse("https://example.org/a%20b?q=1")
	u, err := iri.FromURL(x)
	fmt.Println(u.Path(), u.Query(), err)
	y, _ := iri.MustParseReference("https://例え.jp/パス").URL()
	fmt.Println(y.Host, y.String())
	// Output:
	// /a%20b q=1 <nil>
	// 例え.jp https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9
}

func ExampleIRI_Resolve() {
	base := iri.MustParseReference("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../g", "?y", "#s", "//g", "../../../g"} {
		t, _ := base.Resolve(ref)
		fmt.Println(t)
	}
	// Output:
	// http://a/b/c/g
	// http://a/b/g
	// http://a/b/c/d;p?y
	// http://a/b/c/d;p?q#s
	// http://g
	// http://a/g
}

func ExampleIRI_Relativize() {
	base := iri.MustParseReference("http://例え.テスト/パス/ファイル")
	for _, t := range []string{"http://例え.テスト/パス/新しい", "http://例え.テスト/上", "https://例え.テスト/"} {
		r, _ := base.Relativize(iri.MustParseReference(t))
		fmt.Println(r)
	}
	// Output:
	// 新しい
	// /上
	// https://例え.テスト/
}

func ExampleNormalizer() {
	syntax := iri.Normalizer{}
	scheme := iri.Normalizer{Level: iri.LevelScheme}
	key := iri.Normalizer{Level: iri.LevelScheme, URI: true}
	for _, s := range []string{"HTTP://Example.COM:80/a/./b/../%7Ec", "http://résumé.example.org"} {
		a, _ := syntax.Normalize(s)
		b, _ := scheme.Normalize(s)
		c, _ := key.Normalize(s)
		fmt.Println(a)
		fmt.Println(b)
		fmt.Println(c)
	}
	// Output:
	// http://example.com:80/a/~c
	// http://example.com/a/~c
	// http://example.com/a/~c
	// http://résumé.example.org
	// http://résumé.example.org/
	// http://xn--rsum-bpad.example.org/
}

// A text with a reference a line, normalized in one call up to each
// line that is not a reference; the caller reports that one and goes on.
func ExampleNormalizer_AppendNormalizeLines() {
	text := "HTTP://Example.COM:80/a/./b\nhttp://h/a b\n../%7Ec\n"
	n := iri.Normalizer{Level: iri.LevelScheme}
	var out []byte
	for len(text) > 0 {
		var bad int
		out, bad, _ = n.AppendNormalizeLines(out, text)
		text = text[bad:]
		if text == "" {
			break
		}
		line, rest, _ := strings.Cut(text, "\n")
		_, err := n.Normalize(line)
		fmt.Println(err)
		text = rest
	}
	fmt.Print(string(out))
	// Output:
	// iri: invalid IRI-reference at byte offset 10 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
	// http://example.com/a/b
	// ../~c
}

func ExampleCompareRung() {
	pairs := [][2]string{
		{"http://example.com/", "http://example.com/"},
		{"http://example.org/~user", "http://example.org/%7Euser"},
		{"http://example.com", "http://example.com:80/"},
		{"http://résumé.example.org", "http://xn--rsum-bpad.example.org"},
		{"http://example.com/?", "http://example.com/"},
	}
	for _, p := range pairs {
		fmt.Println(iri.CompareRung(iri.MustParseReference(p[0]), iri.MustParseReference(p[1])))
	}
	// Output:
	// simple
	// syntax
	// scheme
	// scheme
	// none
}

// Compare sorts by normal form: equal IRIs end up side by side, and
// slices.CompactFunc with Equal keeps one of each.
func ExampleCompare() {
	var l []iri.IRI
	for _, s := range []string{"http://b.example/", "HTTP://A.example:80", "http://a.example/", "http://a.example/%7Ex", "http://a.example/~x"} {
		l = append(l, iri.MustParseReference(s))
	}
	slices.SortStableFunc(l, iri.Compare)
	l = slices.CompactFunc(l, iri.Equal)
	for _, u := range l {
		fmt.Println(u)
	}
	// Output:
	// HTTP://A.example:80
	// http://a.example/%7Ex
	// http://b.example/
}
