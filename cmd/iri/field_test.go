package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"

	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/hostile"
	"github.com/irikit/iri/lint"
)

func TestPickField(t *testing.T) {
	cases := []struct {
		line  string
		n     int
		want  string
		fault fieldFault
	}{
		{"a,b,c", 1, "a", fieldFault{}},
		{"a,b,c", 3, "c", fieldFault{}},
		{"a,b,c", 4, "", fieldFault{4, -1}},
		{"a,,c", 2, "", fieldFault{}},
		{"", 1, "", fieldFault{}},
		{"a,", 2, "", fieldFault{}},
		{`"a,b",c`, 1, "a,b", fieldFault{}},
		{`"a,b",c`, 2, "c", fieldFault{}},
		{`x,"say ""hi""",y`, 2, `say "hi"`, fieldFault{}},
		{`x,"say ""hi""",y`, 3, "y", fieldFault{}},
		{`x,"open`, 2, "open", fieldFault{}},
		{`"a"`, 1, "a", fieldFault{}},
		{`"a",`, 2, "", fieldFault{}},
		// Text after a closing quote: the record is refused, in the
		// field asked for, before it or after it, with the field and
		// the text's offset.
		{`1,"http://a/" bad`, 2, "", fieldFault{2, 13}},
		{`1,"http://a/"x y`, 2, "", fieldFault{2, 13}},
		{"1\t\"Hello\" she said\thttp://a/", 3, "", fieldFault{2, 9}},
		{`"a"b,c`, 2, "", fieldFault{1, 3}},
		{`a,"b""c"d`, 1, "", fieldFault{2, 8}},
		{`a,b,"c"d`, 5, "", fieldFault{3, 7}},
		{"\"a\nb\"x,c", 2, "", fieldFault{1, 5}},
	}
	for _, c := range cases {
		delim := byte(',')
		if strings.Contains(c.line, "\t") {
			delim = '\t'
		}
		got, _, fault := pickField(nil, []byte(c.line), c.n, delim)
		if string(got) != c.want || fault != c.fault {
			t.Errorf("pickField(%q, %d) = %q, %+v; want %q, %+v", c.line, c.n, got, fault, c.want, c.fault)
		}
	}
}

// Text after the closing quote of a field is refused, the record written
// back with an empty cell (the error record with --json) and reported
// with the field and its place, on both engines (it was dropped: the
// field read as if it ended at the quote, or the fields after it went
// missing, "no field 3").
func TestFieldTextAfterQuote(t *testing.T) {
	for _, tc := range []struct {
		in   string
		args []string
		out  string
		msg  string
	}{
		{"1,\"http://a/\" bad\n2,http://b/\n", []string{"check", "--field", "2", "--delimiter", ","},
			"1,\"http://a/\" bad,\n2,http://b/,ok\n", "<stdin>:1: field 2: text after the closing quote at byte 13 of line 1"},
		{"1,\"http://a/\"x y\n", []string{"to-uri", "--field", "2", "--delimiter", ","},
			"1,\"http://a/\"x y,\n", "<stdin>:1: field 2: text after the closing quote at byte 13 of line 1"},
		{"1\t\"Hello\" she said\thttp://a/\n", []string{"check", "--field", "3"},
			"1\t\"Hello\" she said\thttp://a/\t\n", "<stdin>:1: field 2: text after the closing quote at byte 9 of line 1"},
		{"0,a\n1,\"x\ny\"z,http://a/\n", []string{"resolve", "--field", "3", "--base-field", "2", "--delimiter", ","},
			"0,a,\n1,\"x\ny\"z,http://a/,\n", "<stdin>:2: field 2: text after the closing quote at byte 2 of line 3"},
	} {
		for _, jobs := range []string{"1", "2"} {
			out, errOut, code := runIRI(t, tc.in, append(tc.args, "--jobs", jobs)...)
			name := strings.Join(tc.args, " ") + " --jobs " + jobs
			check(t, name, out, tc.out)
			if !strings.Contains(errOut, tc.msg) || code != exitError {
				t.Errorf("%s: exit %d, stderr %q; want 2 and %q", name, code, errOut, tc.msg)
			}
		}
	}
	out, _, _ := runIRI(t, "1,\"http://a/\" bad\n", "check", "--field", "2", "--delimiter", ",", "--json")
	want := `{"input":"","valid":false,"error":{"offset":0,"message":"<stdin>:1: field 2: text after the closing quote at byte 13 of line 1 (a quoted field ends at its closing '\"', which the delimiter or the end of the record follows; a '\"' inside it is written \"\")"}}`
	check(t, "--json", out, "1,\"http://a/\" bad,"+string(appendCell(nil, []byte(want), ','))+"\n")
}

func TestAppendCell(t *testing.T) {
	for _, c := range []struct{ v, comma, tab string }{
		{"ok", "ok", "ok"},
		{"a,b", `"a,b"`, "a,b"},
		{`{"a":1}`, `"{""a"":1}"`, `{"a":1}`},
		{`"x`, `"""x"`, `"""x"`},
		{"a\tb", "a\tb", "\"a\tb\""},
		{"", "", ""},
	} {
		if got := string(appendCell(nil, []byte(c.v), ',')); got != c.comma {
			t.Errorf("appendCell(%q, ',') = %s, want %s", c.v, got, c.comma)
		}
		if got := string(appendCell(nil, []byte(c.v), '\t')); got != c.tab {
			t.Errorf("appendCell(%q, tab) = %s, want %s", c.v, got, c.tab)
		}
	}
}

// The relative_urls CSV: each line comes back whole with a new column,
// "ok" or the error of its second field; resolve takes its base from the
// first; the header names the new column; CSV readers read it back.
func TestFieldCSV(t *testing.T) {
	lines := corpus.Lines(t, "relative_urls_cc_10k.csv")
	p := filepath.Join(corpus.Dir(), "relative_urls_cc_10k.csv")
	out, errOut, code := runIRI(t, "", "check", "--field", "2", "--delimiter", ",", "--header", p)
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) || got[0] != lines[0]+",check" || errOut != "" {
		t.Fatalf("%d lines for %d, first %q, stderr %q", len(got), len(lines), got[0], errOut)
	}
	invalid := 0
	for i, l := range lines[1:] {
		ref := l[strings.IndexByte(l, ',')+1:]
		want := l + ",ok"
		if _, err := iri.ParseReference(ref); err != nil {
			want = string(appendCell([]byte(l+","), []byte(err.Error()), ','))
			invalid++
		}
		if got[i+1] != want {
			t.Errorf("line %d: %q, want %q", i+2, got[i+1], want)
		}
	}
	if wantCode := map[bool]int{true: exitInvalid, false: exitOK}[invalid > 0]; code != wantCode {
		t.Errorf("exit %d with %d invalid", code, invalid)
	}

	out, _, _ = runIRI(t, "", "resolve", "--field", "2", "--base-field", "1", "--delimiter", ",", "--header", "--jobs", "3", p)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != len(lines) || recs[0][2] != "resolve" {
		t.Fatalf("resolve: %d records, %v", len(recs), err)
	}
	for _, rec := range recs[1:] {
		want := ""
		if b, err := iri.Parse(rec[0]); err == nil {
			if u, err := b.Resolve(rec[1]); err == nil {
				want = u.String()
			}
		}
		if rec[2] != want {
			t.Errorf("resolve %q against %q: %q, want %q", rec[1], rec[0], rec[2], want)
		}
	}
}

// With --json the new column is the command's JSON record, quoted as CSV
// quotes; TSV is the default; --jobs changes nothing.
func TestFieldJSON(t *testing.T) {
	in := "1,http://h/a b,x\n2,\"http://例/?q=a,b\",y\n"
	out, _, code := runIRI(t, in, "parse", "--json", "--field", "2", "--delimiter", ",")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 2 || code != exitInvalid {
		t.Fatalf("%q: %v, exit %d", out, err, code)
	}
	for i, ref := range []string{"http://h/a b", "http://例/?q=a,b"} {
		q, _ := json.Marshal(ref)
		want, _, _ := runIRI(t, string(q)+"\n", "parse", "--json", "--json-in")
		if recs[i][3] != strings.TrimSuffix(want, "\n") {
			t.Errorf("record %d: %s, want %s", i, recs[i][3], want)
		}
	}
	tsv := "a\thttp://h/%7e\n"
	if out, _, _ := runIRI(t, tsv, "normalize", "--field", "2"); out != "a\thttp://h/%7e\thttp://h/~\n" {
		t.Errorf("TSV: %q", out)
	}
	if out, _, _ := runIRI(t, "a\thttp://xn--r-bga.example/ a b\n", "lint", "--field", "2", "--jobs", "1"); !strings.HasPrefix(out, "a\thttp://xn--r-bga.example/ a b\t") {
		t.Errorf("lint: %q", out)
	}
	big := strings.Repeat(in+tsv, 3000)
	o1, e1, c1 := runIRI(t, big, "to-uri", "--field", "2", "--jobs", "1")
	o4, e4, c4 := runIRI(t, big, "to-uri", "--field", "2", "--jobs", "4")
	if o1 != o4 || e1 != e4 || c1 != c4 {
		t.Error("--field with --jobs 4 differs from --jobs 1")
	}
}

// A line without the field is written back with an empty cell, reported,
// and makes the exit status 2; nothing is dropped.
func TestFieldMissing(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		out, errOut, code := runIRI(t, "a\tb\nonly\nc\td\n", "check", "--field", "2", "--jobs", jobs)
		if out != "a\tb\tok\nonly\t\nc\td\tok\n" || !strings.Contains(errOut, "<stdin>:2: no field 2") || code != exitError {
			t.Errorf("--jobs %s: out %q, stderr %q, exit %d", jobs, out, errOut, code)
		}
		// With --json the cell is a record still: the error record of a
		// line that cannot be read.
		out, _, _ = runIRI(t, "only\n", "check", "--field", "2", "--json", "--jobs", jobs)
		check(t, "--json --jobs "+jobs, out, "only\t"+`{"input":"","valid":false,"error":{"offset":0,"message":"<stdin>:1: no field 2"}}`+"\n")
	}
}

// A line longer than --max-line keeps its place with --field, as it does
// without: it was not kept, so an empty record with its new cell stands
// for it (empty in text, the error record with --json, the command's name
// for a --header line), on both engines (tooLong once wrote nothing, and
// the output had a record fewer than the input).
func TestFieldLineTooLong(t *testing.T) {
	in := "a,http://a/\nb,http://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/\nc,http://c/\n"
	long := `{"input":"","valid":false,"error":{"offset":20,"message":"<stdin>:2: the line is longer than --max-line (20 bytes)"}}`
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check"}, "a,http://a/,ok\n,\nc,http://c/,ok\n"},
		{[]string{"to-uri"}, "a,http://a/,http://a/\n,\nc,http://c/,http://c/\n"},
		{[]string{"lint"}, "a,http://a/,\n,\nc,http://c/,\n"},
		{[]string{"check", "--json"}, "a,http://a/," + string(appendCell(nil, []byte(`{"input":"http://a/","valid":true,"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":null,"fragment":null,"host_kind":"reg-name"}`), ',')) + "\n"},
		{[]string{"check", "--header"}, "a,http://a/,check\n,\nc,http://c/,ok\n"},
	} {
		for _, jobs := range []string{"1", "2", "3"} {
			args := append(append([]string{}, tc.args...), "--field", "2", "--delimiter", ",", "--max-line", "20", "--jobs", jobs)
			out, errOut, code := runIRI(t, in, args...)
			lines := strings.SplitAfter(out, "\n")
			if len(lines) != 4 || code != exitError || errOut != "<stdin>:2: the line is longer than --max-line (20 bytes); passed over\n" {
				t.Errorf("%v: exit %d, stderr %q, out %q: want 3 records", args, code, errOut, out)
				continue
			}
			if slices.Contains(tc.args, "--json") {
				if lines[0] != tc.want {
					t.Errorf("%v: record 1 %q, want %q", args, lines[0], tc.want)
				}
				if want := "," + string(appendCell(nil, []byte(long), ',')) + "\n"; lines[1] != want {
					t.Errorf("%v: record 2 %q, want %q", args, lines[1], want)
				}
				continue
			}
			check(t, strings.Join(args, " "), out, tc.want)
		}
	}
	// The --header line itself too long: its place gets the name.
	out, _, _ := runIRI(t, "ref,reference-that-is-long\nx,http://a/\n", "check", "--field", "2", "--delimiter", ",", "--header", "--max-line", "20")
	check(t, "a long header", out, ",check\nx,http://a/,ok\n")
}

func TestFieldUsage(t *testing.T) {
	f := filepath.Join(t.TempDir(), "x")
	os.WriteFile(f, []byte("a\n"), 0o644)
	for _, args := range [][]string{
		{"compare", "--field", "1", "a", "b"}, {"score", "--field", "1"}, {"generate", "--field", "1"},
		{"check", "--field", "-1"}, {"check", "--field", "1", "--delimiter", "ab"},
		{"check", "--field", "1", "--delimiter", `"`}, {"resolve", "--base-field", "1", "--base", "http://a/"},
		{"resolve", "--field", "1"},
	} {
		if _, errOut, code := runIRI(t, "", append(args, f)...); code != exitError || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// fieldRefs are the references of TestFieldEveryCommand: valid and not,
// ASCII and not, some that CSV must quote, some each command changes.
var fieldRefs = []string{
	"http://例え.jp/パス?q=値", "HTTP://Example.COM:80/%7e/./x", "http://h/a b", "http://h/?q=a,b",
	`http://h/"x"`, "../x/./y", "mailto:a@b", "http://xn--bcher-kva.example/", "http://h/%E4%BE%8B",
	"", "http://h/\u202eevil", "//h/p#f", "http://[::1]:8080/", "%zz", "http://h:80/a/../b",
}

// fieldCell is what the library gives for ref under the command args: the
// cell --field appends.
func fieldCell(args []string, ref string) string {
	p := iri.Parser{}
	u, err := p.Parse(ref)
	switch args[0] {
	case "parse", "check":
		if err != nil {
			return err.Error()
		}
		return "ok"
	case "to-uri":
		if err != nil {
			return ""
		}
		return string(u.AppendURI(nil))
	case "to-iri":
		if err != nil {
			return ""
		}
		return string(u.AppendIRI(nil))
	case "resolve", "relativize":
		b, _ := iri.Parse(args[2])
		if err != nil {
			return ""
		}
		if args[0] == "resolve" {
			t, err := b.ResolveIRI(u)
			if err != nil {
				return ""
			}
			return t.String()
		}
		t, err := b.Relativize(u)
		if err != nil {
			return ""
		}
		return t.String()
	case "normalize":
		if err != nil {
			return ""
		}
		n, err := iri.Normalizer{Level: iri.LevelSyntax}.Normalize(ref)
		if err != nil {
			return ""
		}
		return n
	case "lint":
		// Each code once, in order of first offset, ":N" when repeated.
		var codes []string
		count := map[string]int{}
		for _, v := range (lint.Options{}).AppendViolations(nil, ref) {
			if count[v.Check.String()]++; count[v.Check.String()] == 1 {
				codes = append(codes, v.Check.String())
			}
		}
		for i, c := range codes {
			if count[c] > 1 {
				codes[i] += ":" + strconv.Itoa(count[c])
			}
		}
		return strings.Join(codes, " ")
	case "display":
		return string(lint.AppendDisplay(nil, ref))
	}
	panic("no such command " + args[0])
}

// Every command that takes --field writes each record back whole with one
// new cell, the library's answer for the field, on one engine and on
// several, with and without a header, in CSV and in TSV, records that
// span lines included (to-uri and to-iri once wrote their result on a
// line of its own and left the cell empty; a record that spans lines got
// the cell inside its quoted field, on each line).
func TestFieldEveryCommand(t *testing.T) {
	for _, delim := range []rune{',', '\t'} {
		var in bytes.Buffer
		w := csv.NewWriter(&in)
		w.Comma = delim
		w.Write([]string{"id", "ref", "note"})
		// Enough rows for several chunks of the parallel engine.
		// Some notes span lines (RFC 4180 2.6), one over a chunk.
		for i := 0; in.Len() < 3*chunkSize; i++ {
			note := "n" + strconv.Itoa(i)
			switch {
			case i == 700:
				note = strings.Repeat("long \"note\",\n", chunkSize/12)
			case i%7 == 0:
				note += "\nline 2, \"quoted\"\n\nline 4"
			}
			w.Write([]string{strconv.Itoa(i), fieldRefs[i%len(fieldRefs)], note})
		}
		w.Flush()
		rd := csv.NewReader(bytes.NewReader(in.Bytes()))
		rd.Comma, rd.LazyQuotes = delim, delim == '\t'
		inRecs, err := rd.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"parse"}, {"check"}, {"to-uri"}, {"to-iri"}, {"resolve", "--base", "http://a/b/c/d;p?q"},
			{"relativize", "--base", "http://h/a/b"}, {"normalize"}, {"lint"}, {"display"},
		} {
			for _, jobs := range []string{"1", "2", "3", "8"} {
				for _, header := range []bool{false, true} {
					a := append(slices.Clone(args), "--field", "2", "--delimiter", string(delim), "--jobs", jobs)
					if header {
						a = append(a, "--header")
					}
					out, _, _ := runIRI(t, in.String(), a...)
					rd := csv.NewReader(strings.NewReader(out))
					rd.Comma, rd.LazyQuotes = delim, delim == '\t'
					recs, err := rd.ReadAll()
					if err != nil || len(recs) != len(inRecs) {
						t.Errorf("%v: %d records for %d, %v", a, len(recs), len(inRecs), err)
						continue
					}
					for i, rec := range recs {
						want := append(slices.Clone(inRecs[i]), "")
						switch {
						case i == 0 && header:
							want[3] = args[0]
						default:
							want[3] = fieldCell(args, inRecs[i][1])
						}
						if !slices.Equal(rec, want) {
							t.Errorf("%v: record %d is %q, want %q", a, i+1, rec, want)
							break
						}
					}
				}
			}
		}
	}
}

// recordEnds returns the offsets just past each LF that ends a record of
// data, byte by byte as RFC 4180 reads it (text after a closing quote
// running to the end of the line, as recordScan passes over it), and
// with a cap (max > 0) as fieldLine does, an LF in a quoted field at
// which the record is longer than max, its CR LFs counted as one byte:
// the reference for recordScan.
func recordEnds(data []byte, delim byte, max int) []int {
	var ends []int
	size := 0 // the record's size so far, fieldLine's
	const (
		start = iota
		plain
		inQuotes
		quote
		junk
	)
	st := start
	for i, c := range data {
		size++
		switch {
		case st == inQuotes && c == '\n' && max > 0:
			if i > 0 && data[i-1] == '\r' {
				size--
			}
			if size-1 > max {
				ends = append(ends, i+1)
				st, size = start, 0
			}
		case st == inQuotes:
			if c == '"' {
				st = quote
			}
		case st == junk && c != '\n':
		case c == '\n':
			ends = append(ends, i+1)
			st, size = start, 0
		case c == delim && st != junk:
			st = start
		case st == quote && c == '"':
			st = inQuotes
		case st == quote:
			st = junk
		case st == start && c == '"':
			st = inQuotes
		default:
			st = plain
		}
	}
	return ends
}

// recordScan finds the ends of the reference, whatever the pieces it is
// fed in, on random text of delimiters, quotes, line breaks and letters,
// with a cap on a record's size or without.
func TestRecordScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 6000; n++ {
		data := make([]byte, rng.IntN(40))
		for i := range data {
			data[i] = ",\"\na\t\r"[rng.IntN(6)]
		}
		max := 0
		if n%2 == 1 {
			max = 1 + rng.IntN(12)
		}
		for _, delim := range []byte{',', '\t'} {
			want := recordEnds(data, delim, max)
			sc := recordScan{delim: delim, max: max}
			sc.reset()
			for i := 0; i < len(data); {
				k := min(len(data), i+rng.IntN(6))
				wantEnd := -1
				for _, e := range want {
					if e > i && e <= k {
						wantEnd = e - i
					}
				}
				if end := sc.feed(data[i:k]); end != wantEnd {
					t.Fatalf("%q delim %q, cap %d: bytes %d to %d: last end %d, want %d (ends %v)", data, delim, max, i, k, end, wantEnd, want)
				}
				i = k
			}
			// The last end of the whole, fed at once.
			sc.reset()
			last := -1
			if len(want) > 0 {
				last = want[len(want)-1]
			}
			if end := sc.feed(data); end != last {
				t.Fatalf("%q delim %q, cap %d: last end %d, want %d", data, delim, max, end, last)
			}
		}
	}
}

// The example: a quoted field over two lines is one record, and
// the new cell goes after it, on one engine and on several.
func TestFieldMultiline(t *testing.T) {
	in := "id,url,note\n1,http://a/,\"l1\nl2\"\n2,\"http://b/\nx\",n\n"
	_, err := iri.ParseReference("http://b/\nx")
	want := "id,url,note,check\n1,http://a/,\"l1\nl2\",ok\n" + string(appendCell([]byte("2,\"http://b/\nx\",n,"), []byte(err.Error()), ',')) + "\n"
	for _, jobs := range []string{"1", "2"} {
		out, errOut, code := runIRI(t, in, "check", "--field", "2", "--delimiter", ",", "--header", "--jobs", jobs)
		if out != want || code != exitInvalid || errOut != "" {
			t.Errorf("--jobs %s: exit %d, stderr %q, out\n%s\nwant\n%s", jobs, code, errOut, out, want)
		}
		// After a BOM, a quoted first field is quoted all the same.
		out, _, _ = runIRI(t, "\ufeff\"a\nb\",http://x/\n", "check", "--field", "2", "--delimiter", ",", "--jobs", jobs)
		if want := "\"a\nb\",http://x/,ok\n"; out != want {
			t.Errorf("--jobs %s, a BOM: %q, want %q", jobs, out, want)
		}
	}
}

// A quoted field the file does not close is reported with its place, and
// its lines are written back as they are, without a new cell; the records
// before it are not touched, and the next file starts afresh.
func TestFieldUnclosed(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.csv")
	b := filepath.Join(dir, "b.csv")
	os.WriteFile(a, []byte("1,http://a/\n2,\"http://b/\n3,http://c/\n"), 0o644)
	os.WriteFile(b, []byte("4,http://d/\n"), 0o644)
	for _, jobs := range []string{"1", "2"} {
		out, errOut, code := runIRI(t, "", "to-uri", "--field", "2", "--delimiter", ",", "--jobs", jobs, a, b)
		if want := "1,http://a/,http://a/\n2,\"http://b/\n3,http://c/\n4,http://d/,http://d/\n"; out != want || code != exitError {
			t.Errorf("--jobs %s: exit %d, out %q, want %q", jobs, code, out, want)
		}
		if want := a + ":2: field 2: the quoted field that starts at byte 2 of line 2 has no closing '\"' before the file ends or a line it cannot read (see --max-line); its 2 lines are written back as they are, without a new cell\n"; errOut != want {
			t.Errorf("--jobs %s: stderr %q, want %q", jobs, errOut, want)
		}
	}
	// A line over --max-line ends the record too: the line is passed
	// over, and the next starts a record.
	// (The line is read and found too long, or, past the read buffer,
	// passed over unread.)
	for _, long := range []int{200, 3 * readBufferSize} {
		in := "1,\"a\n" + strings.Repeat("x", long) + "\nb\",http://c/\n2,http://d/\n"
		for _, jobs := range []string{"1", "2"} {
			out, errOut, code := runIRI(t, in, "to-uri", "--field", "2", "--delimiter", ",", "--max-line", "100", "--jobs", jobs)
			if want := "1,\"a\n,\nb\",http://c/,http://c/\n2,http://d/,http://d/\n"; out != want || code != exitError ||
				!strings.Contains(errOut, "<stdin>:1: field 2: the quoted field that starts at byte 2 of line 1") || !strings.Contains(errOut, "<stdin>:2: the line is longer than --max-line") {
				t.Errorf("--max-line, a line of %d, --jobs %s: exit %d, out %q, stderr %q", long, jobs, code, out, errOut)
			}
		}
	}
}

// A record is as long as --max-line at most, as a line is: an open quote
// followed by more lines than that is refused at the line that makes it
// longer, reported with its field, its lines and the opening quote's
// place, and written back as it was, without a new cell; the next line
// starts a record. The same on every --jobs.
func TestFieldLongRecord(t *testing.T) {
	in := "0,http://a/\n1,\"a\n" + strings.Repeat("x,y\n", 300) + "2,http://b/\n"
	// `1,"a` and 256 lines of LF x,y: 4+4*256 = 1028 bytes > 1 KiB, at
	// line 258.
	wantOut := "0,http://a/,ok\n1,\"a\n" + strings.Repeat("x,y\n", 256) + strings.Repeat("x,y,ok\n", 44) + "2,http://b/,ok\n"
	wantErr := "<stdin>:2: field 2: record longer than --max-line (1024 bytes): the quoted field that starts at byte 2 of line 2 runs on to line 258; its 257 lines are written back as they are, without a new cell, and the next line starts a record\n"
	for _, jobs := range []string{"1", "2", "3", "8"} {
		out, errOut, code := runIRI(t, in, "check", "--field", "2", "--delimiter", ",", "--max-line", "1KiB", "--jobs", jobs)
		if out != wantOut || errOut != wantErr || code != exitError {
			t.Errorf("--jobs %s: exit %d, stderr %q, out\n%s\nwant\n%s", jobs, code, errOut, out, wantOut)
		}
	}
	// A record refused past spillSize is written back as it is, on every
	// --jobs (the worker hands it to the writer without a copy).
	long := "1,\"a\n" + strings.Repeat("x,y\n", 3<<20/8) + "2,http://b/\n"
	want, wantErr, wantCode := runIRI(t, long, "check", "--field", "2", "--delimiter", ",", "--max-line", "1536KiB", "--jobs", "1")
	if !strings.HasPrefix(want, "1,\"a\n"+strings.Repeat("x,y\n", 3<<20/8-1)) || !strings.Contains(wantErr, "record longer than --max-line") {
		t.Errorf("a record of 1.5 MiB: stderr %q", wantErr)
	}
	if out, errOut, code := runIRI(t, long, "check", "--field", "2", "--delimiter", ",", "--max-line", "1536KiB", "--jobs", "2"); out != want || errOut != wantErr || code != wantCode {
		t.Errorf("a record of 1.5 MiB, --jobs 2: exit %d, stderr %q, stdout the same: %v", code, errOut, out == want)
	}
	// At the cap a record is read; a byte more, and it is refused, even
	// when its quote closes on the line that passes the cap. A CR before
	// an LF is no part of the size, as it is no part of a line's.
	for _, tc := range []struct{ in, out string }{
		{"\"ab\ncde\",x\n", "\"ab\ncde\",x,ok\n"},
		{"\"ab\ncdef\",x\n", "\"ab\ncdef\",x\n"},
		{"\"ab\r\ncd\",xy\r\n", "\"ab\ncd\",xy,ok\n"},
		{"\"ab\r\ncd\",xyz\r\n", "\"ab\ncd\",xyz\n"},
		{"\"ab\r\n\r\n\r\nc\",x\r\n", "\"ab\n\n\nc\",x,ok\n"},
		{"\"ab\r\n\r\n\r\ncd\",x\r\n", "\"ab\n\n\ncd\",x\n"},
	} {
		for _, jobs := range []string{"1", "2"} {
			out, errOut, code := runIRI(t, tc.in+"c,z\n", "check", "--field", "2", "--delimiter", ",", "--max-line", "10", "--jobs", jobs)
			refused := !strings.HasSuffix(tc.out, ",ok\n")
			if out != tc.out+"c,z,ok\n" || refused != (code == exitError) || refused != strings.Contains(errOut, "record longer than --max-line (10 bytes)") {
				t.Errorf("%q, --jobs %s: exit %d, stderr %q, out %q, want %q", tc.in, jobs, code, errOut, out, tc.out)
			}
		}
	}
}

// On random text of quotes, delimiters, line breaks (LF and CR LF) and
// letters, over many chunks, with a cap small enough for records, and
// lines, to pass it, every --jobs writes what --jobs 1 does, on both
// streams: the reader cuts chunks where --jobs 1 ends records, the cap
// included.
func TestFieldLongRecordJobs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	size := 600 << 10
	if testing.Short() {
		size = 300 << 10
	}
	data := make([]byte, size)
	for i := range data {
		switch k := rng.IntN(1000); {
		case k < 5:
			data[i] = '"'
		case k < 80:
			data[i] = ','
		case k < 130:
			data[i] = '\n'
		case k < 150:
			data[i] = '\r'
		default:
			data[i] = 'a'
		}
	}
	for _, maxLine := range []string{"24", "150", "400"} {
		args := []string{"check", "--field", "2", "--delimiter", ",", "--max-line", maxLine}
		want, wantErr, wantCode := runIRI(t, string(data), append(args, "--jobs", "1")...)
		if !strings.Contains(wantErr, "record longer than --max-line") {
			t.Errorf("--max-line %s: no record longer than the cap", maxLine)
		}
		for _, jobs := range []string{"2", "3"} {
			out, errOut, code := runIRI(t, string(data), append(args, "--jobs", jobs)...)
			if out != want || errOut != wantErr || code != wantCode {
				t.Errorf("--max-line %s --jobs %s: exit %d, want %d; stdout same: %v, stderr same: %v", maxLine, jobs, code, wantCode, out == want, errOut == wantErr)
			}
		}
	}
}

// repeatReader is head, then body again and again, left bytes in all,
// made as it is read, so that a test can stream a large input.
type repeatReader struct {
	head, body string
	left       int64
	off        int  // in head, then in body
	inBody     bool // head is read
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		src := r.head
		if r.inBody {
			src = r.body
		}
		k := copy(p[n:min(len(p), n+int(min(r.left, int64(len(src)-r.off))))], src[r.off:])
		n += k
		r.left -= int64(k)
		if r.off += k; r.off == len(src) {
			r.off, r.inBody = 0, true
		}
	}
	return n, nil
}

// An open quote followed by 64 MiB of short lines, or a file of records
// each longer than --max-line, is read with the live heap bounded by
// about --max-line and the buffers of the chunks in flight, on both
// engines (the open quote once made the whole rest of the input one
// record, held in memory: 87 MB at --jobs 1 and 130 MB at --jobs 2 for
// 16 MiB; and records over the cap, each a chunk, were held in every
// chunk in flight). Measured as TestJobsFlatMemory does.
func TestFieldLongRecordMemory(t *testing.T) {
	hostile.RequireLinear(t)
	if testing.Short() || raceEnabled {
		t.Skip("streams 64 and 256 MiB a run; CI runs it without -short and -race")
	}
	// A record of an opening line and n lines of 64 bytes, n*64 bytes
	// and 63 more, is refused at its last line, and the next opens a
	// quote again.
	refused := func(n int) string {
		return `"` + strings.Repeat("x", 62) + "\n" + strings.Repeat(strings.Repeat("x", 63)+"\n", n)
	}
	oneMiB, eightMiB := refused(1<<20/64), refused(8<<20/64)
	for _, jobs := range []int{1, 2, 8} {
		for _, tc := range []struct {
			name     string
			field    string
			maxLine  int
			in       *repeatReader
			refusals int
		}{
			{"open quote", "2", 1 << 20, &repeatReader{head: "1,\"a\n", body: "x,y\n", left: 64 << 20}, 1},
			{"records over the cap", "1", 8 << 20, &repeatReader{body: eightMiB, left: 32 * int64(len(eightMiB))}, 32},
			{"records over the cap", "1", 1 << 20, &repeatReader{body: oneMiB, left: 64 * int64(len(oneMiB))}, 64},
		} {
			args := []string{"check", "--field", tc.field, "--delimiter", ",", "--max-line", strconv.Itoa(tc.maxLine), "--jobs", strconv.Itoa(jobs)}
			// A record, gathered in place in its chunk with --jobs, and
			// the buffers of the chunks in flight, which each may hold
			// a chunk of input and twice spillSize of output.
			limit := 8<<20 + 2*tc.maxLine
			if jobs > 1 {
				limit += (2*jobs + 2) * (bigChunk + 2*spillSize)
			}
			size := tc.in.left
			base := liveHeap()
			sampler := newHeapSampler(tc.in, size, 64)
			var out countWriter // counted, not kept
			var errOut bytes.Buffer
			code := run(args, sampler, &out, &errOut)
			peak, samples := sampler.result()
			n := strings.Count(errOut.String(), "record longer than --max-line ("+strconv.Itoa(tc.maxLine)+" bytes)")
			if code != exitError || n != tc.refusals || (tc.field == "1" && int64(out.n) != size) {
				t.Errorf("%s, %v: exit %d, %d records refused, want %d; %d bytes written of %d", tc.name, args, code, n, tc.refusals, out.n, size)
			}
			if samples == 0 {
				t.Errorf("%s, %v: the input was not read to its end: nothing measured", tc.name, args)
			}
			grew := int64(peak) - int64(base)
			if grew > int64(limit) {
				t.Errorf("%s, %v on %d MiB: the live heap grew by %d MiB, more than %d", tc.name, args, size>>20, grew>>20, limit>>20)
			}
			t.Logf("%s, %v on %d MiB: live heap %d MiB before, at most %d MiB during (grew %d MiB, limit %d; %d samples)", tc.name, args, size>>20, base>>20, peak>>20, grew>>20, limit>>20, samples)
		}
	}
}
