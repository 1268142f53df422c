package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri/lint"
)

// TestLintText checks the human output of lint: location, severity,
// code, offset, component and the message citing its section, then the
// input and carets under exactly the bytes at fault, in terminal cells.
func TestLintText(t *testing.T) {
	in := "http://example.org/ok\nhttp://www.bank.example:x@evil.example/a\uFF0Fb\nhttp://a b\n"
	out, errOut, code := runIRI(t, in, "lint")
	want := `<stdin>:2: info userinfo at byte 7 in iuserinfo: RFC 3986 7.5: userinfo is shown to people and logged
http://www.bank.example:x@evil.example/a／b
       ^^^^^^^^^^^^^^^^^^
<stdin>:2: warning userinfo-host-like at byte 7 in iuserinfo: RFC 3986 7.6: userinfo that looks like a host name makes the real host easy to miss
http://www.bank.example:x@evil.example/a／b
       ^^^^^^^^^^^^^^^^
<stdin>:2: error scheme-userinfo at byte 7 in iuserinfo: RFC 9110 4.2.4: a sender MUST NOT generate userinfo in an http or https IRI
http://www.bank.example:x@evil.example/a／b
       ^^^^^^^^^^^^^^^^^^^
<stdin>:2: warning password at byte 23 in iuserinfo: RFC 3986 3.2.1: "user:password" in the userinfo is deprecated; the password is in the clear
http://www.bank.example:x@evil.example/a／b
                       ^^
<stdin>:2: warning fullwidth at byte 40 in ipath: RFC 3987 6.1 b: a full-width form of an ASCII character is a visual look-alike
http://www.bank.example:x@evil.example/a／b
                                        ^^
<stdin>:3: error syntax at byte 8 in iauthority: RFC 3987 2.2: not an IRI reference: iri: invalid IRI-reference at byte offset 8 in iauthority: found ' ', expected iuserinfo "@", ihost, ":" port, or "/", "?", "#" after the authority
http://a b
        ^
`
	check(t, "lint output", out, want)
	if code != exitInvalid || errOut != "" {
		t.Errorf("status %d, stderr %q; want %d and nothing", code, errOut, exitInvalid)
	}
}

// TestLintSection44 runs lint on section 4.4 example 8, in Hebrew: two
// warnings, exit status 0, carets under the digits.
func TestLintSection44(t *testing.T) {
	out, _, code := runIRI(t, "http://ab.cd.ef/\u05d2\u05d41/2\u05d8\u05d9/\u05db\u05dc.html\n", "lint")
	if code != exitOK || strings.Count(out, "warning bidi-number-edge") != 2 || !strings.Contains(out, "\n                  ^\n") {
		t.Errorf("status %d, output:\n%s", code, out)
	}
}

// TestLintJSON checks the JSON records: violations is an array, empty for
// clean input, each member named as the contract says.
func TestLintJSON(t *testing.T) {
	in := `"http://example.org/"` + "\n" + `"http://h/a\u200bb"` + "\n" + `"a b"` + "\n"
	out, _, code := runIRI(t, in, "lint", "--json-in", "--json")
	want := `{"input":"http://example.org/","valid":true,"violations":[]}
{"input":"http://h/a` + "\u200b" + `b","valid":true,"violations":[{"code":"invisible","severity":"warning","offset":10,"length":3,"component":"ipath","message":"RFC 3987 6.1, 8: a character that renders as nothing hides a difference"}]}
{"input":"a b","valid":false,"violations":[{"code":"syntax","severity":"error","offset":1,"length":1,"component":"ipath","message":"RFC 3987 2.2: not an IRI reference: iri: invalid IRI-reference at byte offset 1 in ipath: found ' ', expected ipchar, \"/\", \"?\" or \"#\" (ipath)"}]}
`
	check(t, "lint --json", out, want)
	if code != exitInvalid {
		t.Errorf("status %d, want %d", code, exitInvalid)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Violations []map[string]any `json:"violations"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		for _, v := range rec.Violations {
			for _, k := range []string{"code", "severity", "offset", "length", "component", "message"} {
				if _, ok := v[k]; !ok || len(v) != 6 {
					t.Errorf("violation %v: want exactly code, severity, offset, length, component, message", v)
				}
			}
		}
	}
}

// TestLintProfiles checks --profile and --severity-map: what each makes
// of a private-use character in the query (info by default, an error in
// iuri) and of a spelled-out default port, and the exit status that
// follows.
func TestLintProfiles(t *testing.T) {
	in := "http://h:80/?\uE000\n"
	sev := func(out, code string) string {
		for _, line := range strings.Split(out, "\n") {
			if f := strings.Fields(line); len(f) > 2 && f[2] == code {
				return f[1]
			}
		}
		return "none"
	}
	m := writeFile(t, "map.json", `{"private-use": "off", "default-port": "error"}`)
	for _, tc := range []struct {
		args          []string
		private, port string
		status        int
	}{
		{[]string{"lint"}, "info", "info", exitOK},
		{[]string{"lint", "--profile", "rfc3987"}, "info", "info", exitOK},
		{[]string{"lint", "--profile", "iuri"}, "error", "info", exitInvalid},
		{[]string{"lint", "--profile", "strict"}, "error", "info", exitInvalid},
		{[]string{"lint", "--severity-map", m}, "none", "error", exitInvalid},
		{[]string{"lint", "--profile", "iuri", "--severity-map", m}, "none", "error", exitInvalid},
	} {
		out, errOut, code := runIRI(t, in, tc.args...)
		if p, d := sev(out, "private-use"), sev(out, "default-port"); p != tc.private || d != tc.port || code != tc.status {
			t.Errorf("%v: private-use %s, default-port %s, status %d (stderr %q); want %s, %s, %d",
				tc.args, p, d, code, errOut, tc.private, tc.port, tc.status)
		}
	}
	// The strict profile makes a warning an error.
	if _, _, code := runIRI(t, "http://h/a\u200Bb\n", "lint", "--profile", "strict"); code != exitInvalid {
		t.Errorf("strict: a warning gave status %d, want %d", code, exitInvalid)
	}
	// --rule: a relative reference is a syntax error under IRI.
	if out, _, code := runIRI(t, "a/b\n", "lint", "--rule", "IRI"); code != exitInvalid || !strings.Contains(out, "error syntax at byte 1 in scheme") {
		t.Errorf("--rule IRI: status %d, output %q", code, out)
	}
}

// TestLintUsageErrors checks that bad flags and maps are usage errors.
func TestLintUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name, content, stderr string
		args                  []string
	}{
		{"profile", "", `unknown --profile "loose"`, []string{"--profile", "loose"}},
		{"code", `{"bidi-nope": "off"}`, `unknown lint check "bidi-nope"`, nil},
		{"severity", `{"bidi-mixed": "fatal"}`, `"fatal"`, nil},
		{"not JSON", `bidi-mixed=off`, "--severity-map", nil},
		{"missing file", "", "no such file", []string{"--severity-map", "/nonexistent/map.json"}},
		// A code given twice is refused (the last one held, silently),
		// and the messages name the file and line, in JSON's terms
		// ("map[lint.Check]lint.Severity" leaked).
		{"twice", "{\n\"userinfo\": \"off\",\n\"userinfo\": \"error\"\n}", `map.json:3: "userinfo" is given a second time (first at `, nil},
		{"array", `["x"]`, `map.json:1: want a JSON object of "code": "severity" members, such as {"bidi-mixed": "error", "userinfo": "off"}, not an array`, nil},
		{"number", `{"userinfo": 1}`, `map.json:1: the severity of "userinfo" is a number, not a string (off, info, warning or error)`, nil},
		{"unclosed", `{"userinfo": "off"`, `map.json:1: the JSON object ends too soon`, nil},
		{"empty", ``, `map.json: the file is empty`, nil},
		{"second line", "{\n\"bidi-nope\": \"off\"}", `map.json:2: unknown lint check "bidi-nope"`, nil},
	} {
		args := append([]string{"lint"}, tc.args...)
		if tc.args == nil {
			args = append(args, "--severity-map", writeFile(t, "map.json", tc.content))
		}
		_, errOut, code := runIRI(t, "http://h/\n", args...)
		if code != exitError || !strings.Contains(errOut, tc.stderr) || strings.Contains(errOut, "lint.") {
			t.Errorf("%s: status %d, stderr %q; want %d and %q", tc.name, code, errOut, exitError, tc.stderr)
		}
	}
	// A BOM before the object is skipped, as Windows editors write it.
	m := writeFile(t, "map.json", bom+`{"userinfo": "off", "scheme-userinfo": "off"}`)
	if out, errOut, code := runIRI(t, "http://u@h/\n", "lint", "--severity-map", m); code != exitOK || out != "" {
		t.Errorf("a map with a BOM: exit %d, out %q, stderr %q", code, out, errOut)
	}
}

// TestDisplayCommand checks display and display --isolate, text and JSON.
func TestDisplayCommand(t *testing.T) {
	in := "http://example.org/D%C3%BCrst\nhttp://ex.org/\u05d0\u05d1/123\nhttp://a b\n"
	out, _, code := runIRI(t, in, "display")
	check(t, "display", out, "http://example.org/Dürst\nhttp://ex.org/%D7%90%D7%91/123\nhttp://a%20b\n")
	if code != exitInvalid {
		t.Errorf("display: status %d, want %d for the invalid line", code, exitInvalid)
	}
	out, _, _ = runIRI(t, "http://ex.org/\u05d0\u05d1/123\n", "display", "--isolate")
	check(t, "display --isolate", out, "\u2066http://ex.org/\u2067\u05d0\u05d1\u2069/123\u2069\n")
	out, _, code = runIRI(t, `"http://p\u0430ypal.example/"`+"\n", "display", "--json-in", "--json")
	check(t, "display --json", out, `{"input":"http://pаypal.example/","valid":true,"display":"http://xn--pypal-4ve.example/"}`+"\n")
	if code != exitOK {
		t.Errorf("display --json: status %d", code)
	}
}

// lint --json and display --json say "valid" as check --json does, under
// --rule and --allow-bidi, on valid and invalid references of every kind
// (they once called a reference with bidi formatting characters valid);
// display's exit status follows.
func TestValidAsCheck(t *testing.T) {
	gen, _, _ := runIRI(t, "", "generate", "--n", "3000", "--invalid", "0.5", "--seed", "7")
	gen += "http://h/\u200e\nhttp://h/a\u202eb\n"
	valid := func(out string) []bool {
		var vs []bool
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var rec struct{ Valid bool }
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatalf("%s: %v", l, err)
			}
			vs = append(vs, rec.Valid)
		}
		return vs
	}
	for _, flags := range [][]string{nil, {"--allow-bidi"}, {"--rule", "URI"}, {"--rule", "irelative-ref"}} {
		out, _, _ := runIRI(t, gen, append([]string{"check", "--json"}, flags...)...)
		want := valid(out)
		invalid := slices.Index(want, false) >= 0
		if !invalid || slices.Index(want, true) < 0 {
			t.Fatalf("check %v: all lines valid or all invalid: nothing to compare", flags)
		}
		for _, cmd := range []string{"lint", "display"} {
			out, _, code := runIRI(t, gen, append([]string{cmd, "--json"}, flags...)...)
			got := valid(out)
			if len(got) != len(want) {
				t.Fatalf("%s %v: %d records, check has %d", cmd, flags, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s %v: line %d valid=%v, check says %v", cmd, flags, i+1, got[i], want[i])
					break
				}
			}
			if cmd == "display" && (code == exitInvalid) != invalid {
				t.Errorf("display %v: exit %d", flags, code)
			}
		}
	}
}

// lint shows at most --max-violations (10) violations of each check on a
// line, then one line that counts the rest, so that a hostile line cannot
// make it write hundreds of bytes per byte (a megabyte of right-to-left
// labels once gave 363 MB); --max-violations 0 shows them all. The exit
// status and --stats see every violation.
func TestLintMaxViolations(t *testing.T) {
	in := "http://" + strings.Repeat("\u05d0a.", 200) + "com/\n"
	count := func(out string) map[string]int {
		m := map[string]int{}
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 3 && f[0] == "<stdin>:1:" && f[3] == "at" {
				m[f[2]]++
			}
		}
		return m
	}
	all, _, code0 := runIRI(t, in, "lint", "--max-violations", "0")
	full := count(all)
	if len(full) < 2 || strings.Contains(all, "not shown") {
		t.Fatalf("--max-violations 0: %v", full)
	}
	for _, max := range []int{10, 3, 1} {
		args := []string{"lint"}
		if max != 10 {
			args = append(args, "--max-violations", strconv.Itoa(max))
		}
		out, _, code := runIRI(t, in, args...)
		got, left, sum := count(out), 0, []string{}
		for _, c := range lint.Checks() {
			n, ok := full[c.String()]
			if !ok {
				continue
			}
			if got[c.String()] != min(n, max) {
				t.Errorf("%v: %d %s violations shown of %d", args, got[c.String()], c, n)
			}
			if n > max {
				left += n - max
				sum = append(sum, c.String()+" "+strconv.Itoa(n-max))
			}
		}
		want := "<stdin>:1: " + strconv.Itoa(left) + " more violations not shown (" + strings.Join(sum, ", ") + "); --max-violations 0 shows them all\n"
		if !strings.HasSuffix(out, want) || code != code0 {
			t.Errorf("%v: exit %d (%d with all); ends %q, want %q", args, code, code0, out[len(out)-min(len(out), 200):], want)
		}
		var rec struct {
			Violations []lint.Violation
			Omitted    map[string]int
		}
		out, _, _ = runIRI(t, in, append(args, "--json")...)
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatal(err)
		}
		omitted := 0
		for _, n := range rec.Omitted {
			omitted += n
		}
		if len(rec.Violations) != len(full)*max || omitted != left {
			t.Errorf("%v --json: %d violations and %d omitted, want %d and %d", args, len(rec.Violations), omitted, len(full)*max, left)
		}
	}
	out, _, _ := runIRI(t, in, "lint", "--json", "--max-violations", "0")
	if strings.Contains(out, "omitted") {
		t.Errorf("--max-violations 0 --json: %s", out)
	}
	if _, errOut, code := runIRI(t, in, "lint", "--max-violations", "-1"); code != exitError || errOut == "" {
		t.Errorf("--max-violations -1: exit %d, %q", code, errOut)
	}
}

// display writes one line per input line, always: an empty one for a
// line it cannot read (longer than --max-line, a bad JSON line), on both
// engines, as it writes one for a valid and an invalid input alike (it
// dropped the lines it could not read, and took no --aligned).
func TestDisplayAligned(t *testing.T) {
	in := "http://a/\n" + strings.Repeat("x", 100) + "\nhttp://a b\nhttp://c/\n"
	for _, jobs := range []string{"1", "2"} {
		out, _, code := runIRI(t, in, "display", "--max-line", "50", "--jobs", jobs)
		check(t, "display --max-line --jobs "+jobs, out, "http://a/\n\nhttp://a%20b\nhttp://c/\n")
		if code != exitError {
			t.Errorf("--jobs %s: exit %d", jobs, code)
		}
		out, _, _ = runIRI(t, "\"http://a/\"\nhttp://b/\n\"http://c/\"\n", "display", "--json-in", "--jobs", jobs)
		check(t, "display --json-in --jobs "+jobs, out, "http://a/\n\nhttp://c/\n")
	}
	if _, errOut, code := runIRI(t, "", "display", "--aligned"); code != exitError || !strings.Contains(errOut, "unknown flag: --aligned") {
		t.Errorf("display --aligned: exit %d, stderr %q", code, errOut)
	}
}

// lint --field's text cell names each check once, in order of its first
// violation, with ":N" when it has N > 1, so that it is bounded by the
// number of checks however long the line (a cell of 3.4 MB came of an
// 800 KB line, where the --json cell was bounded by --max-violations);
// the exit status and --stats still see every violation.
func TestLintFieldCell(t *testing.T) {
	rtl := strings.Repeat("\u05d0\u05d1/1\u05d2/", 20000)
	in := "1\thttp://h:80/" + rtl + "\n2\thttp://a/\n"
	for _, jobs := range []string{"1", "2"} {
		out, _, code := runIRI(t, in, "lint", "--field", "2", "--jobs", jobs)
		lines := strings.Split(out, "\n")
		if len(lines) != 3 || !strings.HasSuffix(lines[1], "\t") || code != exitOK && code != exitInvalid {
			t.Fatalf("--jobs %s: exit %d, %d lines", jobs, code, len(lines))
		}
		cell := lines[0][strings.LastIndexByte(lines[0], '\t')+1:]
		if len(cell) > 200 || !strings.HasPrefix(cell, "default-port ") || !regexp.MustCompile(`^[a-z0-9-]+(:[0-9]+)?( [a-z0-9-]+(:[0-9]+)?)*$`).MatchString(cell) {
			t.Errorf("--jobs %s: cell %q", jobs, cell)
		}
		var total int
		for _, c := range strings.Fields(cell) {
			n := 1
			if _, k, ok := strings.Cut(c, ":"); ok {
				n, _ = strconv.Atoi(k)
			}
			total += n
		}
		if want := len(lint.AppendViolations(nil, "http://h:80/"+rtl)); total != want {
			t.Errorf("--jobs %s: the cell counts %d violations, want %d", jobs, total, want)
		}
	}
	vs, tally := lint.Options{}.AppendViolationsLimit(nil, "http://h:80/a", -1)
	if got := string(appendCodes(nil, vs, &tally, new([256]bool))); got != "default-port" {
		t.Errorf("one violation: %q", got)
	}
}

// display shows an input that is no IRI reference with exactly the bytes
// doc.go says percent-encoded: 0x00-0x20 and 0x7F-0xFF, and no other
// ('%' included), as doc.go's example has it (it said every byte outside
// printable ASCII, and the space is printable).
func TestDisplayUnparsable(t *testing.T) {
	var in, want strings.Builder
	for b := 1; b < 256; b++ {
		if b == '\n' || b == '\r' {
			continue
		}
		in.WriteByte(byte(b))
		if b <= 0x20 || b >= 0x7f {
			fmt.Fprintf(&want, "%%%02X", b)
		} else {
			want.WriteByte(byte(b))
		}
	}
	out, _, _ := runIRI(t, in.String()+"\n", "display")
	check(t, "display of every byte", out, want.String()+"\n")
	out, _, _ = runIRI(t, "a b\"<>\n", "display")
	doc, _ := os.ReadFile("doc.go")
	text := strings.Join(strings.Fields(strings.ReplaceAll(string(doc), "\n//", " ")), " ")
	if out != "a%20b\"<>\n" || !strings.Contains(text, `"a b\"<>" is shown as `+strings.TrimSuffix(out, "\n")+`.`) {
		t.Errorf("display of a b\"<>: %q; doc.go does not show it", out)
	}
}
