package interop

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// causeExamples is one reference for each cause, in the order of the
// README's table.
var causeExamples = []struct {
	cause Cause
	ref   string
	ctx   Context
}{
	{CauseBackslash, `/\evil.com/x`, Context{Base: "https://h.example/"}},
	{CauseSlashes, "http:///evil.com/", Context{}},
	{CauseSameScheme, "http:evil.com", Context{Base: "http://h.example/a/"}},
	{CauseIPv4NonDecimal, "http://0x7f.1/", Context{}},
	{CauseIPv4Shorthand, "http://2130706433/", Context{}},
	{CauseHostPercent, "http://ex%61mple.com/", Context{}},
	{CauseHostIDNA, "http://ｅｘａｍｐｌｅ。com/", Context{}},
	{CauseTabNewline, "http://ev\til.com/", Context{}},
	{CauseTrim, " http://evil.com/", Context{}},
	{CauseLastAt, "http://a@good.com@evil.com/", Context{}},
	{CauseIPv6Zone, "http://[fe80::1%25en0]/", Context{}},
	{CauseDefaultPort, "", Context{}},
	{CausePortRange, "http://h:65616/", Context{}},
	{CauseFileLocalhost, "file://localhost/etc/passwd", Context{}},
	{CauseDriveLetter, "file://C:/x", Context{}},
	{CauseDotSegment, "http://h/a/../admin", Context{}},
	{CauseEncodedDot, "http://h/a/%2e%2e/admin", Context{}},
	{CauseNetURLReescape, "http://h/a%2Fb c", Context{}},
	{CauseInvalidUTF8, "http://h/\xff", Context{}},
	{CauseInvalidUnit, "http://h/a b", Context{}},
	{CauseTargetAuthority, "//evil.com/x", Context{Base: "http://h.example", RequestTarget: true}},
	{CauseTargetFragment, "/a#b", Context{Base: "http://h.example", RequestTarget: true}},
	{CauseAsterisk, "*", Context{Base: "http://h.example", RequestTarget: true}},
	{CauseTripleSlash, "///evil.com/x", Context{Base: "https://h.example"}},
	{CauseEmptyAuthority, "//", Context{Base: "http://h.example/a"}},
	{CauseBaseFragment, "", Context{Base: "http://h.example/a#top"}},
	{CauseOpaqueBase, "b", Context{Base: "mailto:a"}},
}

var updateREADME = flag.Bool("update-readme", false, "rewrite the causes table of README.md")

// TestREADMECauses: the README's table of causes is what Read says of
// each example today, and has a row for every cause. go test
// -run TestREADMECauses -update-readme rewrites it.
func TestREADMECauses(t *testing.T) {
	seen := map[Cause]bool{}
	var b strings.Builder
	b.WriteString("| cause | example | how the readers read it | where a client connects |\n|---|---|---|---|\n")
	for _, ex := range causeExamples {
		seen[ex.cause] = true
		if ex.cause == CauseDefaultPort {
			// Only a port registered with iri.RegisterDefaultPort for a
			// scheme WHATWG does not know shows it.
			b.WriteString("| `default-port` | a port `iri.RegisterDefaultPort` made a scheme's default | WHATWG keeps it (the scheme is not special), the others drop it | the same port |\n")
			continue
		}
		rep := Read(ex.ref, ex.ctx)
		if !rep.Causes.Has(ex.cause) {
			t.Errorf("%q in %+v: causes %s, not %s", ex.ref, ex.ctx, rep.Causes, ex.cause)
		}
		b.WriteString("| `" + ex.cause.String() + "` | " + exampleText(ex.ref, ex.ctx) + " | " + readingsText(&rep) + " | " + connectText(&rep) + " |\n")
	}
	for _, c := range AllCauses() {
		if !seen[c] {
			t.Errorf("no example of %s", c)
		}
	}
	path := filepath.Join("..", "README.md")
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const start, end = "<!-- causes: go test ./interop -run TestREADMECauses -update-readme -->\n", "<!-- /causes -->"
	i, j := bytes.Index(readme, []byte(start)), bytes.Index(readme, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("README.md has no %q ... %q section", start, end)
	}
	got := string(readme[i+len(start) : j])
	if *updateREADME {
		out := append(append(append([]byte{}, readme[:i+len(start)]...), b.String()...), readme[j:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != b.String() {
		t.Errorf("README.md's table of causes is stale: go test ./interop -run TestREADMECauses -update-readme\n got:\n%s\nwant:\n%s", got, b.String())
	}
}

// code writes s as Markdown inline code, quoted Go-style where it holds
// bytes a table cell cannot show.
func code(s string) string {
	printable := s != "" && !strings.ContainsAny(s, "`")
	for _, r := range s {
		printable = printable && r > ' ' && r != 0x7F && r != utf8.RuneError && unicode.IsPrint(r)
	}
	if !printable {
		s = strconv.Quote(s)
	}
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}

func exampleText(ref string, ctx Context) string {
	s := code(ref)
	switch {
	case ctx.RequestTarget:
		s += " as a request target to " + code(ctx.Base)
	case ctx.Base != "":
		s += " against " + code(ctx.Base)
	}
	return s
}

// readingsText says, for each differing component, which readers read
// what, and which readers refuse.
func readingsText(rep *Report) string {
	var parts []string
	for _, c := range rep.Differs.List() {
		var groups []string
		done := map[Reader]bool{}
		for _, r := range Readers() {
			if done[r] || !rep.readings[r].OK() {
				continue
			}
			names := []string{r.String()}
			for _, o := range Readers() {
				if o > r && !done[o] && rep.readings[o].OK() && Equal(c, &rep.readings[r], &rep.readings[o]) {
					names = append(names, o.String())
					done[o] = true
				}
			}
			v, ok := rep.readings[r].Get(c)
			val := code(v)
			if !ok {
				val = "none"
			}
			groups = append(groups, strings.Join(names, ", ")+" "+val)
		}
		parts = append(parts, c.String()+": "+strings.Join(groups, "; "))
	}
	if rep.Refused != 0 {
		parts = append(parts, "refused by "+strings.ReplaceAll(rep.Refused.String(), ",", ", "))
	}
	return strings.Join(parts, "; ")
}

// connectText lists the endpoints, the clients that share one together.
func connectText(rep *Report) string {
	var groups []string
	done := map[Client]bool{}
	for _, c := range Clients() {
		e := rep.Connect(c)
		if done[c] || !e.OK() {
			continue
		}
		names := []string{c.String()}
		for _, o := range Clients() {
			if o > c && !done[o] && rep.Connect(o) == e {
				names = append(names, o.String())
				done[o] = true
			}
		}
		groups = append(groups, strings.Join(names, ", ")+" "+code(e.String()))
	}
	if groups == nil {
		return "none"
	}
	return strings.Join(groups, "; ")
}
