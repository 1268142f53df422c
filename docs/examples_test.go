// The tests of this directory run the shell examples of the README and of
// the documents here, so that what they show is what the tool prints.
package docs_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An example is one "$ command" of a ```console block and the output shown
// under it.
type example struct {
	file    string
	line    int // of the command, 1-based
	command string
	want    []string
}

// readExamples returns the examples of the ```console blocks of a Markdown
// file. A command ending in "\" goes on on the next line; every line after
// it up to the next "$ " or the end of the block is its output, in which a
// line of "..." stands for any number of lines.
func readExamples(t *testing.T, file string) []example {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var (
		out     []example
		inBlock bool
		started bool // the block has had its first command
		cont    bool
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !inBlock:
			inBlock = line == "```console"
			started = false
		case line == "```":
			inBlock = false
			if cont {
				t.Errorf("%s:%d: the block ends inside a command", file, n)
			}
			cont = false
		case cont:
			ex := &out[len(out)-1]
			ex.command += "\n" + line
			cont = strings.HasSuffix(line, "\\")
		case strings.HasPrefix(line, "$ "):
			out = append(out, example{file: file, line: n, command: line[2:]})
			cont = strings.HasSuffix(line, "\\")
			started = true
		case !started:
			t.Errorf("%s:%d: a console block must begin with a \"$ \" command", file, n)
		default:
			ex := &out[len(out)-1]
			ex.want = append(ex.want, line)
		}
	}
	if inBlock {
		t.Errorf("%s: a console block is not closed", file)
	}
	return out
}

// match reports whether got is want, where a want line of "..." stands
// for any number of lines.
func match(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if match(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && match(want[1:], got[1:])
}

// TestExamples runs every console example of README.md and docs/*.md from
// the root of the repository, with the iri command of this checkout first
// on PATH, and compares what it writes (standard output and standard
// error, as a terminal shows them) with the lines shown.
func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the examples")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	var examples []example
	for _, f := range files {
		examples = append(examples, readExamples(t, f)...)
	}
	if len(examples) == 0 {
		t.Fatal("no console example found")
	}

	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "iri"), "./cmd/iri")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/iri: %v\n%s", err, out)
	}
	env := append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"LC_ALL=C", // sort's order, and no locale in messages
		"TMPDIR="+t.TempDir(),
	)

	for _, ex := range examples {
		rel, _ := filepath.Rel(root, ex.file)
		t.Run(fmt.Sprintf("%s:%d", rel, ex.line), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-c", ex.command)
			cmd.Dir = root
			cmd.Env = env
			var out bytes.Buffer
			cmd.Stdout = &out
			cmd.Stderr = &out
			err := cmd.Run()
			if ctx.Err() != nil {
				t.Fatalf("%s\ntook more than 5 minutes", ex.command)
			}
			if _, ok := err.(*exec.ExitError); err != nil && !ok {
				t.Fatalf("%s\n%v", ex.command, err)
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if !match(ex.want, got) {
				t.Errorf("$ %s\nwrites:\n%s\nthe document shows:\n%s", ex.command, strings.Join(got, "\n"), strings.Join(ex.want, "\n"))
			}
		})
	}
}

// The matcher is what keeps the examples honest: pin that it refuses.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a\nb", "a", false},
		{"a", "a\nb", false},
		{"a\n...\nd", "a\nb\nc\nd", true},
		{"a\n...\nd", "a\nd", true},
		{"a\n...\nd", "a\nb\nc", false},
		{"...", "", true},
		{"", "", true},
		{"", "x", false},
	} {
		split := func(s string) []string {
			if s == "" {
				return nil
			}
			return strings.Split(s, "\n")
		}
		if got := match(split(c.want), split(c.got)); got != c.ok {
			t.Errorf("match(%q, %q) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
}
