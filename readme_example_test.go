package iri_test

import (
	"errors"
	"fmt"

	"github.com/irikit/iri"
)

// The Library section of the README, run: each of its lines is here.
func Example_readme() {
	var buf []byte
	s := "http://example.com/a%20b"
	u, err := iri.Parse("http://user@例え.jp:8080/パス?q=値#節") // rule IRI
	fmt.Println(u.Scheme(), u.Host(), u.HostKind() == iri.HostRegName, u.Port(), u.Path(), err)
	fmt.Println(u.URI())

	fmt.Println(iri.ParseReference("../a?b"))
	fmt.Println(iri.ParseRule("http://a/b", iri.RuleAbsoluteIRI))
	fmt.Println(iri.Valid("http://例え.jp/", iri.RuleURI))
	buf, err = iri.AppendURI(buf[:0], s)
	fmt.Println(string(buf), err)
	s, err = iri.ToURI("http://例え.jp/")
	fmt.Println(s, err)
	fmt.Println(iri.ToIRI("http://example.org/D%C3%BCrst"))
	fmt.Println(iri.ToIRI("http://example.org/a%2Fb%E2%80%AE"))

	_, err = iri.Parse("http://example.com/a b")
	fmt.Println(err)
	fmt.Println(errors.Is(err, iri.ErrInvalidChar), err.(*iri.Error).Offset)
	// Output:
	// http 例え.jp true 8080 /パス <nil>
	// http://user@%E4%BE%8B%E3%81%88.jp:8080/%E3%83%91%E3%82%B9?q=%E5%80%A4#%E7%AF%80
	// ../a?b <nil>
	// http://a/b <nil>
	// false
	// http://example.com/a%20b <nil>
	// http://%E4%BE%8B%E3%81%88.jp/ <nil>
	// http://example.org/Dürst <nil>
	// http://example.org/a%2Fb%E2%80%AE <nil>
	// iri: invalid IRI at byte offset 20 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
	// true 20
}

// The resolving and comparing lines of docs/library.md, run.
func Example_library() {
	var buf []byte
	ref := "g;x?y#s"
	u := iri.MustParseReference("HTTP://Example.COM:80/a")
	base := iri.MustParseReference("http://a/b/c/d;p?q")
	t, _ := base.Resolve("../g?y")
	r, _ := base.Relativize(iri.MustParseReference("http://a/b/c/g"))
	buf, _ = iri.AppendResolve(buf[:0], "http://a/b/c/d;p?q", ref)
	fmt.Println(t, r, string(buf))

	fmt.Println(iri.Normalize("HTTP://Example.COM/a/./b/../%7Ec"))
	fmt.Println(iri.Normalizer{Level: iri.LevelScheme}.Normalize("http://example.com:80"))
	fmt.Println(iri.CompareRung(iri.MustParseReference("http://résumé.example.org"), iri.MustParseReference("http://xn--rsum-bpad.example.org")) == iri.RungScheme)
	fmt.Println(iri.Key(u) == iri.Key(iri.MustParseReference("http://example.com/a")))
	// Output:
	// http://a/b/g?y g http://a/b/c/g;x?y#s
	// http://example.com/a/~c <nil>
	// http://example.com/ <nil>
	// true
	// true
}
