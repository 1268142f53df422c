package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/irikit/iri"
	"github.com/spf13/pflag"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
)

// runIRI runs the command with args on stdin and returns its standard
// output, standard error and exit status.
func runIRI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// writeFile writes content to a new file in a temporary directory and
// returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// check compares got with want and reports a difference.
func check(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got: %q\nwant: %q\n got:\n%s\nwant:\n%s", what, got, want, got, want)
	}
}

// TestParseText checks the text blocks of parse, null vs empty components included.
func TestParseText(t *testing.T) {
	in := "http://user@[::1]:8080/a?q#f\nhttp://h?\nhttp://h\na:\nfile:///x\n\nhttp://a b\n"
	out, errOut, code := runIRI(t, in, "parse")
	want := `http://user@[::1]:8080/a?q#f
  scheme:   http
  userinfo: user
  host:     [::1] (ipv6)
  port:     8080
  path:     /a
  query:    q
  fragment: f

http://h?
  scheme:   http
  host:     h (reg-name)
  path:
  query:

http://h
  scheme:   http
  host:     h (reg-name)
  path:

a:
  scheme:   a
  path:

file:///x
  scheme:   file
  host:     (reg-name)
  path:     /x


  path:

http://a b
  error: iri: invalid IRI-reference at byte offset 8 in iauthority: found ' ', expected iuserinfo "@", ihost, ":" port, or "/", "?", "#" after the authority
`
	check(t, "stdout", out, want)
	check(t, "stderr", errOut, "")
	if code != exitInvalid {
		t.Errorf("exit status %d, want %d", code, exitInvalid)
	}
}

// TestParseTextEscapes checks that parse shows non-printable bytes escaped.
func TestParseTextEscapes(t *testing.T) {
	// A valid relative reference whose display needs no escape, and an
	// invalid one with a tab, a NUL, a backslash and a bad byte.
	out, _, code := runIRI(t, "a\tb\x00\\\xff\n", "parse")
	want := "a\\tb\\x00\\\\\\xff\n  error: iri: invalid IRI-reference at byte offset 1 in ipath: found control character '\\t', expected ipchar, \"/\", \"?\" or \"#\" (ipath)\n"
	check(t, "stdout", out, want)
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestParseJSON checks the JSON records of parse, exactly.
func TestParseJSON(t *testing.T) {
	in := strings.Join([]string{
		`"http://h?"`,
		`"http://h"`,
		`"a:"`,
		`  "https://u:p@[2001:db8::1]:8443/p#f"  `,
		`"http://192.0.2.1:/"`,
		`"//[v1.x]"`,
		`"http://例え.jp/a?x=1&y=2"`,
		`""`,
		`"http://a\nb"`,
		`"http://a/<b>"`,
	}, "\n") + "\n"
	out, errOut, code := runIRI(t, in, "parse", "--json-in", "--json")
	want := `{"input":"http://h?","valid":true,"scheme":"http","userinfo":null,"host":"h","port":null,"path":"","query":"","fragment":null,"host_kind":"reg-name"}
{"input":"http://h","valid":true,"scheme":"http","userinfo":null,"host":"h","port":null,"path":"","query":null,"fragment":null,"host_kind":"reg-name"}
{"input":"a:","valid":true,"scheme":"a","userinfo":null,"host":null,"port":null,"path":"","query":null,"fragment":null,"host_kind":null}
{"input":"https://u:p@[2001:db8::1]:8443/p#f","valid":true,"scheme":"https","userinfo":"u:p","host":"[2001:db8::1]","port":"8443","path":"/p","query":null,"fragment":"f","host_kind":"ipv6"}
{"input":"http://192.0.2.1:/","valid":true,"scheme":"http","userinfo":null,"host":"192.0.2.1","port":"","path":"/","query":null,"fragment":null,"host_kind":"ipv4"}
{"input":"//[v1.x]","valid":true,"scheme":null,"userinfo":null,"host":"[v1.x]","port":null,"path":"","query":null,"fragment":null,"host_kind":"ipvfuture"}
{"input":"http://例え.jp/a?x=1&y=2","valid":true,"scheme":"http","userinfo":null,"host":"例え.jp","port":null,"path":"/a","query":"x=1&y=2","fragment":null,"host_kind":"reg-name"}
{"input":"","valid":true,"scheme":null,"userinfo":null,"host":null,"port":null,"path":"","query":null,"fragment":null,"host_kind":null}
{"input":"http://a\nb","valid":false,"error":{"offset":8,"message":"iri: invalid IRI-reference at byte offset 8 in iauthority: found control character '\\n', expected iuserinfo \"@\", ihost, \":\" port, or \"/\", \"?\", \"#\" after the authority"}}
{"input":"http://a/<b>","valid":false,"error":{"offset":9,"message":"iri: invalid IRI-reference at byte offset 9 in ipath: found '<', expected ipchar, \"/\", \"?\" or \"#\" (ipath)"}}
`
	check(t, "stdout", out, want)
	check(t, "stderr", errOut, "")
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
	// Every line is one JSON object that decodes.
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
}

// TestCheckText checks the three-line reports of check, with carets.
func TestCheckText(t *testing.T) {
	p := writeFile(t, "in.txt", "http://ok/\nhttp://例え.jp/パ ス\nhttp://ok/2\nhttp://a/%zz\nhttp://a/\x01\xff\n\u200e\nhttp://h/x\\y")
	out, errOut, code := runIRI(t, "", "check", p)
	want := p + `:2: iri: invalid IRI-reference at byte offset 20 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
http://例え.jp/パ ス
                 ^
` + p + `:4: iri: invalid IRI-reference at byte offset 9 in ipath: "%" must be followed by two hex digits (pct-encoded = "%" HEXDIG HEXDIG)
http://a/%zz
         ^
` + p + `:5: iri: invalid IRI-reference at byte offset 9 in ipath: found control character '\x01', expected ipchar, "/", "?" or "#" (ipath)
http://a/\x01\xff
         ^
` + p + `:6: iri: invalid IRI-reference at byte offset 0 in ipath: found U+200E: bidi formatting characters must not appear in IRIs (RFC 3987 section 4.1)
\u200e
^
` + p + `:7: iri: invalid IRI-reference at byte offset 10 in ipath: found '\\', expected ipchar, "/", "?" or "#" (ipath)
http://h/x\\y
          ^
`
	check(t, "stdout", out, want)
	check(t, "stderr", errOut, "")
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestCheckCaretCJK checks the caret column under wide characters and escapes.
func TestCheckCaretCJK(t *testing.T) {
	// Wide characters count two cells, a combining mark none: the caret
	// must land under the space.
	in := "//東京/ｘ\u0301é x\n"
	out, _, _ := runIRI(t, in, "check")
	lines := strings.Split(out, "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines: %q", len(lines), out)
	}
	check(t, "display", lines[1], "//東京/ｘ\u0301é x")
	// "//" 2 + "東京" 4 + "/" 1 + "ｘ" 2 + U+0301 0 + "é" 1 = 10.
	check(t, "caret", lines[2], strings.Repeat(" ", 10)+"^")
	// Escapes count their length: "\x00" 4 cells.
	out, _, _ = runIRI(t, "東\x00\n", "check")
	check(t, "escape", out, `<stdin>:1: iri: invalid IRI-reference at byte offset 3 in ipath: found control character '\x00', expected ipchar, "/", "?" or "#" (ipath)
東\x00
  ^
`)
}

// TestCheckCaretAtEnd checks the caret just past the end of a truncated input.
func TestCheckCaretAtEnd(t *testing.T) {
	out, _, _ := runIRI(t, "http://[::1\n", "check")
	want := `<stdin>:1: iri: invalid IRI-reference at byte offset 11 in ihost: found end of input, expected the "]" that closes IP-literal
http://[::1
           ^
`
	check(t, "stdout", out, want)
}

// TestCheckJSON checks that check --json prints a record for every line.
func TestCheckJSON(t *testing.T) {
	out, _, code := runIRI(t, "\"http://a/\"\n\"http://a b\"\n", "check", "--json-in", "--json")
	want := `{"input":"http://a/","valid":true,"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":null,"fragment":null,"host_kind":"reg-name"}
{"input":"http://a b","valid":false,"error":{"offset":8,"message":"iri: invalid IRI-reference at byte offset 8 in iauthority: found ' ', expected iuserinfo \"@\", ihost, \":\" port, or \"/\", \"?\", \"#\" after the authority"}}
`
	check(t, "stdout", out, want)
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestToURIText checks to-uri output and its messages on standard error.
func TestToURIText(t *testing.T) {
	in := "http://例え.jp/パス?q=値#frag\nhttp://a b\nhttps://[::1]/%41\n"
	out, errOut, code := runIRI(t, in, "to-uri")
	check(t, "stdout", out, "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4#frag\nhttps://[::1]/%41\n")
	check(t, "stderr", errOut, `<stdin>:2: iri: invalid IRI-reference at byte offset 8 in iauthority: found ' ', expected iuserinfo "@", ihost, ":" port, or "/", "?", "#" after the authority`+"\n")
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestToURIJSON checks the uri member of to-uri --json.
func TestToURIJSON(t *testing.T) {
	in := "\"http://ja.dbpedia.org/resource/流山市\"\n\"%\"\n"
	out, errOut, code := runIRI(t, in, "to-uri", "--json-in", "--json")
	want := `{"input":"http://ja.dbpedia.org/resource/流山市","valid":true,"scheme":"http","userinfo":null,"host":"ja.dbpedia.org","port":null,"path":"/resource/流山市","query":null,"fragment":null,"host_kind":"reg-name","uri":"http://ja.dbpedia.org/resource/%E6%B5%81%E5%B1%B1%E5%B8%82"}
{"input":"%","valid":false,"error":{"offset":0,"message":"iri: invalid IRI-reference at byte offset 0 in ipath: \"%\" must be followed by two hex digits (pct-encoded = \"%\" HEXDIG HEXDIG)"}}
`
	check(t, "stdout", out, want)
	check(t, "stderr", errOut, "")
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestToIRIText checks to-iri output (RFC 3987 section 3.2 and its
// examples) and its messages on standard error.
func TestToIRIText(t *testing.T) {
	in := "http://www.example.org/D%C3%BCrst\nhttp://www.example.org/D%FCrst\nhttp://xn--99zt52a.example.org/%e2%80%ae\nhttp://a b\nhttp://h/a%2Fb?q=%E5%80%A4\n"
	out, errOut, code := runIRI(t, in, "to-iri")
	check(t, "stdout", out, "http://www.example.org/Dürst\nhttp://www.example.org/D%FCrst\nhttp://xn--99zt52a.example.org/%E2%80%AE\nhttp://h/a%2Fb?q=値\n")
	check(t, "stderr", errOut, `<stdin>:4: iri: invalid IRI-reference at byte offset 8 in iauthority: found ' ', expected iuserinfo "@", ihost, ":" port, or "/", "?", "#" after the authority`+"\n")
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestToIRIJSON checks the iri member of to-iri --json.
func TestToIRIJSON(t *testing.T) {
	in := "\"http://ja.dbpedia.org/resource/%E6%B5%81%E5%B1%B1%E5%B8%82\"\n"
	out, errOut, code := runIRI(t, in, "to-iri", "--json-in", "--json")
	want := `{"input":"http://ja.dbpedia.org/resource/%E6%B5%81%E5%B1%B1%E5%B8%82","valid":true,"scheme":"http","userinfo":null,"host":"ja.dbpedia.org","port":null,"path":"/resource/%E6%B5%81%E5%B1%B1%E5%B8%82","query":null,"fragment":null,"host_kind":"reg-name","iri":"http://ja.dbpedia.org/resource/流山市"}
`
	check(t, "stdout", out, want)
	check(t, "stderr", errOut, "")
	if code != exitOK {
		t.Errorf("exit status %d, want 0", code)
	}
}

// TestIDNAFlag checks --idna on to-uri (A-labels, and an IDNA failure as
// an invalid input) and on to-iri (U-labels).
func TestIDNAFlag(t *testing.T) {
	out, errOut, code := runIRI(t, "http://例え.テスト/パス\nhttp://x.-例え.jp/\n", "to-uri", "--idna")
	check(t, "to-uri --idna stdout", out, "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9\n")
	if !strings.HasPrefix(errOut, "<stdin>:2: iri: invalid IRI-reference at byte offset 9 in ihost: the label at this offset fails IDNA ToASCII") || code != exitInvalid {
		t.Errorf("to-uri --idna: stderr %q, status %d", errOut, code)
	}
	out, _, code = runIRI(t, "\"http://xn--99zt52a.example.org/%e2%80%ae\"\n", "to-iri", "--idna", "--json-in", "--json")
	check(t, "to-iri --idna --json", out, `{"input":"http://xn--99zt52a.example.org/%e2%80%ae","valid":true,"scheme":"http","userinfo":null,"host":"xn--99zt52a.example.org","port":null,"path":"/%e2%80%ae","query":null,"fragment":null,"host_kind":"reg-name","iri":"http://納豆.example.org/%E2%80%AE"}`+"\n")
	if code != exitOK {
		t.Errorf("to-iri --idna: status %d", code)
	}
	if _, _, code := runIRI(t, "a\n", "parse", "--idna"); code != exitError {
		t.Errorf("parse --idna: status %d, want a usage error", code)
	}
}

// TestFromEncoding checks to-uri --from-encoding (RFC 3987 3.1 step 1b)
// and its usage errors.
func TestFromEncoding(t *testing.T) {
	out, errOut, code := runIRI(t, "http://h/r\xe9sum\xe9\nhttp://h/a b\n", "to-uri", "--from-encoding", "ISO-8859-1")
	check(t, "stdout", out, "http://h/r%C3%A9sum%C3%A9\n")
	if !strings.HasPrefix(errOut, "<stdin>:2: iri: invalid") || code != exitInvalid {
		t.Errorf("stderr %q, status %d", errOut, code)
	}
	out, _, code = runIRI(t, "http://h/\x93\xfa\x96\x7b\n", "to-uri", "--from-encoding", "Shift_JIS")
	check(t, "Shift_JIS", out, "http://h/%E6%97%A5%E6%9C%AC\n")
	if code != exitOK {
		t.Errorf("Shift_JIS: status %d", code)
	}
	for _, args := range [][]string{
		{"to-uri", "--from-encoding", "no-such-encoding"},
		{"to-uri", "--from-encoding", "Shift_JIS", "--json-in"},
		{"to-iri", "--from-encoding", "Shift_JIS"},
	} {
		if _, _, code := runIRI(t, "a\n", args...); code != exitError {
			t.Errorf("%v: status %d, want a usage error", args, code)
		}
	}
}

// TestCRStripping checks that exactly one CR before the LF is stripped.
func TestCRStripping(t *testing.T) {
	// One CR before the LF goes; a second one stays and is an error; a
	// final CR without an LF goes too.
	in := "http://a/\r\nhttp://b/\r\r\nhttp://c/\r"
	out, _, code := runIRI(t, in, "to-uri")
	check(t, "stdout", out, "http://a/\nhttp://c/\n")
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
	out, _, _ = runIRI(t, in, "check")
	want := `<stdin>:2: iri: invalid IRI-reference at byte offset 9 in ipath: found control character '\r', expected ipchar, "/", "?" or "#" (ipath)
http://b/\r
         ^
`
	check(t, "check stdout", out, want)
	// The same in JSON mode.
	out, _, code = runIRI(t, "\"a\"\r\n\"b\"\r\n", "to-uri", "--json-in", "--json")
	if code != exitOK || strings.Count(out, "\n") != 2 {
		t.Errorf("JSON with CRLF: status %d, output %q", code, out)
	}
}

// TestLines checks what counts as a line.
func TestLines(t *testing.T) {
	// An empty input has no lines; a final line without LF counts; an
	// empty line in the middle is the empty reference, which is valid.
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"", ""},
		{"a", "a\n"},
		{"a\n", "a\n"},
		{"a\n\nb", "a\n\nb\n"},
		{"\n", "\n"},
	} {
		out, _, code := runIRI(t, tc.in, "to-uri")
		check(t, "to-uri "+strings.ReplaceAll(tc.in, "\n", `\n`), out, tc.want)
		if code != exitOK {
			t.Errorf("%q: exit status %d, want 0", tc.in, code)
		}
	}
}

// TestFiles checks several files and "-", with per-file line numbers.
func TestFiles(t *testing.T) {
	a := writeFile(t, "a.txt", "http://a/\nb c\n")
	b := writeFile(t, "b.txt", "x y\n")
	out, errOut, code := runIRI(t, "from stdin\n", "check", a, "-", b)
	want := a + `:2: iri: invalid IRI-reference at byte offset 1 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
b c
 ^
<stdin>:1: iri: invalid IRI-reference at byte offset 4 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
from stdin
    ^
` + b + `:1: iri: invalid IRI-reference at byte offset 1 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
x y
 ^
`
	check(t, "stdout", out, want)
	check(t, "stderr", errOut, "")
	if code != exitInvalid {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestExitStatus checks the exit statuses 0, 1 and 2 and their messages.
func TestExitStatus(t *testing.T) {
	good := writeFile(t, "good.txt", "http://a/\n")
	missing := filepath.Join(t.TempDir(), "missing.txt")
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		status int
		stderr string // a substring of the expected standard error
	}{
		{"valid", "http://a/\n", []string{"check"}, exitOK, ""},
		{"valid file", "", []string{"parse", good}, exitOK, ""},
		{"invalid", "a b\n", []string{"check"}, exitInvalid, ""},
		{"unknown rule", "a\n", []string{"check", "--rule", "IRI-ref"}, exitError, `unknown rule "IRI-ref"`},
		{"unknown flag", "a\n", []string{"check", "--bogus"}, exitError, "unknown flag: --bogus"},
		{"unknown command", "", []string{"bogus"}, exitError, `unknown command "bogus"`},
		{"no command", "", []string{}, exitError, "missing subcommand"},
		{"nil args", "", nil, exitError, "missing subcommand"},
		{"missing file", "", []string{"check", missing}, exitError, "missing.txt"},
		{"missing file wins over invalid", "a b\n", []string{"check", "-", missing}, exitError, "missing.txt"},
		{"directory", "", []string{"check", t.TempDir()}, exitError, "is a directory"},
		{"bad JSON line", "\"a\"\nhttp://a/\n\"b\"\n", []string{"check", "--json-in", "--json"}, exitError, "<stdin>:2: bad JSON line"},
		{"JSON null", "null\n", []string{"parse", "--json-in", "--json"}, exitError, "<stdin>:1: bad JSON line: not a JSON string"},
		{"JSON empty line", "\n", []string{"to-uri", "--json-in", "--json"}, exitError, "<stdin>:1: bad JSON line"},
		{"JSON unterminated", "\"a\n", []string{"to-uri", "--json-in", "--json"}, exitError, "<stdin>:1: bad JSON line"},
		{"JSON trailing junk", "\"a\" x\n", []string{"to-uri", "--json-in", "--json"}, exitError, "<stdin>:1: bad JSON line"},
		{"help", "", []string{"--help"}, exitOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := runIRI(t, tc.stdin, tc.args...)
			if code != tc.status {
				t.Errorf("exit status %d, want %d; stderr: %s", code, tc.status, errOut)
			}
			if !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr %q does not contain %q", errOut, tc.stderr)
			}
		})
	}
}

// TestBadJSONLineGoesOn checks that a line --json cannot read yields its
// own record, in its place, and the lines after it are processed, with
// exit status 2 at the end; for every command that reads JSON lines.
func TestBadJSONLineGoesOn(t *testing.T) {
	in := "\"a\"\n42\n\n\"b\"\n\"c\" x\n\"d\n\"e\"\n"
	bad := []struct{ input, msg string }{
		{`"input":"42","valid":false,"error":{"offset":0,`, `"message":"<stdin>:2: the line is not WANT"}}`},
		{`"input":"","valid":false,"error":{"offset":0,`, `"message":"<stdin>:3: the line is not WANT"}}`},
		{`"input":"\"c\" x","valid":false,"error":{"offset":5,`, `"message":"<stdin>:5: the line is not WANT: invalid character 'x' after top-level value"}}`},
		{`"input":"\"d","valid":false,"error":{"offset":2,`, `"message":"<stdin>:6: the line is not WANT: unexpected end of JSON input"}}`},
	}
	for _, args := range [][]string{
		{"parse", "--json-in", "--json"}, {"check", "--json-in", "--json"}, {"to-uri", "--json-in", "--json"}, {"to-iri", "--json-in", "--json"},
		{"resolve", "--json-in", "--json", "--base", "http://h/"}, {"relativize", "--json-in", "--json", "--base", "http://h/"},
		{"normalize", "--json-in", "--json"}, {"compare", "--json-in", "--json"}, {"lint", "--json-in", "--json"}, {"display", "--json-in", "--json"},
	} {
		in, want := in, "a JSON string"
		switch args[0] {
		case "resolve", "relativize", "normalize":
			want = `a JSON string or an object with an \"input\" string`
		case "compare":
			// compare reads objects only: "a" is {"input":"a","other":"a"}.
			want = `a JSON object with \"input\" and \"other\" strings`
			in = regexp.MustCompile(`(?m)^"([a-z])"$`).ReplaceAllString(in, `{"input":"$1","other":"$1"}`)
		}
		bad := slices.Clone(bad)
		for i := range bad {
			bad[i].msg = strings.Replace(bad[i].msg, "WANT", want, 1)
		}
		out, errOut, code := runIRI(t, in, args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 7 {
			t.Errorf("%v: %d records, want one per line (7):\n%s", args, len(lines), out)
			continue
		}
		for i, want := range map[int]string{0: `"input":"a"`, 3: `"input":"b"`, 6: `"input":"e"`} {
			if !strings.Contains(lines[i], want) {
				t.Errorf("%v: record %d = %s, want %s", args, i+1, lines[i], want)
			}
		}
		for k, i := range []int{1, 2, 4, 5} {
			if !strings.HasPrefix(lines[i], "{"+bad[k].input) || !strings.HasSuffix(lines[i], bad[k].msg) {
				t.Errorf("%v: record %d = %s, want {%s ...%s", args, i+1, lines[i], bad[k].input, bad[k].msg)
			}
		}
		if code != exitError || !strings.Contains(errOut, "<stdin>:6: bad JSON line") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the bad lines named", args, code, errOut)
		}
	}
}

// TestRuleFlag checks each --rule name.
func TestRuleFlag(t *testing.T) {
	in := "http://a/#f\nrel/path\nhttp://例え/\n"
	for _, tc := range []struct {
		rule string
		out  string
	}{
		{"IRI-reference", "http://a/#f\nrel/path\nhttp://%E4%BE%8B%E3%81%88/\n"},
		{"IRI", "http://a/#f\nhttp://%E4%BE%8B%E3%81%88/\n"},
		{"absolute-IRI", "http://%E4%BE%8B%E3%81%88/\n"},
		{"irelative-ref", "rel/path\n"},
		{"URI-reference", "http://a/#f\nrel/path\n"},
		{"URI", "http://a/#f\n"},
		{"absolute-URI", ""},
		{"relative-ref", "rel/path\n"},
	} {
		out, _, code := runIRI(t, in, "to-uri", "--rule", tc.rule)
		check(t, tc.rule, out, tc.out)
		want := exitInvalid
		if tc.rule == "IRI-reference" {
			want = exitOK
		}
		if code != want {
			t.Errorf("%s: exit status %d, want %d", tc.rule, code, want)
		}
	}
	// The flag may also come before the subcommand, and with "=".
	out, _, code := runIRI(t, "rel\n", "--rule=IRI", "check")
	if code != exitInvalid || !strings.Contains(out, "invalid IRI at byte offset 3") {
		t.Errorf("--rule=IRI before check: status %d, output %q", code, out)
	}
}

// TestAllowBidi checks --allow-bidi.
func TestAllowBidi(t *testing.T) {
	in := "http://a/\u200fx\n"
	if _, _, code := runIRI(t, in, "check"); code != exitInvalid {
		t.Errorf("without --allow-bidi: exit status %d, want 1", code)
	}
	out, _, code := runIRI(t, in, "to-uri", "--allow-bidi")
	check(t, "to-uri --allow-bidi", out, "http://a/%E2%80%8Fx\n")
	if code != exitOK {
		t.Errorf("with --allow-bidi: exit status %d, want 0", code)
	}
}

// TestLongLine checks a 2 MiB line in text and JSON mode.
func TestLongLine(t *testing.T) {
	// A 2 MiB line, far past bufio.Scanner's 64 KiB default, between two
	// short ones; then the same line made invalid at its end.
	long := "http://h/" + strings.Repeat("a/é", 2<<20/4)
	in := "x\n" + long + "\ny\n"
	out, _, code := runIRI(t, in, "to-uri")
	want := "x\n" + "http://h/" + strings.Repeat("a/%C3%A9", 2<<20/4) + "\ny\n"
	if out != want || code != exitOK {
		t.Errorf("to-uri of a 2 MiB line: status %d, output of %d bytes, want %d", code, len(out), len(want))
	}
	q, err := json.Marshal(long + " ")
	if err != nil {
		t.Fatal(err)
	}
	out, _, code = runIRI(t, "\"x\"\n"+string(q)+"\n", "check", "--json-in", "--json")
	lines := strings.Split(out, "\n")
	if code != exitInvalid || len(lines) != 3 {
		t.Fatalf("check --json: status %d, %d lines", code, len(lines))
	}
	var rec struct {
		Input string
		Error struct{ Offset int }
	}
	if err := json.Unmarshal([]byte(lines[1]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Input != long+" " || rec.Error.Offset != len(long) {
		t.Errorf("input of %d bytes, offset %d; want %d, %d", len(rec.Input), rec.Error.Offset, len(long)+1, len(long))
	}
}

// TestExampleFiles checks the demo inputs: testdata/example.txt is all
// valid (the README's first command exits 0), testdata/invalid.txt all
// invalid.
func TestExampleFiles(t *testing.T) {
	good := filepath.Join("..", "..", "testdata", "example.txt")
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	n := strings.Count(string(data), "\n")
	if out, errOut, code := runIRI(t, "", "check", good); code != exitOK || out != "" || errOut != "" {
		t.Errorf("check %s: status %d, stderr %q, stdout:\n%s", good, code, errOut, out)
	}
	if out, _, code := runIRI(t, "", "to-uri", good); code != exitOK || strings.Count(out, "\n") != n {
		t.Errorf("to-uri %s: status %d, %d lines, want %d", good, code, strings.Count(out, "\n"), n)
	}
	bad := filepath.Join("..", "..", "testdata", "invalid.txt")
	data, err = os.ReadFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	n = strings.Count(string(data), "\n")
	if out, errOut, code := runIRI(t, "", "check", bad); code != exitInvalid || strings.Count(out, "\n") != 3*n || errOut != "" {
		t.Errorf("check %s: status %d, stderr %q, stdout:\n%s", bad, code, errOut, out)
	}
}

// failWriter fails every write.
type failWriter struct{}

// Write fails.
func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriteError checks that a failed write gives status 2.
func TestWriteError(t *testing.T) {
	var errOut bytes.Buffer
	code := run([]string{"to-uri"}, strings.NewReader("http://a/\n"), failWriter{}, &errOut)
	if code != exitError || !strings.Contains(errOut.String(), "disk full") {
		t.Errorf("status %d, stderr %q; want 2 and the write error", code, errOut.String())
	}
}

// chanWriter sends a copy of each write on a channel.
type chanWriter chan string

// Write sends p.
func (c chanWriter) Write(p []byte) (int, error) {
	c <- string(p)
	return len(p), nil
}

// TestInteractive checks that answers come before the input ends.
func TestInteractive(t *testing.T) {
	// A program that writes one line and waits for its answer must get
	// it before it writes the next: output is flushed before a read
	// that may block.
	inR, inW := io.Pipe()
	out := make(chanWriter, 10)
	done := make(chan int)
	go func() { done <- run([]string{"to-uri"}, inR, out, io.Discard) }()
	for _, line := range []string{"http://例/", "http://b/"} {
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case got := <-out:
			if want, _, _ := runIRI(t, line, "to-uri"); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %q", line)
		}
	}
	inW.Close()
	if code := <-done; code != exitOK {
		t.Errorf("exit status %d", code)
	}
}

// TestHelp checks that --help goes to standard output with status 0.
func TestHelp(t *testing.T) {
	out, errOut, code := runIRI(t, "", "parse", "--help")
	if code != exitOK || errOut != "" || !strings.Contains(out, "--rule NAME") || !strings.Contains(out, "--allow-bidi") {
		t.Errorf("status %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
}

// TestStreamingMemory checks that memory does not grow with the input:
// valid lines allocate nothing in text mode (normalize once allocated a
// record a line that only --json writes), so a run over 200,000 lines
// allocates about what a run over 2,000 does; each invalid line costs
// only its error and message.
func TestStreamingMemory(t *testing.T) {
	lines := func(n, badEvery int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString("http://例え.jp/パス?q=" + strconv.Itoa(i))
			if badEvery > 0 && i%badEvery == 0 {
				b.WriteString(" bad")
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	measure := func(args []string, in string) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		run(args, strings.NewReader(in), io.Discard, io.Discard)
		runtime.ReadMemStats(&after)
		return after.Mallocs - before.Mallocs
	}
	for _, args := range [][]string{{"check"}, {"to-uri"}, {"parse"}, {"normalize"}, {"normalize", "--level", "scheme", "--no-idna"}} {
		small, large := measure(args, lines(2000, 0)), measure(args, lines(200000, 0))
		if large > small+1000 {
			t.Errorf("%v on valid lines: %d allocations for 2,000 lines, %d for 200,000", args, small, large)
		}
		small, large = measure(args, lines(2000, 10)), measure(args, lines(200000, 10))
		if per := float64(large-small) / 19800; per > 10 {
			t.Errorf("%v: %.1f allocations per invalid line", args, per)
		}
	}
}

// --json chooses the output only: text lines in, one JSON record per
// line out, for every line command, in input order (issue 27 item 7:
// "iri check --json urls.txt" once called every line a bad JSON line).
func TestJSONOutputOfText(t *testing.T) {
	lines := []string{"http://a/b?c", "a b", "", "HTTP://例え.jp/%7e", `"quoted"`}
	file := writeFile(t, "urls.txt", strings.Join(lines, "\n")+"\n")
	for _, args := range [][]string{
		{"parse"}, {"check"}, {"to-uri"}, {"to-iri"}, {"resolve", "--base", "http://h/x/"},
		{"relativize", "--base", "http://h/x/"}, {"normalize"}, {"lint"}, {"display"},
	} {
		args := append(append(args, "--json"), file)
		out, errOut, code := runIRI(t, "", args...)
		recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(recs) != len(lines) || strings.Contains(errOut, "bad JSON line") {
			t.Fatalf("%v: %d records for %d lines, stderr %q:\n%s", args, len(recs), len(lines), errOut, out)
		}
		valid := 0
		for i, l := range recs {
			var rec struct {
				Input string `json:"input"`
				Valid bool   `json:"valid"`
			}
			if err := json.Unmarshal([]byte(l), &rec); err != nil || rec.Input != lines[i] {
				t.Errorf("%v: record %d = %s (%v), want input %q", args, i+1, l, err, lines[i])
			}
			if rec.Valid {
				valid++
			}
		}
		// "a b" is invalid, and so is the quoted line, read as text
		// ('"' is no IRI character), not as a JSON string.
		if valid != len(lines)-2 || code != exitInvalid {
			t.Errorf("%v: %d valid of %d, exit %d; want %d and 1", args, valid, len(lines), code, len(lines)-2)
		}
	}
}

// --json-in reads one JSON string a line, the way to give a tab, CR, LF
// or NUL, and writes text unless --json is given too.
func TestJSONIn(t *testing.T) {
	in := `"http://h/\u00e9"` + "\n" + `"http://h/a\tb"` + "\n" + `"x\u0000"` + "\n"
	out, errOut, code := runIRI(t, in, "to-uri", "--json-in")
	check(t, "to-uri --json-in", out, "http://h/%C3%A9\n")
	if code != exitInvalid || !strings.Contains(errOut, "<stdin>:2: iri: invalid IRI-reference at byte offset 10") ||
		!strings.Contains(errOut, "<stdin>:3: iri: invalid IRI-reference at byte offset 1") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	out, _, _ = runIRI(t, in, "check", "--json-in")
	if !strings.Contains(out, `http://h/a\tb`) || strings.Count(out, "\n") != 6 {
		t.Errorf("check --json-in: %q", out)
	}
	// A line that is not a JSON string is reported as with --json before.
	out, errOut, code = runIRI(t, "http://a/\n", "parse", "--json-in")
	if code != exitError || out != "" || !strings.Contains(errOut, "<stdin>:1: bad JSON line") {
		t.Errorf("parse --json-in on text: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// --from-encoding converts text, so it takes --json and not --json-in.
	out, _, code = runIRI(t, "http://h/r\xe9\n", "to-uri", "--from-encoding", "ISO-8859-1", "--json")
	if code != exitOK || !strings.Contains(out, `"uri":"http://h/r%C3%A9"`) {
		t.Errorf("--from-encoding --json: exit %d, %q", code, out)
	}
	for _, args := range [][]string{
		{"check", "--json-in", "--field", "1"},
		{"generate", "--json-in"},
		{"compare", "--json", "http://a/"},
		{"compare", "--json"},
	} {
		if _, errOut, code := runIRI(t, "", args...); code != exitError || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
}

// A line longer than --max-line is passed over without being kept, as an
// input error (exit 2), on both engines and with the BOM, CR and last
// line without LF counted as they are elsewhere; each too-long line keeps
// its place: its own record with --json, an empty line with --aligned.
// Lines of every length around the limit, and past the read buffers.
func TestMaxLine(t *testing.T) {
	x := func(n int) string { return "http://h/" + strings.Repeat("x", n-9) }
	for _, max := range []int{100, 200 << 10} {
		lines := []string{bom + x(max+1), x(max), x(max) + "\r", x(max + 1), "a b", x(max + 2), x(3 * max), x(max - 1),
			x(max+1) + "\r", "", x(5*max + 7), x(max)}
		in := strings.Join(lines, "\n") // the last without its LF
		file := writeFile(t, "lines.txt", in)
		long := map[int]bool{1: true, 4: true, 6: true, 7: true, 9: true, 11: true}
		var wantAligned, wantErr strings.Builder
		for i, l := range lines {
			switch {
			case long[i+1]:
				fmt.Fprintf(&wantErr, "%s:%d: the line is longer than --max-line (%d bytes); passed over\n", file, i+1, max)
				wantAligned.WriteString("\n")
			case l == "a b":
				fmt.Fprintf(&wantErr, "%s:%d: iri: invalid IRI-reference at byte offset 1 in ipath: found ' ', expected ipchar, \"/\", \"?\" or \"#\" (ipath)\n", file, i+1)
				wantAligned.WriteString("\n")
			default:
				wantAligned.WriteString(strings.TrimSuffix(l, "\r") + "\n")
			}
		}
		size := strconv.Itoa(max)
		if max%1024 == 0 {
			size = strconv.Itoa(max>>10) + "KiB"
		}
		for _, jobs := range []string{"1", "2", "5"} {
			out, errOut, code := runIRI(t, "", "to-uri", "--aligned", "--max-line", size, "--jobs", jobs, file)
			if out != wantAligned.String() || errOut != wantErr.String() || code != exitError {
				t.Errorf("to-uri --max-line %s --jobs %s: exit %d, stderr:\n%s\nwant:\n%s", size, jobs, code, errOut, wantErr.String())
			}
			// check passes over valid lines in one scan, but not over
			// a line too long.
			_, errOut, code = runIRI(t, "", "check", "--max-line", size, "--jobs", jobs, file)
			if strings.Count(errOut, "longer than --max-line") != len(long) || code != exitError {
				t.Errorf("check --max-line %s --jobs %s: exit %d, stderr %q", size, jobs, code, errOut)
			}
			out, _, _ = runIRI(t, "", "parse", "--json", "--max-line", size, "--jobs", jobs, file)
			recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(recs) != len(lines) {
				t.Fatalf("parse --json --jobs %s: %d records for %d lines", jobs, len(recs), len(lines))
			}
			for i := range lines {
				want := fmt.Sprintf(`{"input":"","valid":false,"error":{"offset":%d,"message":"%s:%d: the line is longer than --max-line (%d bytes)"}}`, max, file, i+1, max)
				if long[i+1] != (recs[i] == want) {
					t.Errorf("parse --json --jobs %s: record %d is %.200s", jobs, i+1, recs[i])
				}
			}
		}
		// No limit: every line is read.
		out, _, code := runIRI(t, "", "to-uri", "--max-line", "0", file)
		if strings.Count(out, "\n") != len(lines)-1 || code != exitInvalid {
			t.Errorf("--max-line 0: %d lines out, exit %d", strings.Count(out, "\n"), code)
		}
	}
	for _, bad := range []string{"-1", "x", "1X", "1.5M", "99999999999999999999", "9999999999999G"} {
		want := "not a size in bytes"
		if strings.HasPrefix(bad, "9") {
			want = "too large: at most 9223372036854775807 bytes"
		}
		if _, errOut, code := runIRI(t, "a\n", "check", "--max-line", bad); code != exitError || !strings.Contains(errOut, want) {
			t.Errorf("--max-line %s: exit %d, %q, want %q", bad, code, errOut, want)
		}
	}
	var f sizeFlag
	for in, want := range map[string]int{"65536": 65536, "64KiB": 65536, "64K": 65536, "16MiB": 16 << 20, "1G": 1 << 30, "0": 0, "10B": 10} {
		if err := f.Set(in); err != nil || f.n != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, f.n, err, want)
		}
	}
	if f.n = 64 << 20; f.String() != "64MiB" {
		t.Errorf("String() = %q", f.String())
	}
}

// legacyEncodings returns every encoding of x/text that has an IANA
// name, by that name: the set --from-encoding looks names up in.
func legacyEncodings(t *testing.T) map[string]encoding.Encoding {
	t.Helper()
	m := map[string]encoding.Encoding{}
	for _, all := range [][]encoding.Encoding{charmap.All, japanese.All, korean.All, simplifiedchinese.All, traditionalchinese.All, xunicode.All} {
		for _, enc := range all {
			if name, err := ianaindex.IANA.Name(enc); err == nil && name != "" {
				m[name] = enc
			}
		}
	}
	if len(m) < 30 {
		t.Fatalf("only %d encodings", len(m))
	}
	return m
}

// --from-encoding reads lines, and --field's columns, split on ASCII
// bytes before they are decoded: it takes only the encodings whose ASCII
// bytes stand for themselves both ways and whose multi-byte characters
// hold no LF or CR (UTF-16 and EBCDIC made garbage of line 2, a U+0A0A
// made a line break), and with --field refuses a delimiter (or '"') that
// can occur inside a multi-byte character (Shift_JIS's ポ is 83 7C,
// and '|' cut it in two). Checked over every encoding with an IANA name,
// each character of the repertoire encoded on its own.
func TestFromEncodingASCIICompatible(t *testing.T) {
	for name, enc := range legacyEncodings(t) {
		compatible := true
		for b := range byte(utf8.RuneSelf) {
			e, err1 := enc.NewEncoder().Bytes([]byte{b})
			d, err2 := enc.NewDecoder().Bytes([]byte{b})
			if err1 != nil || err2 != nil || string(e) != string(rune(b)) || string(d) != string(rune(b)) {
				compatible = false
			}
		}
		var inMulti [utf8.RuneSelf]bool
		if _, single := enc.(*charmap.Charmap); compatible && !single {
			// (A charmap has one byte a character.)
			e := enc.NewEncoder()
			for r := rune(0x80); r <= unicode.MaxRune; r++ {
				if b, err := e.Bytes([]byte(string(r))); err == nil && len(b) > 1 && utf8.ValidRune(r) {
					for _, c := range b {
						if c < utf8.RuneSelf {
							inMulti[c] = true
						}
					}
				}
			}
			compatible = !inMulti['\n'] && !inMulti['\r']
		}
		_, errOut, code := runIRI(t, "http://a/\nhttp://b/\n", "to-uri", "--from-encoding", name)
		if compatible != (code == exitOK) {
			t.Errorf("--from-encoding %s: ASCII-compatible %v, exit %d, stderr %q", name, compatible, code, errOut)
		}
		if !compatible {
			if !strings.Contains(errOut, "encoding "+name+" is not ASCII-compatible") {
				t.Errorf("--from-encoding %s: stderr %q", name, errOut)
			}
			continue
		}
		for _, d := range []byte{'\t', ',', ';', '|', 'a', '@', '0'} {
			_, errOut, code := runIRI(t, "x"+string(d)+"http://a/\n", "to-uri", "--from-encoding", name, "--field", "2", "--delimiter", string(d))
			if refused := inMulti[d] || inMulti['"']; refused != (code == exitError) || refused && !strings.Contains(errOut, "--from-encoding "+name+": the byte ") {
				t.Errorf("--from-encoding %s --delimiter %q: inside a character %v, exit %d, stderr %q", name, d, refused, code, errOut)
			}
			if strings.IndexByte("\t,;", d) >= 0 && code == exitError {
				t.Errorf("--from-encoding %s --delimiter %q refused, where doc.go says a tab, \",\" and \";\" never are", name, d)
			}
		}
	}
	for _, tc := range []struct {
		in   string
		args []string
		out  string
	}{
		// ポ is 83 7C in Shift_JIS: '|' is refused, ',' keeps it whole.
		{"x,http://a/\x83\x7c,y\n", []string{"--from-encoding", "Shift_JIS", "--field", "2", "--delimiter", ","}, "x,http://a/\x83\x7c,y,http://a/%E3%83%9D\n"},
		{"http://a/\x83\x7c\nhttp://b/\n", []string{"--from-encoding", "Shift_JIS"}, "http://a/%E3%83%9D\nhttp://b/\n"},
	} {
		for _, jobs := range []string{"1", "2"} {
			out, errOut, code := runIRI(t, tc.in, append(append([]string{"to-uri"}, tc.args...), "--jobs", jobs)...)
			check(t, strings.Join(tc.args, " "), out, tc.out)
			if code != exitOK {
				t.Errorf("%v --jobs %s: exit %d, stderr %q", tc.args, jobs, code, errOut)
			}
		}
	}
	_, errOut, code := runIRI(t, "", "to-uri", "--from-encoding", "Shift_JIS", "--field", "2", "--delimiter", "|")
	if want := "iri: --delimiter '|' cannot be used with --from-encoding Shift_JIS: the byte 7c occurs inside its multi-byte characters"; code != exitError || !strings.HasPrefix(errOut, want) {
		t.Errorf("Shift_JIS and '|': exit %d, stderr %q, want %q", code, errOut, want)
	}
	_, errOut, code = runIRI(t, "", "to-uri", "--from-encoding", "UTF-16LE")
	if want := "iri: --from-encoding: encoding UTF-16LE is not ASCII-compatible (it encodes U+0000 as 00 00)"; code != exitError || !strings.HasPrefix(errOut, want) {
		t.Errorf("UTF-16LE: exit %d, stderr %q, want %q", code, errOut, want)
	}
}

// A line --from-encoding cannot decode is an input error, as a bad JSON
// line is: reported with the byte at fault and its offset, unreadable in
// --stats, exit status 2, and its place kept. x/text's decoders put
// U+FFFD where they cannot decode, without an error, so the line was
// called invalid for a U+FFFD it did not hold; one the encoding itself
// encodes (GB18030 84 31 A4 37) is a character as any other.
func TestFromEncodingUndecodable(t *testing.T) {
	in := "http://a/\x81\nhttp://b/\nhttp://\x93\xfa/\x81 x\n"
	for _, jobs := range []string{"1", "2"} {
		out, errOut, code := runIRI(t, in, "to-uri", "--from-encoding", "Shift_JIS", "--aligned", "--stats", "--jobs", jobs)
		check(t, "--aligned --jobs "+jobs, out, "\nhttp://b/\n\n")
		want := "<stdin>:1: the byte 0x81 at byte offset 9 of the line is not Shift_JIS (it cannot be decoded)\n" +
			"<stdin>:3: the byte 0x81 at byte offset 10 of the line is not Shift_JIS (it cannot be decoded)\n"
		if code != exitError || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, "1 valid, 0 invalid, 2 unreadable") {
			t.Errorf("--jobs %s: exit %d, stderr %q, want 2 and %q", jobs, code, errOut, want)
		}
		out, _, _ = runIRI(t, in, "to-uri", "--from-encoding", "Shift_JIS", "--json", "--jobs", jobs)
		recs := strings.Split(out, "\n")
		check(t, "--json --jobs "+jobs, recs[2], `{"input":"http://日/`+"\ufffd"+` x","valid":false,"error":{"offset":11,"message":"<stdin>:3: the byte 0x81 at byte offset 10 of the line is not Shift_JIS (it cannot be decoded)"}}`)
		out, _, code = runIRI(t, "1,http://a/\x81\n", "to-uri", "--from-encoding", "Shift_JIS", "--field", "2", "--delimiter", ",", "--jobs", jobs)
		if out != "1,http://a/\x81,\n" || code != exitError {
			t.Errorf("--field --jobs %s: %q, exit %d", jobs, out, code)
		}
	}
	out, errOut, code := runIRI(t, "http://a/\x84\x31\xa4\x37\nhttp://a/\x84\x31\xa4\n", "to-uri", "--from-encoding", "GB18030")
	if want := "<stdin>:1: iri: invalid IRI-reference at byte offset 9 in ipath: found U+FFFD"; out != "" || code != exitError || !strings.HasPrefix(errOut, want) ||
		!strings.Contains(errOut, "<stdin>:2: the byte 0x84 at byte offset 9 of the line is not GB18030") {
		t.Errorf("GB18030's own U+FFFD: %q, exit %d, stderr %q", out, code, errOut)
	}
}

// docBlock returns the lines of doc.go's indented example block that
// holds want, without their "//\t".
func docBlock(t *testing.T, want string) []string {
	t.Helper()
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var block []string
	for _, l := range strings.Split(string(b), "\n") {
		if e, ok := strings.CutPrefix(l, "//\t"); ok {
			block = append(block, e)
			continue
		}
		if slices.ContainsFunc(block, func(e string) bool { return strings.Contains(e, want) }) {
			return block
		}
		block = nil
	}
	t.Fatalf("doc.go has no example with %q", want)
	return nil
}

// doc.go's examples of bad JSON lines are what the command writes for
// them (doc.go showed a reason the command does not give).
func TestDocBadJSONLine(t *testing.T) {
	out, _, _ := runIRI(t, "\"http://a/\"\nhttp://a/\n\"http://a/\n", "check", "--json-in", "--json")
	check(t, "doc.go's --json-in records", strings.Join(docBlock(t, "the line is not a JSON string")[0:], "\n")+"\n", strings.Join(strings.SplitAfter(out, "\n")[1:], ""))
	_, errOut, _ := runIRI(t, `{"input":"a"}`+"\n"+`{"input":5,"other":"b"}`+"\n", "compare", "--json-in")
	check(t, "doc.go's compare --json-in messages", strings.Join(docBlock(t, `no "other" member`), "\n")+"\n", errOut)
}

// A flag given to a command on which it has no effect is a usage error
// that names it and says why (some were refused, --base-field without
// --field, generate --json-in, and the same kind of flag accepted
// silently elsewhere: check --header, --delimiter without --field,
// --field 0, compare --aligned A B, score --rule, generate --jobs 3);
// --quiet is taken everywhere. The pipelines of the README, docs/ and
// .ci/run still run.
func TestUnusedFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"check", "--header"}, "--header names the columns of --field: it needs --field"},
		{[]string{"check", "--delimiter", ","}, "--delimiter separates the columns of --field: it needs --field"},
		{[]string{"check", "--field", "0"}, "--field must be at least 1, not 0"},
		{[]string{"check", "--field", "-2"}, "--field must be at least 1, not -2"},
		{[]string{"to-uri", "--aligned", "--json"}, "--aligned has no effect with --json"},
		{[]string{"to-uri", "--aligned", "--field", "1"}, "--aligned has no effect with --field"},
		{[]string{"compare", "--aligned", "a", "b"}, "compare A B reads no lines: --aligned applies to compare --json-in only"},
		{[]string{"compare", "--jobs", "2", "a", "b"}, "compare A B reads no lines: --jobs"},
		{[]string{"compare", "--max-line", "1K", "a", "b"}, "compare A B reads no lines: --max-line"},
		{[]string{"compare", "--header", "a", "b"}, "compare does not take --header"},
		{[]string{"compare", "--stats", "a", "b"}, "compare does not take --stats"},
		{[]string{"score", "--json-in"}, "score does not take --json-in"},
		{[]string{"score", "--header"}, "score does not take --header"},
		{[]string{"score", "--rule", "URI"}, "score does not take --rule"},
		{[]string{"score", "--allow-bidi"}, "score does not take --allow-bidi"},
		{[]string{"score", "--field", "1"}, "score does not take --field"},
		{[]string{"score", "--delimiter", ","}, "score does not take --delimiter"},
		{[]string{"generate", "--allow-bidi"}, "generate does not take --allow-bidi: it reads no input"},
		{[]string{"generate", "--max-line", "1K"}, "generate does not take --max-line"},
		{[]string{"generate", "--header"}, "generate does not take --header"},
		{[]string{"generate", "--delimiter", ","}, "generate does not take --delimiter"},
		{[]string{"generate", "--jobs", "3"}, "generate does not take --jobs"},
		{[]string{"generate", "--json-in"}, "generate reads no input: --json-in does not apply"},
		{[]string{"generate", "--dict", "--n", "5"}, "--n has no effect with --dict"},
		{[]string{"generate", "--dict", "--json"}, "--json has no effect with --dict"},
		{[]string{"generate", "--corpus", dir, "--json"}, "--json has no effect with --corpus"},
		{[]string{"resolve", "--field", "2", "--base-field", "1", "--base", "http://other/"}, "--base and --base-field exclude each other"},
		{[]string{"resolve", "--base-field", "1", "--base", "http://a/"}, "--base-field needs --field"},
		{[]string{"normalize", "--no-idna"}, "--no-idna has no effect at --level syntax"},
		{[]string{"lint", "--field", "1", "--max-violations", "3"}, "--max-violations has no effect on the cell of lint --field"},
		{[]string{"lint", "--allow-bidi"}, "lint --allow-bidi changes only \"valid\""},
	} {
		_, errOut, code := runIRI(t, "http://a/\n", tc.args...)
		if code != exitError || !strings.HasPrefix(errOut, "iri: "+tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want a usage error %q", tc.args, code, errOut, tc.msg)
		}
	}
	gen := []string{"generate", "--json", "--rule", "URI-reference", "--n", "20", "--invalid", "0.5", "--seed", "1"}
	samples, _, _ := runIRI(t, "", gen...)
	scored := withVerdict(t, samples, func(rec map[string]any) (bool, map[string]any) { return rec["valid"].(bool), nil })
	for _, tc := range []struct {
		in   string
		args []string
	}{
		{"", gen},
		{"", []string{"generate", "--dict"}},
		{"", []string{"generate", "--quiet", "--n", "2"}},
		{"", []string{"generate", "--corpus", dir, "--n", "4", "--invalid", "0.5"}},
		{"", []string{"generate", "--corpus", dir, "--dict"}},
		{scored, []string{"score"}},
		{scored, []string{"score", "--json", "--jobs", "2", "--max-line", "1MiB", "--quiet"}},
		{"http://a/\n", []string{"check", "--quiet", "--jobs", "1", "--stats"}},
		{"a,http://a/\n", []string{"normalize", "--level", "scheme", "--field", "2", "--delimiter", ",", "--header"}},
		{"http://b/,c\n", []string{"resolve", "--field", "2", "--base-field", "1", "--delimiter", ",", "--header"}},
		{`{"input":"a:","other":"a:"}` + "\n", []string{"compare", "--json-in", "--aligned", "--jobs", "2"}},
		{"http://a/\n", []string{"to-uri", "--aligned", "--idna", "--rule", "IRI"}},
		{"http://a/\n", []string{"normalize", "--level", "scheme", "--no-idna"}},
		{"http://a/\n", []string{"lint", "--allow-bidi", "--json"}},
		{"http://a/\n", []string{"lint", "--field", "1", "--max-violations", "3", "--json"}},
	} {
		if _, errOut, code := runIRI(t, tc.in, tc.args...); code == exitError {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errOut)
		}
	}
	if _, errOut, code := runIRI(t, "", "compare", "--quiet", "a:", "a:"); code != exitOK {
		t.Errorf("compare --quiet: exit %d, stderr %q", code, errOut)
	}
}

// A number flag that is not a number, or is out of range, says so in a
// person's terms, not strconv's ("strconv.ParseInt: parsing ...").
func TestNumberFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"check", "--jobs", "abc"}, `invalid argument "abc" for "--jobs" flag: not a whole number`},
		{[]string{"check", "--jobs", "99999999999999999999"}, `invalid argument "99999999999999999999" for "--jobs" flag: too large`},
		{[]string{"check", "--field", "x"}, `invalid argument "x" for "--field" flag: not a whole number`},
		{[]string{"resolve", "--base-field", "1.5"}, `invalid argument "1.5" for "--base-field" flag: not a whole number`},
		{[]string{"lint", "--max-violations", "many"}, `invalid argument "many" for "--max-violations" flag: not a whole number`},
		{[]string{"generate", "--n", "-99999999999999999999"}, `invalid argument "-99999999999999999999" for "--n" flag: too small`},
		{[]string{"generate", "--seed", "-1"}, `invalid argument "-1" for "--seed" flag: not a whole number of 0 or more`},
		{[]string{"generate", "--invalid", "half"}, `invalid argument "half" for "--invalid" flag: not a number`},
		{[]string{"generate", "--max-len", "1e3"}, `invalid argument "1e3" for "--max-len" flag: not a whole number`},
		{[]string{"check", "--max-line", "99999999999999999999"}, `invalid argument "99999999999999999999" for "--max-line" flag: too large: at most 9223372036854775807 bytes (0 is no limit)`},
	} {
		_, errOut, code := runIRI(t, "", tc.args...)
		if want := "iri: " + tc.msg + "\n"; code != exitError || !strings.HasPrefix(errOut, want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errOut, want)
		}
	}
	// The values still arrive: defaults, 0x, and the same numbers.
	if out, _, _ := runIRI(t, "", "generate", "--n", "0x3", "--seed", "7", "--max-len", "64", "--invalid", "0.5"); strings.Count(out, "\n") != 3 {
		t.Errorf("generate --n 0x3: %q", out)
	}
	if out, _, _ := runIRI(t, "", "generate"); strings.Count(out, "\n") != 10 {
		t.Errorf("generate: %d samples, want the default 10", strings.Count(out, "\n"))
	}
}

// doc.go's usage lines, the command's contract, name every flag of their
// command that is its own, and --rule and --allow-bidi where the command
// reads references (display, resolve, relativize and normalize left them
// out); each flag they name exists. The help says what the doc says:
// compare's two forms, lint's --max-violations, --header's first record,
// --max-line's K, M and G.
func TestUsageLines(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	usage := map[string]string{} // command -> its usage lines, joined
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "//\tiri "); ok {
			name, _, _ := strings.Cut(rest, " ")
			usage[name] += " " + rest
		}
	}
	var status int
	root := newRootCommand(strings.NewReader(""), io.Discard, io.Discard, &status)
	flagRE := regexp.MustCompile(`--[a-z-]+`)
	for _, c := range commands {
		name := c.name()
		lines, ok := usage[name]
		if !ok {
			t.Errorf("doc.go has no usage line for %s", name)
			continue
		}
		cmd, _, err := root.Find([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		for _, fl := range flagRE.FindAllString(lines, -1) {
			if cmd.Flags().Lookup(fl[2:]) == nil && cmd.InheritedFlags().Lookup(fl[2:]) == nil {
				t.Errorf("doc.go's usage of %s names %s, which it does not take", name, fl)
			}
		}
		cmd.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name != "help" && !strings.Contains(lines, "--"+f.Name) {
				t.Errorf("doc.go's usage of %s leaves out --%s", name, f.Name)
			}
		})
		if name != "generate" && name != "score" && name != "whatwg" && name != "interop" && name != "serve" && (!strings.Contains(lines, "--rule NAME") || !strings.Contains(lines, "--allow-bidi")) {
			t.Errorf("doc.go's usage of %s leaves out --rule or --allow-bidi: %s", name, lines)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"compare", "--help"}, "iri compare --json-in [--rule NAME]"},
		{[]string{"compare", "--help"}, "--aligned, --jobs and --max-line apply to this form only"},
		{[]string{"lint", "--help"}, "--max-violations N"},
		{[]string{"help", "flags"}, "the first record of each file"},
		{[]string{"help", "flags"}, "with K, k or KiB, M or MiB, G or GiB"},
	} {
		out, _, _ := runIRI(t, "", tc.args...)
		if !strings.Contains(strings.Join(strings.Fields(out), " "), tc.want) {
			t.Errorf("%v: no %q in\n%s", tc.args, tc.want, out)
		}
	}
}

// to-uri --from-encoding puts the decoded text in NFC as the library's
// AppendURIFrom does (and docs/cli.md says): run by run between the
// delimiters and %HH, so that no delimiter is composed away ('=' and
// U+0338 became U+2260 when the whole line went to NFC) and ASCII that
// NFC makes of a character is percent-encoded; the same on both engines.
func TestFromEncodingNFCRuns(t *testing.T) {
	enc, err := ianaindex.IANA.Encoding("GB18030")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"http://h/?a=\u0338b", "http://h/e\u0301/%7A\u0301", "http://h/x\u037ey", "http://h/r\u00e9sum\u00e9",
		"http://h/\u1e0b\u0323/\u0071\u0307\u0323", "http://h/a#b\u0338",
	} {
		src, err := enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		want, err := iri.Parser{}.AppendURIFrom(nil, src, enc)
		if err != nil {
			t.Fatalf("%+q: %v", text, err)
		}
		for _, jobs := range []string{"1", "2"} {
			out, errOut, _ := runIRI(t, string(src)+"\n", "to-uri", "--from-encoding", "GB18030", "--jobs", jobs)
			check(t, fmt.Sprintf("%+q --jobs %s (stderr %q)", text, jobs, errOut), out, string(want)+"\n")
		}
	}
}
