package main

import (
	"bytes"
	"flag"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var write = flag.Bool("write", false, "rewrite the checked-in tables instead of comparing them")

// TestTablesFresh renders every generated file in memory and compares every file
// byte for byte with the checked-in one, as runtime's TestLockRankGenerated
// does. With -write it rewrites them instead (go test ./gen -run
// TestTablesFresh -args -write). The Unicode tables it renders are those
// of the version this Go release selects; .ci/run runs it under each
// supported release, and it checks here that the files of every other
// known version are present.
func TestTablesFresh(t *testing.T) {
	root := ".."
	files := render(build())
	var names []string
	dirs := map[string]bool{}
	for name := range files {
		names = append(names, name)
		dirs[path.Dir(name)] = true
	}
	sort.Strings(names)
	for _, name := range names {
		file := filepath.Join(root, filepath.FromSlash(name))
		if *write {
			if err := os.WriteFile(file, files[name], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("tables out of date; run go generate ./...: %v", err)
			continue
		}
		if !bytes.Equal(old, files[name]) {
			t.Errorf("tables out of date; run go generate ./...: %s differs from the generator's output (%s)", name, firstDiff(old, files[name]))
		}
	}
	// A file marked generated that the generator no longer writes is
	// stale too.
	for dir := range dirs {
		entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := dir + "/" + e.Name()
			if _, ok := files[name]; ok || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			if versioned(name) {
				continue // another Unicode version's, checked below
			}
			src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
			if err != nil {
				t.Fatal(err)
			}
			if bytes.HasPrefix(src, []byte(header[:len(header)-2])) {
				t.Errorf("tables out of date; run go generate ./...: %s is marked generated but the generator does not write it", name)
			}
		}
	}
}

// TestUnicodeVersionFiles checks that the tables of every Unicode version
// x/text may select are there, each under its build constraint.
func TestUnicodeVersionFiles(t *testing.T) {
	for v, tag := range unicodeVersions {
		for _, base := range []string{runepropsDir + "/props", lookDir + "/norm", lookDir + "/look", labelsDir + "/fast"} {
			name := filepath.Join("..", filepath.FromSlash(base+v+".go"))
			src, err := os.ReadFile(name)
			if err != nil {
				t.Errorf("the Unicode %s tables are missing (run go generate ./... with Go releases of both versions): %v", v, err)
				continue
			}
			if want := header + "//go:build " + tag + "\n"; !bytes.HasPrefix(src, []byte(want)) {
				t.Errorf("%s does not start with %q", name, want)
			}
		}
	}
}

// firstDiff says where two files first differ.
func firstDiff(a, b []byte) string {
	line := 1
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return "first difference at line " + strconv.Itoa(line)
		}
		if a[i] == '\n' {
			line++
		}
	}
	return "one is a prefix of the other; lengths " + strconv.Itoa(len(a)) + " and " + strconv.Itoa(len(b))
}
