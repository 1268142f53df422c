package main

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateDoc = flag.Bool("update-doc", false, "rewrite doc.go from the help texts")

// doc.go is the help texts, as go doc shows them: it is generated, and
// fails this test when a help text changed without it.
func TestDocUpToDate(t *testing.T) {
	want := docText()
	if *updateDoc {
		if err := os.WriteFile("doc.go", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Error("doc.go is stale: go generate ./cmd/iri rewrites it from the help texts")
	}
}

// Every command and topic has its help, and "iri help NAME" and "iri
// NAME --help" print it whole, with the command's usage lines.
func TestHelpTexts(t *testing.T) {
	for _, c := range commands {
		name := c.name()
		if c.Long == "" || c.Short == "" || !strings.HasPrefix(c.Long, strings.SplitN(name, "-", 2)[0]) && name != "compare" {
			t.Errorf("%s: help %.40q, short %q", name, c.Long, c.Short)
		}
		for _, args := range [][]string{{"help", name}, {name, "--help"}} {
			out, errOut, status := runIRI(t, "", args...)
			if status != 0 || errOut != "" || !strings.Contains(out, c.Long) {
				t.Errorf("iri %s: status %d, stderr %q; the help text is not in\n%s", strings.Join(args, " "), status, errOut, out)
			}
			for _, u := range c.Usage {
				if !strings.Contains(out, "iri "+u+"\n") {
					t.Errorf("iri %s: no usage line %q", strings.Join(args, " "), u)
				}
			}
		}
	}
	for _, tp := range topics {
		out, _, status := runIRI(t, "", "help", tp.Name)
		if status != 0 || out != tp.Long || tp.Long == "" {
			t.Errorf("iri help %s: status %d, %.60q", tp.Name, status, out)
		}
	}
	out, _, _ := runIRI(t, "", "--help")
	for _, c := range commands {
		if !strings.Contains(out, "  "+c.name()+" ") {
			t.Errorf("iri --help does not list %s", c.name())
		}
	}
	for _, tp := range topics {
		if !strings.Contains(out, "  "+tp.Name+" ") {
			t.Errorf("iri --help does not list the topic %s", tp.Name)
		}
	}
}
