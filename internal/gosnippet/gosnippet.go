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
// fragment shows calls whose results it does not use. One of the
// declarations may instead be "example FILE:FUNC": a runnable example,
// FILE relative to the document, that holds each line of the fragment,
// so that what the fragment's comments claim is checked by the example's
// output.
package gosnippet

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
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
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "example ") {
			continue
		} else if strings.HasPrefix(d, "import ") {
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

// Example returns the example the snippet names ("example FILE:FUNC"),
// or "" if none.
func (s Snippet) Example() string {
	for _, d := range strings.Split(s.Decls, ";") {
		if e, ok := strings.CutPrefix(strings.TrimSpace(d), "example "); ok {
			return e
		}
	}
	return ""
}

// CheckExample reports the lines of the snippet that its example does
// not hold, token for token (comments and line breaks aside).
func (s Snippet) CheckExample() []error {
	file, fn, ok := strings.Cut(s.Example(), ":")
	if !ok {
		return []error{fmt.Errorf("%s:%d: the Go block names no example (<!-- go: example FILE:FUNC -->)", s.File, s.Line)}
	}
	path := filepath.Join(filepath.Dir(s.File), file)
	b, err := os.ReadFile(path)
	if err != nil {
		return []error{fmt.Errorf("%s:%d: %v", s.File, s.Line, err)}
	}
	_, body, ok := strings.Cut(string(b), "\nfunc "+fn+"() {\n")
	if !ok {
		return []error{fmt.Errorf("%s:%d: %s has no func %s", s.File, s.Line, path, fn)}
	}
	body, _, _ = strings.Cut(body, "\n}\n")
	have := tokens(body)
	var errs []error
	for i, l := range strings.Split(s.Body, "\n") {
		want := tokens(l)
		if len(want) == 0 || strings.HasPrefix(strings.TrimSpace(l), "import ") {
			continue
		}
		if !strings.Contains(have, want) {
			errs = append(errs, fmt.Errorf("%s:%d: %s does not hold %q", s.File, s.Line+1+i, fn, strings.TrimSpace(l)))
		}
	}
	return errs
}

// tokens returns the Go tokens of src, comments and semicolons left out,
// each followed by a NUL.
func tokens(src string) string {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(src)), []byte(src), func(token.Position, string) {}, 0)
	var b strings.Builder
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return b.String()
		}
		if tok == token.SEMICOLON {
			continue
		}
		if lit == "" {
			lit = tok.String()
		}
		b.WriteString(lit)
		b.WriteByte(0)
	}
}
