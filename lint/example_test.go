package lint_test

import (
	"fmt"
	"strings"

	"github.com/irikit/iri/lint"
)

func ExampleLint() {
	s := "ftp://www.bank.example:secret@evil.example:21/%2e%2e/etc"
	for _, v := range lint.Lint(s, lint.Options{}) {
		fmt.Printf("%s %s %q\n", v.Severity, v.Check, s[v.Offset:v.Offset+v.Length])
	}
	// Output:
	// info userinfo "www.bank.example:secret"
	// warning userinfo-host-like "www.bank.example"
	// warning password ":secret"
	// info default-port ":21"
	// warning encoded-dot-segment "%2e%2e"
}

func ExampleDisplay() {
	// A look-alike of '/', an invisible character, a host that mixes
	// Latin and Cyrillic, and a path segment that starts with digits
	// and ends with Hebrew (section 4.4 example 8).
	for _, s := range []string{
		"http://example.org/D%C3%BCrst",
		"http://example.org/a\u2215b\u200B",
		"http://p\u0430ypal.example/",
		"http://example.org/1\u05D0\u05D1",
	} {
		fmt.Println(lint.Display(s))
	}
	// Output:
	// http://example.org/Dürst
	// http://example.org/a%E2%88%95b%E2%80%8B
	// http://xn--pypal-4ve.example/
	// http://example.org/1%D7%90%D7%91
}

func ExampleFromDisplay() {
	d := lint.DisplayIsolated("http://example.org/\u05D0\u05D1/c")
	fmt.Printf("%+q\n", d)
	u, err := lint.FromDisplay(d)
	fmt.Println(u, err)
	// Output:
	// "\u2066http://example.org/\u2067\u05d0\u05d1\u2069/c\u2069"
	// http://example.org/אב/c <nil>
}

func ExampleOptions_AppendViolationsLimit() {
	// A host of 1000 right-to-left labels that each mix in a Latin
	// letter: 4000 violations, of which two of each check are kept.
	s := "http://" + strings.Repeat("\u05d0a.", 1000) + "example/"
	var o lint.Options
	vs, t := o.AppendViolationsLimit(nil, s, 2)
	for _, v := range vs {
		fmt.Println(v.Offset, v.Check)
	}
	fmt.Println(t.Total()-len(vs), "more;", t.Count(lint.CheckBidiLabel), "bidi-label,", t.CountSeverity(lint.SeverityError), "errors")
	// Output:
	// 7 bidi-mixed
	// 7 bidi-label
	// 7 mixed-script
	// 9 bidi-edge
	// 11 bidi-mixed
	// 11 bidi-label
	// 11 mixed-script
	// 13 bidi-edge
	// 3992 more; 1000 bidi-label, 0 errors
}
