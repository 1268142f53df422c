package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/corpus"
)

func TestResolveText(t *testing.T) {
	out, errOut, code := runIRI(t, "g\n../x\n#s\nhttp://h/ x\n", "resolve", "--base", "http://a/b/c/d;p?q")
	check(t, "stdout", out, "http://a/b/c/g\nhttp://a/b/x\nhttp://a/b/c/d;p?q#s\n")
	check(t, "stderr", errOut, "<stdin>:4: iri: invalid IRI-reference at byte offset 9 in ipath: found ' ', expected ipchar, \"/\", \"?\" or \"#\" (ipath)\n")
	if code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
}

func TestResolveJSON(t *testing.T) {
	in := `{"input":"g","base":"http://x/y/z"}` + "\n" + `"../g"` + "\n" + `{"input":"g","base":"rel"}` + "\n" + `{"base":"http://x/"}` + "\n"
	out, errOut, code := runIRI(t, in, "resolve", "--json-in", "--json", "--base", "http://a/b/c/d;p?q")
	check(t, "stdout", out, `{"input":"g","base":"http://x/y/z","valid":true,"resolved":"http://x/y/g"}
{"input":"../g","valid":true,"resolved":"http://a/b/g"}
{"input":"g","base":"rel","valid":false,"error":{"offset":0,"message":"base: iri: base is not absolute (it has no scheme)"}}
{"input":"{\"base\":\"http://x/\"}","valid":false,"error":{"offset":0,"message":"<stdin>:4: the line is not a JSON string or an object with an \"input\" string: no \"input\" member"}}
`)
	check(t, "stderr", errOut, "<stdin>:4: bad JSON line: not a JSON string or an object with an \"input\" string: no \"input\" member\n")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	// Without --base, each object brings its own: a line without one is
	// a bad JSON line, as one without "input" is.
	out, errOut, code = runIRI(t, `{"input":"?y","base":"x:/a"}`+"\n"+`"g"`+"\n"+`{"input":"g"}`+"\n", "resolve", "--json-in", "--json")
	check(t, "stdout", out, `{"input":"?y","base":"x:/a","valid":true,"resolved":"x:/a?y"}
{"input":"\"g\"","valid":false,"error":{"offset":0,"message":"<stdin>:2: the line is not a JSON object with \"input\" and \"base\" strings: a string, without the \"base\" member"}}
{"input":"{\"input\":\"g\"}","valid":false,"error":{"offset":0,"message":"<stdin>:3: the line is not a JSON object with \"input\" and \"base\" strings: no \"base\" member"}}
`)
	check(t, "stderr", errOut, "<stdin>:2: bad JSON line: not a JSON object with \"input\" and \"base\" strings: a string, without the \"base\" member\n"+
		"<stdin>:3: bad JSON line: not a JSON object with \"input\" and \"base\" strings: no \"base\" member\n")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
}

// compare --json-in reads objects with "input" and "other": a line
// without either member, or a string, is a bad JSON line (exit 2) that
// names the missing member, whichever it is (a missing "other" was an
// invalid input, exit 1, a missing "input" a bad line); a line that is
// no object says so, not "not a JSON string"; a member of the wrong type
// is named without Go's types.
func TestCompareMissingMember(t *testing.T) {
	for _, tc := range []struct{ in, msg string }{
		{`{"input":"a"}`, `not a JSON object with "input" and "other" strings: no "other" member`},
		{`{"other":"a"}`, `not a JSON object with "input" and "other" strings: no "input" member`},
		{`123`, `not a JSON object with "input" and "other" strings`},
		{`"a"`, `not a JSON object with "input" and "other" strings: a string, without the "other" member`},
		{`{"input":5,"other":"a"}`, `not a JSON object with "input" and "other" strings: "input" is a number, not a string`},
		{`{"input":"a","other":["b"]}`, `not a JSON object with "input" and "other" strings: "other" is an array, not a string`},
	} {
		for _, jobs := range []string{"1", "2"} {
			out, errOut, code := runIRI(t, tc.in+"\n", "compare", "--json-in", "--aligned", "--jobs", jobs)
			if want := "<stdin>:1: bad JSON line: " + tc.msg + "\n"; out != "\n" || errOut != want || code != exitError {
				t.Errorf("%s --jobs %s: %q, exit %d, stderr %q; want exit 2, %q", tc.in, jobs, out, code, errOut, want)
			}
		}
	}
	_, errOut, _ := runIRI(t, "123\n", "resolve", "--json-in", "--base", "http://a/")
	check(t, "resolve, a number", errOut, "<stdin>:1: bad JSON line: not a JSON string or an object with an \"input\" string\n")
}

func TestRelativize(t *testing.T) {
	out, _, code := runIRI(t, "http://a/b/c/g\nhttp://a/g\nhttps://a/\n", "relativize", "--base", "http://a/b/c/d;p?q")
	check(t, "stdout", out, "g\n/g\nhttps://a/\n")
	if code != exitOK {
		t.Errorf("exit %d", code)
	}
	out, _, _ = runIRI(t, `{"input":"http://a/b/g","base":"http://a/b/c/d"}`+"\n", "relativize", "--json-in", "--json")
	check(t, "stdout", out, `{"input":"http://a/b/g","base":"http://a/b/c/d","valid":true,"relative":"../g"}`+"\n")
}

func TestNormalizeCommand(t *testing.T) {
	in := "HTTP://Example.COM:80\nhttp://résumé.example.org/%7e\nhttp://h/a/../%2fb\n"
	out, _, code := runIRI(t, in, "normalize")
	check(t, "syntax", out, "http://example.com:80\nhttp://résumé.example.org/~\nhttp://h/%2Fb\n")
	if code != exitOK {
		t.Errorf("exit %d", code)
	}
	out, _, _ = runIRI(t, in, "normalize", "--level", "scheme")
	check(t, "scheme", out, "http://example.com/\nhttp://résumé.example.org/~\nhttp://h/%2Fb\n")
	out, _, _ = runIRI(t, in, "normalize", "--level", "scheme", "--uri")
	check(t, "scheme, uri", out, "http://example.com/\nhttp://xn--rsum-bpad.example.org/~\nhttp://h/%2Fb\n")
	out, _, _ = runIRI(t, in, "normalize", "--level", "scheme", "--uri", "--no-idna")
	check(t, "scheme, uri, no IDNA", out, "http://example.com/\nhttp://r%C3%A9sum%C3%A9.example.org/~\nhttp://h/%2Fb\n")
	out, _, _ = runIRI(t, "http://h/re\u0301sume\u0301\nhttp://h/ｘ\n", "normalize", "--nfkc")
	check(t, "nfkc", out, "http://h/résumé\nhttp://h/x\n")
	out, _, _ = runIRI(t, "http://h/ros%C3%A9\n", "normalize", "--decode")
	check(t, "decode", out, "http://h/rosé\n")
	out, _, code = runIRI(t, `"HTTP://h/%7e"`+"\n"+`"a b"`+"\n", "normalize", "--json-in", "--json")
	check(t, "json", out, `{"input":"HTTP://h/%7e","valid":true,"normalized":"http://h/~"}
{"input":"a b","valid":false,"error":{"offset":1,"message":"iri: invalid IRI-reference at byte offset 1 in ipath: found ' ', expected ipchar, \"/\", \"?\" or \"#\" (ipath)"}}
`)
	if code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
}

func TestCompareCommand(t *testing.T) {
	for _, tt := range []struct {
		a, b, want string
		code       int
	}{
		{"http://example.com/", "http://example.com/", "simple\n", exitOK},
		{"http://example.org/~user", "http://example.org/%7Euser", "syntax\n", exitOK},
		{"http://example.com", "http://example.com:80/", "scheme\n", exitOK},
		{"http://example.com/?", "http://example.com/", "none\n", exitInvalid},
	} {
		out, _, code := runIRI(t, "", "compare", tt.a, tt.b)
		check(t, tt.a+" "+tt.b, out, tt.want)
		if code != tt.code {
			t.Errorf("compare %s %s: exit %d, want %d", tt.a, tt.b, code, tt.code)
		}
	}
	in := `{"input":"http://a/%7e","other":"http://a/~"}` + "\n" + `{"input":"http://a/","other":"http://b/"}` + "\n" + `{"input":"http://a/","other":"b c"}` + "\n"
	out, _, code := runIRI(t, in, "compare", "--json-in", "--json")
	check(t, "json", out, `{"input":"http://a/%7e","other":"http://a/~","valid":true,"equal":true,"rung":"syntax"}
{"input":"http://a/","other":"http://b/","valid":true,"equal":false,"rung":null}
{"input":"http://a/","other":"b c","valid":false,"error":{"offset":1,"message":"other: iri: invalid IRI-reference at byte offset 1 in ipath: found ' ', expected ipchar, \"/\", \"?\" or \"#\" (ipath)"}}
`)
	if code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
}

func TestOpUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"resolve"},
		{"resolve", "--base", "relative/base"},
		{"resolve", "--base", "http://a b"},
		{"relativize"},
		{"normalize", "--level", "protocol"},
		{"normalize", "--nfc", "--nfkc"},
		{"normalize", "--uri", "--nfc"},
		{"compare", "http://a/"},
	} {
		if _, errOut, code := runIRI(t, "", args...); code != exitError || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
}

// compare --json A B writes compare's record; --json-in reads objects
// and, without --json, prints a rung a line.
func TestCompareJSONAndText(t *testing.T) {
	out, _, code := runIRI(t, "", "compare", "--json", "http://a/%7e", "http://a/~")
	check(t, "compare --json A B", out, `{"input":"http://a/%7e","other":"http://a/~","valid":true,"equal":true,"rung":"syntax"}`+"\n")
	if code != exitOK {
		t.Errorf("equal: exit %d", code)
	}
	out, _, code = runIRI(t, "", "compare", "--json", "http://a/", "b c")
	if code != exitInvalid || !strings.Contains(out, `"valid":false`) || !strings.Contains(out, `"message":"other: iri: invalid`) {
		t.Errorf("invalid B: exit %d, %q", code, out)
	}
	out, _, code = runIRI(t, "", "compare", "--json", "http://a/", "http://b/")
	if code != exitInvalid || !strings.Contains(out, `"equal":false,"rung":null`) {
		t.Errorf("unequal: exit %d, %q", code, out)
	}
	in := `{"input":"http://a/%7e","other":"http://a/~"}` + "\n" + `{"input":"http://a/","other":"http://b/"}` + "\n" + `{"input":"a b","other":"x"}` + "\n"
	out, errOut, code := runIRI(t, in, "compare", "--json-in")
	check(t, "compare --json-in", out, "syntax\nnone\n")
	if code != exitInvalid || !strings.HasPrefix(errOut, "<stdin>:3: iri: invalid") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// With --aligned the commands that write one line per valid input write
// one per input line, an empty one for an invalid input, on both
// engines: line N of the output is line N's result, which is what --json
// says it is (to-uri and normalize once dropped invalid lines, so their
// output no longer lined up with the input).
func TestAligned(t *testing.T) {
	text, _ := jobsInput(t)
	files := []string{text[0], text[2]}
	var lines int
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines += strings.Count(string(b), "\n")
	}
	for _, tc := range []struct {
		args   []string
		member string
	}{
		{[]string{"to-uri"}, "uri"}, {[]string{"to-uri", "--idna"}, "uri"}, {[]string{"to-iri"}, "iri"},
		{[]string{"resolve", "--base", "http://a/b/c"}, "resolved"}, {[]string{"relativize", "--base", "http://a/b/c"}, "relative"},
		{[]string{"normalize", "--level", "scheme"}, "normalized"}, {[]string{"key"}, "key"},
	} {
		recs, _, _ := runIRI(t, "", append(append(slices.Clone(tc.args), "--json"), files...)...)
		var want []string
		invalid := 0
		for _, l := range strings.Split(strings.TrimSuffix(recs, "\n"), "\n") {
			var rec map[string]any
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			s, _ := rec[tc.member].(string)
			if rec["valid"] != true {
				invalid++
			}
			want = append(want, s)
		}
		if len(want) != lines || invalid == 0 {
			t.Fatalf("%v --json: %d records for %d lines, %d invalid", tc.args, len(want), lines, invalid)
		}
		for _, jobs := range []string{"1", "2", "5"} {
			args := append(append(slices.Clone(tc.args), "--aligned", "--jobs", jobs), files...)
			out, errOut, code := runIRI(t, "", args...)
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if !slices.Equal(got, want) || code != exitInvalid || strings.Count(errOut, "\n") < invalid {
				t.Errorf("%v: %d lines, exit %d, %d lines on stderr; want the %d results of --json, 1, a message for each of %d invalid", args, len(got), code, strings.Count(errOut, "\n"), len(want), invalid)
			}
		}
	}
	// Lines that cannot be read are lines too: bad JSON lines, lines
	// --from-encoding cannot decode, a last line without its LF.
	for _, tc := range []struct {
		in   string
		args []string
		want string
	}{
		{"\"a\"\nb\n\"c d\"\n\"e\"", []string{"to-uri", "--json-in"}, "a\n\n\ne\n"},
		{"http://a/\n\x82\nb", []string{"to-uri", "--from-encoding", "Shift_JIS"}, "http://a/\n\nb\n"},
		{`{"input":"a","other":"a"}` + "\n" + `{"input":"b"}` + "\n" + `{"input":"c","other":"d"}`, []string{"compare", "--json-in"}, "simple\n\nnone\n"},
		{"g\n%zz\n", []string{"resolve", "--json-in", "--base", "http://h/"}, "\n\n"},
	} {
		for _, jobs := range []string{"1", "2"} {
			out, _, _ := runIRI(t, tc.in, append(slices.Clone(tc.args), "--aligned", "--jobs", jobs)...)
			check(t, fmt.Sprint(tc.args, " --jobs ", jobs), out, tc.want)
		}
	}
}

// iri key gives iri.Key of every line of the corpora and testdata, and an
// empty line for an invalid one (--aligned).
func TestKeyCommand(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpus.Dir(), "*.txt"))
	more, _ := filepath.Glob("../../testdata/*.txt")
	files = append(files, more...)
	if len(files) < 4 {
		t.Fatalf("corpora %v: too few", files)
	}
	var want strings.Builder
	keys := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSuffix(string(trimBOM(b)), "\n"), "\n") {
			if u, err := iri.ParseReference(string(trimEOL([]byte(l)))); err == nil {
				want.WriteString(iri.Key(u))
				keys[iri.Key(u)] = true
			}
			want.WriteByte('\n')
		}
	}
	out, _, code := runIRI(t, "", append([]string{"key", "--aligned"}, files...)...)
	if out != want.String() || code != exitInvalid {
		got, w := strings.Split(out, "\n"), strings.Split(want.String(), "\n")
		for i := range min(len(got), len(w)) {
			if got[i] != w[i] {
				t.Fatalf("line %d: key %q, iri.Key %q (exit %d)", i+1, got[i], w[i], code)
			}
		}
		t.Fatalf("%d lines, iri.Key gives %d", len(got), len(w))
	}
	if len(keys) < 1000 {
		t.Errorf("only %d distinct keys: the test compares little", len(keys))
	}
	out, _, _ = runIRI(t, "HTTP://例え.jp:80/%7e\n", "key", "--json")
	check(t, "key --json", out, `{"input":"HTTP://例え.jp:80/%7e","valid":true,"key":"http://xn--r8jz45g.jp/~"}`+"\n")
}

// normalize takes --allow-bidi, as every other command that reads
// references does (it parsed with it, then normalized without it, and
// refused every bidi formatting character "--allow-bidi" let in).
func TestNormalizeAllowBidi(t *testing.T) {
	in := "HTTP://x/\u200fg/./h\n"
	for _, tc := range []struct {
		args []string
		out  string
	}{
		{[]string{"normalize"}, "http://x/\u200fg/h\n"},
		{[]string{"normalize", "--level", "scheme"}, "http://x/\u200fg/h\n"},
		{[]string{"normalize", "--uri"}, "http://x/%E2%80%8Fg/h\n"},
		{[]string{"normalize", "--nfc"}, "http://x/\u200fg/h\n"},
		{[]string{"normalize", "--decode"}, "http://x/\u200fg/h\n"},
		{[]string{"parse", "--json"}, ""},
		{[]string{"check"}, ""},
		{[]string{"to-uri"}, "HTTP://x/%E2%80%8Fg/./h\n"},
		{[]string{"to-iri"}, "HTTP://x/\u200fg/./h\n"},
		{[]string{"resolve", "--base", "http://a/"}, "HTTP://x/\u200fg/h\n"},
		{[]string{"relativize", "--base", "http://x/"}, ""},
		{[]string{"key"}, "http://x/%E2%80%8Fg/h\n"},
		{[]string{"display"}, ""},
	} {
		for _, jobs := range []string{"1", "2"} {
			args := append(append([]string{}, tc.args...), "--allow-bidi", "--jobs", jobs)
			out, errOut, code := runIRI(t, in, args...)
			if code != exitOK || errOut != "" {
				t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
			}
			if tc.out != "" {
				check(t, strings.Join(args, " "), out, tc.out)
			}
		}
		if tc.args[0] == "normalize" {
			if _, _, code := runIRI(t, in, tc.args...); code != exitInvalid {
				t.Errorf("%v without --allow-bidi: exit %d, want 1", tc.args, code)
			}
		}
	}
}

// A base, --base or a line's, is read under one rule: the absolute rule
// of --rule's family (IRI, or URI for the URI rules), with --allow-bidi,
// so that --base is refused at start-up exactly when it would fail on
// every line (--allow-bidi was ignored there, and a non-ASCII base passed
// start-up under --rule URI, then failed on every line; under
// --rule relative-ref every base failed).
func TestBaseRule(t *testing.T) {
	for _, tc := range []struct {
		args []string
		out  string
		code int
		err  string
	}{
		{[]string{"resolve", "--allow-bidi", "--base", "http://x/\u200f/"}, "http://x/\u200f/g\n", exitOK, ""},
		{[]string{"resolve", "--base", "http://x/\u200f/"}, "", exitError, "iri: --base: iri: invalid IRI at byte offset 9"},
		{[]string{"resolve", "--rule", "URI", "--base", "http://例/"}, "", exitError, "iri: --base: iri: invalid URI at byte offset 7"},
		{[]string{"resolve", "--rule", "URI", "--base", "http://a/b"}, "", exitInvalid, "<stdin>:1: iri: invalid URI at byte offset 1 in scheme"},
		{[]string{"resolve", "--rule", "relative-ref", "--base", "http://a/b"}, "http://a/g\n", exitOK, ""},
		{[]string{"relativize", "--rule", "absolute-IRI", "--base", "http://a/b#f"}, "", exitInvalid, "<stdin>:1: iri: invalid absolute-IRI"},
		{[]string{"resolve", "--base", "a/b"}, "", exitError, "iri: --base: iri: base is not absolute"},
		{[]string{"resolve", "--rule", "URI-reference", "--base", "a/b"}, "", exitError, "iri: --base: iri: base is not absolute"},
	} {
		for _, jobs := range []string{"1", "2"} {
			out, errOut, code := runIRI(t, "g\n", append(tc.args, "--jobs", jobs)...)
			if out != tc.out || code != tc.code || !strings.HasPrefix(errOut, tc.err) {
				t.Errorf("%v --jobs %s: %q, exit %d, stderr %q; want %q, %d, %q", tc.args, jobs, out, code, errOut, tc.out, tc.code, tc.err)
			}
		}
	}
	// A line's base, under the same rule.
	in := `{"input":"g","base":"http://例/"}` + "\n" + `{"input":"g","base":"http://x/` + "\u200f" + `/"}` + "\n"
	out, _, _ := runIRI(t, in, "resolve", "--json-in", "--allow-bidi", "--rule", "URI-reference")
	check(t, "bases of lines", out, "")
	out, _, _ = runIRI(t, in, "resolve", "--json-in", "--allow-bidi")
	check(t, "bases of lines", out, "http://例/g\nhttp://x/\u200f/g\n")
}
