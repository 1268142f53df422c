// Package gosnippet type-checks the Go fragments of the module's Markdown
// documents, so that a renamed function cannot leave a README example
// behind. A fragment is the body of a ```go block: statements, with the
// import lines it needs among them. The comment line
//
//	<!-- go: DECLARATIONS -->
//
// just before a block declares what the fragment uses without declaring
// it, as Go declarations separated by ';' (imports too); package iri is
// always imported. Unused imports and variables are allowed, as a
// fragment shows calls whose results it does not use.
package gosnippet

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

// A Snippet is one ```go block of a document.
type Snippet struct {
	File  string // the document
	Line  int    // of the ```go line, 1-based
	Decls string // the declarations its "go:" comment gives
	Body  string
}

// Read returns the ```go blocks of the Markdown file.
func Read(file string) ([]Snippet, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var (
		out   []Snippet
		cur   *Snippet
		decls string
		n     int
	)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
		l := sc.Text()
		switch {
		case cur != nil && strings.TrimSpace(l) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.Body += l + "\n"
		case strings.TrimSpace(l) == "```go":
			cur = &Snippet{File: file, Line: n, Decls: decls}
		case strings.HasPrefix(l, "<!-- go: ") && strings.HasSuffix(l, " -->"):
			decls = strings.TrimSuffix(strings.TrimPrefix(l, "<!-- go: "), " -->")
			continue
		}
		if strings.TrimSpace(l) != "" {
			decls = ""
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: the ```go block is not closed", file, cur.Line)
	}
	return out, sc.Err()
}

// Check type-checks the snippet as the body of a function in a package of
// directory dir, whose module resolves its imports. It returns the
// errors, with their lines in the document.
func (s Snippet) Check(dir string) []error {
	var imports, body []string
	for _, l := range strings.Split(s.Body, "\n") {
		if strings.HasPrefix(l, "import ") {
			imports = append(imports, l)
			body = append(body, "")
		} else {
			body = append(body, l)
		}
	}
	var decls []string
	for _, d := range strings.Split(s.Decls, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "import ") {
			imports = append(imports, d)
		} else if d != "" {
			decls = append(decls, d)
		}
	}
	// The body starts at the block's second line; the prelude keeps its
	// line numbers below that.
	prelude := append([]string{"package snippet", `import "github.com/irikit/iri"`}, imports...)
	prelude = append(append(prelude, "var _ = iri.Parse"), decls...)
	src := strings.Join(prelude, "; ") + "; func _() {\n" + strings.Join(body, "\n") + "}\n"
	fset := token.NewFileSet()
	name := filepath.Join(dir, "snippet.go")
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return []error{s.at(err)}
	}
	var errs []error
	conf := types.Config{
		Importer: importer.ForCompiler(fset, "source", nil),
		Error: func(err error) {
			if te, ok := err.(types.Error); !ok || !te.Soft {
				errs = append(errs, s.at(err))
			}
		},
	}
	conf.Check("snippet", fset, []*ast.File{f}, nil)
	return errs
}

// at writes err with the document's file and line in place of the
// generated file's.
func (s Snippet) at(err error) error {
	msg := err.Error()
	var line int
	if _, rest, ok := strings.Cut(msg, "snippet.go:"); ok {
		fmt.Sscanf(rest, "%d", &line)
		if _, after, ok := strings.Cut(rest, ": "); ok {
			msg = after
		}
	}
	return fmt.Errorf("%s:%d: %s", s.File, s.Line+line-1, msg)
}
