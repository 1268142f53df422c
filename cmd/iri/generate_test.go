package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri/generate"
	"github.com/irikit/iri/internal/hostile"
	"github.com/irikit/iri/scanner"
)

// Text mode prints the generator's inputs, one a line.
func TestGenerateText(t *testing.T) {
	out, errOut, code := runIRI(t, "", "generate", "--n", "50", "--seed", "9", "--invalid", "0.3", "--rule", "IRI", "--script", "cjk", "--max-len", "60")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	g := generate.New(generate.Options{Rule: scanner.IRI, Seed: 9, Invalid: 0.3, Script: generate.ScriptCJK, MaxLen: 60})
	var want strings.Builder
	for i := 0; i < 50; i++ {
		want.WriteString(g.Next().Input + "\n")
	}
	check(t, "generate", out, want.String())
}

// genLine is a --json record as another program reads it.
type genLine struct {
	Input       string   `json:"input"`
	InputBase64 *string  `json:"input_base64"`
	Valid       bool     `json:"valid"`
	Rule        string   `json:"rule"`
	Mutation    string   `json:"mutation"`
	Offset      int      `json:"offset"`
	Code        string   `json:"code"`
	Component   string   `json:"component"`
	Productions []string `json:"productions"`
	Features    []string `json:"features"`
}

// --json records carry the labels, the exact bytes of a non-UTF-8 input,
// and for valid samples the components exactly as parse --json gives
// them; check --json agrees with every invalid sample's offset.
func TestGenerateJSON(t *testing.T) {
	out, _, code := runIRI(t, "", "generate", "--json", "--n", "400", "--invalid", "0.5", "--seed", "3", "--iprivate")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 400 {
		t.Fatalf("%d lines", len(lines))
	}
	nonUTF8 := 0
	for _, l := range lines {
		var rec genLine
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal([]byte(l), &raw)
		for _, k := range []string{"input", "valid", "rule", "mutation", "offset", "productions", "features"} {
			if _, ok := raw[k]; !ok {
				t.Fatalf("%s: no %q", l, k)
			}
		}
		in := rec.Input
		if rec.InputBase64 != nil {
			b, err := base64.StdEncoding.DecodeString(*rec.InputBase64)
			if err != nil {
				t.Fatal(err)
			}
			in = string(b)
			nonUTF8++
		}
		if rec.Rule != "IRI-reference" || len(rec.Productions) == 0 || rec.Features == nil {
			t.Errorf("%s: rule, productions or features wrong", l)
		}
		res := scanner.Scan(in, scanner.IRIReference, 0)
		if rec.Valid {
			// The components, as parse --json names them.
			q, _ := json.Marshal(in)
			pout, _, _ := runIRI(t, string(q)+"\n", "parse", "--json", "--json-in")
			var want, got map[string]any
			json.Unmarshal([]byte(pout), &want)
			json.Unmarshal([]byte(l), &got)
			for _, k := range []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment", "host_kind"} {
				if w, g := want[k], got[k]; w != g {
					t.Errorf("%s: %s = %v, parse --json says %v", l, k, g, w)
				}
			}
			if rec.Mutation != "" || rec.Offset != -1 || rec.Code != "" {
				t.Errorf("%s: a valid sample with a mutation, offset or code", l)
			}
			continue
		}
		if res.OK() || int(res.Offset) != rec.Offset || res.Code.String() != rec.Code || rec.Mutation == "" {
			t.Errorf("%s: the scanner says %v at %d", l, res.Code, res.Offset)
		}
		if rec.Component != componentNames[res.Component] {
			t.Errorf("%s: component %q, the scanner says %q", l, rec.Component, componentNames[res.Component])
		}
	}
	if nonUTF8 == 0 {
		t.Error("no sample needed input_base64: the test does not reach it")
	}
}

// --dict prints the dictionary; --corpus writes seed corpus files.
func TestGenerateDictAndCorpus(t *testing.T) {
	out, _, code := runIRI(t, "", "generate", "--dict")
	if code != exitOK || out != string(generate.AppendDict(nil)) {
		t.Errorf("--dict: exit %d, output differs from generate.AppendDict", code)
	}
	dir := filepath.Join(t.TempDir(), "FuzzX")
	if _, errOut, code := runIRI(t, "", "generate", "--corpus", dir, "--n", "20", "--seed", "4"); code != exitOK {
		t.Fatalf("--corpus: exit %d: %s", code, errOut)
	}
	g := generate.New(generate.Options{Seed: 4})
	for i := 0; i < 20; i++ {
		name, content := generate.CorpusFile(g.Next().Input)
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != string(content) {
			t.Errorf("corpus file %s: %q, %v", name, got, err)
		}
	}
	ddir := t.TempDir()
	runIRI(t, "", "generate", "--corpus", ddir, "--dict")
	if files, _ := os.ReadDir(ddir); len(files) != len(generate.Dict()) {
		t.Errorf("--corpus --dict wrote %d files for %d tokens", len(files), len(generate.Dict()))
	}
	if _, errOut, code := runIRI(t, "", "generate", "--corpus", "/proc/no/such/dir"); code != exitError || errOut == "" {
		t.Errorf("an unwritable --corpus: exit %d, stderr %q", code, errOut)
	}
}

func TestGenerateUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--invalid", "2"}, {"--invalid", "-0.1"}, {"--invalid", "NaN"}, {"--max-len", "5"},
		{"--script", "klingon"}, {"--n", "-1"}, {"--rule", "URL"}, {"extra"},
		{"--mutation", "no-such"}, {"--mutation", "fragment-in-absolute"},
	} {
		if _, errOut, code := runIRI(t, "", append([]string{"generate"}, args...)...); code != exitError || errOut == "" {
			t.Errorf("generate %v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// scoreOf runs score on lines and returns its JSON report and status.
func scoreOf(t *testing.T, lines string, args ...string) (scoreReport, string, int) {
	t.Helper()
	out, errOut, code := runIRI(t, lines, append([]string{"score", "--json"}, args...)...)
	var rep scoreReport
	if out != "" {
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("score --json wrote %q: %v", out, err)
		}
	}
	return rep, errOut, code
}

// withVerdict adds got_valid (and got, when components) to each line of
// generate --json output, from verdict.
func withVerdict(t *testing.T, out string, verdict func(rec map[string]any) (bool, map[string]any)) string {
	var b strings.Builder
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		ok, got := verdict(rec)
		rec["got_valid"] = ok
		if got != nil {
			rec["got"] = got
		}
		l, _ := json.Marshal(rec)
		b.Write(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// A parser that agrees with every label scores 100 % and exit 0; one
// that accepts everything scores the valid share, with every invalid
// sample counted as accepted under its mutation, and exit 1.
func TestScore(t *testing.T) {
	gen, _, _ := runIRI(t, "", "generate", "--json", "--n", "2000", "--invalid", "0.5", "--seed", "8")
	perfect := withVerdict(t, gen, func(rec map[string]any) (bool, map[string]any) {
		valid := rec["valid"].(bool)
		if !valid {
			return false, nil
		}
		got := map[string]any{}
		for _, k := range scoreComponents {
			got[k] = rec[k]
		}
		return true, got
	})
	rep, errOut, code := scoreOf(t, perfect)
	if code != exitOK || errOut != "" || rep.Samples != 2000 || rep.Agreed != 2000 {
		t.Fatalf("perfect parser: exit %d, %+v, stderr %q", code, rep.tally, errOut)
	}
	if len(rep.Components) != len(scoreComponents) || rep.Components[2].Compared == 0 || rep.Components[2].Agreed != rep.Components[2].Compared {
		t.Errorf("perfect parser: components %+v", rep.Components)
	}
	if len(rep.Mutations) != len(generate.Mutations())-countRuleless() || len(rep.Productions) == 0 || len(rep.Features) != len(generate.AllFeatures()) {
		t.Errorf("perfect parser: %d mutations, %d productions, %d features", len(rep.Mutations), len(rep.Productions), len(rep.Features))
	}

	lenient := withVerdict(t, gen, func(map[string]any) (bool, map[string]any) { return true, nil })
	rep, _, code = scoreOf(t, lenient)
	invalid := strings.Count(gen, `"valid":false`)
	if code != exitInvalid || rep.InvalidAccepted != invalid || rep.ValidRejected != 0 || rep.Agreed != 2000-invalid {
		t.Errorf("lenient parser: exit %d, %+v (%d invalid)", code, rep.tally, invalid)
	}
	for _, m := range rep.Mutations {
		if m.Agreed != 0 || m.InvalidAccepted != m.Samples {
			t.Errorf("lenient parser: mutation %+v", m)
		}
	}

	// The text report names the parts.
	out, _, _ := runIRI(t, lenient, "score")
	for _, want := range []string{"2000 samples", "mutation", "forbidden-byte", "production", "ipath-abempty", "feature", "ipv6-9"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text report lacks %q:\n%s", want, out)
		}
	}
}

// countRuleless counts the mutations IRI-reference has not.
func countRuleless() int {
	n := 0
	for _, m := range generate.Mutations() {
		if !generate.MutationApplies(m, scanner.IRIReference) {
			n++
		}
	}
	return n
}

// Component disagreements count, and make the exit status 1.
func TestScoreComponents(t *testing.T) {
	lines := `{"input":"http://h/","valid":true,"rule":"IRI","mutation":"","offset":-1,"productions":["IRI"],"features":[],"scheme":"http","userinfo":null,"host":"h","port":null,"path":"/","query":null,"fragment":null,"host_kind":"reg-name","got_valid":true,"got":{"scheme":"HTTP","host":"h","port":null,"query":""}}` + "\n"
	rep, _, code := scoreOf(t, lines)
	want := []compTally{{"scheme", 1, 0}, {"host", 1, 1}, {"port", 1, 1}, {"query", 1, 0}}
	if code != exitInvalid || len(rep.Components) != len(want) {
		t.Fatalf("exit %d, components %+v", code, rep.Components)
	}
	for i, c := range want {
		if rep.Components[i] != c {
			t.Errorf("component %d: %+v, want %+v", i, rep.Components[i], c)
		}
	}
}

// A line score cannot read is reported with its place, the others are
// scored, and the exit status is 2.
func TestScoreBadLines(t *testing.T) {
	good := `{"valid":true,"got_valid":true,"rule":"IRI"}`
	for _, bad := range []string{`not json`, `{"valid":true}`, `{"got_valid":true}`, `"a string"`, `{"valid":true,"got_valid":true,"got":{"hostname":"x"}}`} {
		rep, errOut, code := scoreOf(t, good+"\n\n"+bad+"\n"+good+"\n")
		if code != exitError || !strings.Contains(errOut, "<stdin>:3: bad score line") || rep.Samples != 2 {
			t.Errorf("%s: exit %d, %d samples, stderr %q", bad, code, rep.Samples, errOut)
		}
	}
	// The messages speak of the JSON text, not of Go's types ("cannot
	// unmarshal string into Go value of type main.scoreLine").
	// alt is the same message under a Go release whose encoding/json
	// names a map's key in the path (Go 1.27: "got.host"; 1.26: "got").
	for _, tc := range []struct{ in, msg, alt string }{
		{`"a string"`, "the line is a string, not an object", ""},
		{`[1]`, "the line is an array, not an object", ""},
		{`{"valid":"yes","got_valid":true}`, `"valid" is a string, not true or false`, ""},
		{`{"valid":true,"got_valid":true,"productions":"x"}`, `"productions" is a string, not an array`, ""},
		{`{"valid":true,"got_valid":true,"got":{"host":5}}`, `"got" is a number, not a string`, `"got.host" is a number, not a string`},
	} {
		_, errOut, _ := scoreOf(t, tc.in+"\n")
		if tc.alt != "" && errOut == "<stdin>:1: bad score line: "+tc.alt+"\n" {
			continue
		}
		check(t, tc.in, errOut, "<stdin>:1: bad score line: "+tc.msg+"\n")
	}
}

// generate runs in time linear in --n, score in its input, however
// hostile the lines.
func TestGenerateScoreLinear(t *testing.T) {
	hostile.RequireLinear(t)
	if testing.Short() || raceEnabled {
		t.Skip("slow under -short and -race; CI runs it without them")
	}
	hostile.CheckLinear(t, "iri generate --json", func(s string) int {
		return runCount("", "generate", "--json", "--invalid", "0.5", "--n", strconv.Itoa(len(s)/64))
	}, hostile.Family{Name: "n", Make: func(n int) string { return strings.Repeat("x", n) }})
	families := []hostile.Family{
		{Name: "long-input", Make: func(n int) string {
			return `{"input":"` + strings.Repeat("a", n) + `","valid":true,"got_valid":false,"rule":"IRI"}`
		}},
		{Name: "many-productions", Make: func(n int) string {
			return `{"valid":true,"got_valid":false,"productions":[` + strings.Repeat(`"ipchar",`, n/9) + `"IRI"]}`
		}},
		{Name: "distinct-features", Make: func(n int) string {
			var b strings.Builder
			b.WriteString(`{"valid":false,"got_valid":true,"features":["f"`)
			for i := 0; b.Len() < n; i++ {
				b.WriteString(`,"f` + strconv.Itoa(i) + `"`)
			}
			b.WriteString(`]}`)
			return b.String()
		}},
	}
	// Many lines, each with distinct names, long and short: score keeps a
	// bounded number of them (it once grew to 1.3 GB on 500,000 lines).
	for _, width := range []int{8, 4 << 10} {
		families = append(families, hostile.Family{Name: "distinct-names-lines-" + strconv.Itoa(width), Make: func(n int) string {
			return scoreLines(n/(width+90), width)
		}})
	}
	for _, fam := range families {
		hostile.CheckLinear(t, "iri score", func(s string) int { return runCount(s, "score") }, fam)
	}
}

// --mutation draws invalid samples from the named mutations only.
func TestGenerateMutation(t *testing.T) {
	out, _, code := runIRI(t, "", "generate", "--json", "--invalid", "1", "--n", "50", "--mutation", "ipv6-zone", "--mutation", "bidi")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var rec genLine
		json.Unmarshal([]byte(l), &rec)
		if rec.Mutation != "ipv6-zone" && rec.Mutation != "bidi" {
			t.Errorf("%s: mutation %q", l, rec.Mutation)
		}
	}
}
