package transcription_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"unsafe"

	. "github.com/irikit/iri/tables"
)

// Every table's "Size: N bytes." comment in package tables is its size.
func TestSizeComments(t *testing.T) {
	sizes := map[string]uintptr{
		"Prod": unsafe.Sizeof(Prod), "Class": unsafe.Sizeof(Class),
		"StateComponent": unsafe.Sizeof(StateComponent), "Trans": unsafe.Sizeof(Trans),
		"TransNoFragment": unsafe.Sizeof(TransNoFragment), "TransASCII": unsafe.Sizeof(TransASCII),
		"TransASCIINoFragment": unsafe.Sizeof(TransASCIINoFragment), "Stay": unsafe.Sizeof(Stay),
		"Section61": unsafe.Sizeof(Section61), "Avoid61Blocks": unsafe.Sizeof(Avoid61Blocks),
		"UTF8Lead": unsafe.Sizeof(UTF8Lead), "UTF8Trie": unsafe.Sizeof(UTF8Trie),
		"VecSet": unsafe.Sizeof(VecSet), "DecodeSet": unsafe.Sizeof(DecodeSet),
		"ProneLead": unsafe.Sizeof(ProneLead), "ProneNext": unsafe.Sizeof(ProneNext),
		"WHATWG": unsafe.Sizeof(WHATWG), "Rules": unsafe.Sizeof(Rules),
		"BlockDelim": unsafe.Sizeof(BlockDelim), "BlockClass": unsafe.Sizeof(BlockClass),
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, filepath.Join("..", "..", "tables"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	size := regexp.MustCompile(`Size: (\d+) bytes\.`)
	seen := 0
	for _, f := range pkgs["tables"].Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			name := g.Specs[0].(*ast.ValueSpec).Names[0].Name
			want, known := sizes[name]
			m := size.FindStringSubmatch(g.Doc.Text())
			switch {
			case !known:
				t.Errorf("var %s: not in this test's list", name)
			case m == nil:
				t.Errorf("var %s: no Size comment", name)
			default:
				if n, _ := strconv.Atoi(m[1]); uintptr(n) != want {
					t.Errorf("var %s: comment says %d bytes, it has %d", name, n, want)
				}
				seen++
			}
		}
	}
	if seen != len(sizes) {
		t.Errorf("checked %d tables, want %d", seen, len(sizes))
	}
}
