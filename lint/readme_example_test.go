package lint_test

import (
	"fmt"

	"github.com/irikit/iri/lint"
)

// The lint lines of docs/library.md, run.
func Example_library() {
	vs := lint.Lint("http://ab.cd.ef/גה1/2יט/x.html", lint.Options{})
	fmt.Println(vs[0].Offset, vs[0].Length, vs[0].Component, vs[0].Severity, vs[0].Check)
	fmt.Println(lint.Display("http://p\u0430ypal.example/a\u2215b"))
	// Output:
	// 20 1 ipath warning bidi-number-edge
	// http://xn--pypal-4ve.example/a%E2%88%95b
}
