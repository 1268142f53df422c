package iri_test

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateAPI = flag.Bool("update-api", false, "rewrite api/iri.txt from the exported API of today")

// TestAPI: api/iri.txt lists every exported name of every package of the
// module that users import (all but main packages and internal/), one a
// line as Go's own api/*.txt do, and the code exports exactly that, so
// that no change to the API goes in by accident. go test -run TestAPI
// -update-api rewrites the listing, for a review of its diff.
func TestAPI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Name}}\t{{.Dir}}\t{{join .GoFiles \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(l, "\t", 4)
		if len(f) < 4 || f[1] == "main" || strings.Contains(f[0], "/internal/") {
			continue
		}
		lines = append(lines, apiOf(t, f[0], f[2], strings.Fields(f[3]))...)
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	got := strings.Join(lines, "\n") + "\n"
	path := filepath.Join("api", "iri.txt")
	if *updateAPI {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		wl := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
		for _, l := range lines {
			if !slices.Contains(wl, l) {
				t.Errorf("exported, not in api/iri.txt: %s", l)
			}
		}
		for _, l := range wl {
			if !slices.Contains(lines, l) {
				t.Errorf("in api/iri.txt, no longer exported: %s", l)
			}
		}
		t.Error("the exported API changed: go test -run TestAPI -update-api rewrites api/iri.txt")
	}
}

// apiOf lists the exported API of one package, as lines "pkg PATH, KIND
// NAME...", from its source files.
func apiOf(t *testing.T, path, dir string, files []string) []string {
	fset := token.NewFileSet()
	var lines []string
	add := func(s string) { lines = append(lines, "pkg "+path+", "+s) }
	expr := func(e ast.Expr) string {
		var b bytes.Buffer
		printer.Fprint(&b, fset, e)
		return strings.Join(strings.Fields(b.String()), " ")
	}
	// A signature without parameter names, as Go's api files write it.
	fields := func(fl *ast.FieldList) string {
		if fl == nil {
			return ""
		}
		var ts []string
		for _, f := range fl.List {
			n := max(len(f.Names), 1)
			for range n {
				ts = append(ts, expr(f.Type))
			}
		}
		return strings.Join(ts, ", ")
	}
	sig := func(ft *ast.FuncType) string {
		s := "(" + fields(ft.Params) + ")"
		if r := ft.Results; r != nil {
			if len(r.List) == 1 && len(r.List[0].Names) <= 1 {
				s += " " + expr(r.List[0].Type)
			} else {
				s += " (" + fields(r) + ")"
			}
		}
		return s
	}
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					add("func " + d.Name.Name + sig(d.Type))
					continue
				}
				recv := expr(d.Recv.List[0].Type)
				base := strings.TrimLeft(recv, "*")
				if i := strings.IndexByte(base, '['); i >= 0 {
					base = base[:i]
				}
				if ast.IsExported(base) {
					add("method (" + recv + ") " + d.Name.Name + sig(d.Type))
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						switch ty := s.Type.(type) {
						case *ast.StructType:
							add("type " + s.Name.Name + " struct")
							for _, fd := range ty.Fields.List {
								for _, n := range fd.Names {
									if n.IsExported() {
										add("type " + s.Name.Name + " struct, " + n.Name + " " + expr(fd.Type))
									}
								}
								if len(fd.Names) == 0 {
									add("type " + s.Name.Name + " struct, embedded " + expr(fd.Type))
								}
							}
						case *ast.InterfaceType:
							add("type " + s.Name.Name + " interface")
							for _, m := range ty.Methods.List {
								for _, n := range m.Names {
									if n.IsExported() {
										add("type " + s.Name.Name + " interface, " + n.Name + sig(m.Type.(*ast.FuncType)))
									}
								}
							}
						default:
							eq := " "
							if s.Assign.IsValid() {
								eq = " = "
							}
							add("type " + s.Name.Name + eq + expr(s.Type))
						}
					case *ast.ValueSpec:
						kind := "var"
						if d.Tok == token.CONST {
							kind = "const"
						}
						for _, n := range s.Names {
							if !n.IsExported() {
								continue
							}
							l := kind + " " + n.Name
							if s.Type != nil {
								l += " " + expr(s.Type)
							}
							add(l)
						}
					}
				}
			}
		}
	}
	return lines
}
