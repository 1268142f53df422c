package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/irikit/iri/scanner"
)

// readAll returns the lines lr reads from r.
func readAll(t *testing.T, lr *lineReader, r io.Reader) ([]string, error) {
	t.Helper()
	lr.reset(r)
	var lines []string
	for {
		line, err := lr.next()
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return lines, err
		}
		lines = append(lines, string(line))
	}
}

// TestLineReader checks line splitting and CR stripping, on both read paths.
func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"\n", []string{""}},
		{"a", []string{"a"}},
		{"a\r", []string{"a"}},
		{"a\r\r", []string{"a\r"}},
		{"a\nb\n", []string{"a", "b"}},
		{"a\r\n\r\nb", []string{"a", "", "b"}},
		{"\r\n", []string{""}},
		{"\ra\n", []string{"\ra"}},
		// Longer than the 16-byte buffer: assembled in lr.buf.
		{long + "\r\n" + long + "\n" + long, []string{long, long, long}},
		{"a\n" + long + "\r", []string{"a", long}},
		// The CR and the LF on either side of a buffer boundary.
		{strings.Repeat("y", 15) + "\r\nz", []string{strings.Repeat("y", 15), "z"}},
		// A BOM opens the input, not the first line; elsewhere it stays.
		{bom + "a\n" + bom + "b\n", []string{"a", bom + "b"}},
		// A BOM alone is no line, as the parallel reader finds.
		{bom, nil},
		{bom + "\r", []string{""}},
		{bom + "\n", []string{""}},
		{bom + long + "\n", []string{long}},
		{"\xef\xbb\n", []string{"\xef\xbb"}},
		{"a" + bom + "\n", []string{"a" + bom}},
	} {
		// A small buffer, and one byte per Read, exercise the slow path.
		lr := newLineReader(16)
		for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
			got, err := readAll(t, lr, r)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
				t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
			}
		}
	}
}

// TestLineReaderError checks that a read error is returned, the partial line dropped.
func TestLineReaderError(t *testing.T) {
	boom := errors.New("boom")
	lr := newLineReader(16)
	got, err := readAll(t, lr, io.MultiReader(strings.NewReader("a\npartial"), iotest.ErrReader(boom)))
	if !errors.Is(err, boom) || len(got) != 1 || got[0] != "a" {
		t.Errorf("got %q, %v; want [a], boom", got, err)
	}
}

// TestLineReaderFlatMemory checks that reading lines does not allocate.
func TestLineReaderFlatMemory(t *testing.T) {
	// Many short lines after a long one reuse the buffer: no allocation.
	in := strings.Repeat("x", 1000) + "\n" + strings.Repeat("http://example.com/a\n", 1000)
	lr := newLineReader(64)
	r := strings.NewReader(in)
	allocs := testing.AllocsPerRun(10, func() {
		r.Reset(in)
		lr.reset(r)
		for {
			if _, err := lr.next(); err != nil {
				break
			}
		}
	})
	if allocs > 0 {
		t.Errorf("%v allocations per pass, want 0", allocs)
	}
}

// TestDecodeJSONLine checks which lines are JSON strings.
func TestDecodeJSONLine(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`"a"`, "a", true},
		{` "a\nb" `, "a\nb", true},
		{`"\u00e9\t"`, "é\t", true},
		{`""`, "", true},
		{``, "", false},
		{`null`, "", false},
		{`1`, "", false},
		{`["a"]`, "", false},
		{`"a`, "", false},
		{`"a" "b"`, "", false},
		{`a`, "", false},
	} {
		got, err := decodeJSONLine([]byte(tc.in))
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%q: got %q, %v; want %q, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// skipLines passes over exactly the valid whole lines, writing their URI
// form (with to-uri's skipper): with buffers so small that lines are cut at
// every place, the lines it leaves to next, numbered, hold every invalid
// line, the count comes out right, and every valid line comes out in its
// URI form once.
func TestSkipValid(t *testing.T) {
	lines := []string{"http://a/b", "a b", "", "https://例え.テスト/", "http://[::1]/", "x\r", "http://h/%zz",
		strings.Repeat("p", 90), "g?y#s", "http://[::1", "\xff", "//u@h:80/p?q#f", "http://h/a\r"}
	var in strings.Builder
	for i := 0; i < 40; i++ {
		in.WriteString(lines[(i*7)%len(lines)])
		in.WriteByte('\n')
	}
	in.WriteString("http://a/last") // no LF
	type numbered struct {
		n    int
		line string
	}
	for _, size := range []int{16, 17, 23, 64, 4096} {
		var want []numbered
		all, err := readAll(t, newLineReader(size), strings.NewReader(in.String()))
		if err != nil {
			t.Fatal(err)
		}
		// form is what to-uri writes of a line: its URI form if valid.
		form := func(l string) string {
			if u, r := scanner.AppendURI(nil, l, scanner.IRIReference, 0); r.OK() {
				return string(u)
			}
			return l
		}
		toURI := (&toURIHandler{parseRun{lineRun: &lineRun{}}}).skipper()
		var allForms []string
		for i, l := range all {
			if !scanner.Valid(l, scanner.IRIReference, 0) {
				want = append(want, numbered{i + 1, l})
			}
			allForms = append(allForms, form(l))
		}
		lr := newLineReader(size)
		lr.reset(iotest.HalfReader(strings.NewReader(in.String())))
		var got []numbered
		var seq []string // every line's form, skipped (and written) or not
		n := 1
		for ; ; n++ {
			var copied bytes.Buffer
			bw := bufio.NewWriter(&copied)
			k, err := lr.skipLines(toURI, bw)
			bw.Flush()
			if err != nil {
				t.Fatal(err)
			}
			if k > 0 {
				skipped := strings.Split(strings.TrimSuffix(copied.String(), "\n"), "\n")
				if len(skipped) != k || !strings.HasSuffix(copied.String(), "\n") {
					t.Fatalf("buffer %d: skipValid passed %d lines, copied %q", size, k, copied.String())
				}
				seq = append(seq, skipped...)
			} else if copied.Len() > 0 {
				t.Fatalf("buffer %d: skipValid passed no line, copied %q", size, copied.String())
			}
			n += k
			l, err := lr.next()
			if err == io.EOF {
				break
			}
			seq = append(seq, form(string(l)))
			if !scanner.Valid(string(l), scanner.IRIReference, 0) {
				got = append(got, numbered{n, string(l)})
			}
		}
		if n-1 != len(all) || len(want) < 10 || !slices.Equal(got, want) || !slices.Equal(seq, allForms) {
			t.Errorf("buffer %d: %d lines, invalid %v; want %d, %v", size, n-1, got, len(all), want)
		}
	}
}

// A UTF-8 BOM at the start of each file is skipped, on both engines, in
// text, --json-in and --field input, so that the first line is read as
// it is (it once gave line 1 of kasztp.txt a misleading error); a BOM
// anywhere else is part of its line.
func TestBOM(t *testing.T) {
	a := writeFile(t, "a.txt", bom+"http://a/\nhttp://b/ c\n")
	b := writeFile(t, "b.txt", bom+"http://d/\n"+bom+"http://e/\n")
	j := writeFile(t, "a.jsonl", bom+`"http://a/"`+"\n")
	csv := writeFile(t, "a.csv", bom+"ref,n\nhttp://a/,1\n")
	one := writeFile(t, "one.txt", bom+"x")
	for _, jobs := range []string{"1", "2"} {
		out, _, code := runIRI(t, "", "check", "--jobs", jobs, a, b)
		want := "a.txt:2: iri: invalid IRI-reference at byte offset 9 in ipath: found ' ', expected ipchar, \"/\", \"?\" or \"#\" (ipath)\nhttp://b/ c\n         ^\n" +
			"b.txt:2: iri: invalid IRI-reference at byte offset 7 in ipath: found \":\" in the first segment of a relative reference (ipath-noscheme); a scheme starts with a letter, and a relative path with a colon needs \"./\" in front\n\\ufeffhttp://e/\n          ^\n"
		out = strings.ReplaceAll(strings.ReplaceAll(out, filepath.Dir(a)+"/", ""), filepath.Dir(b)+"/", "")
		check(t, "check --jobs "+jobs, out, want)
		if code != exitInvalid {
			t.Errorf("check --jobs %s: exit %d", jobs, code)
		}
		out, _, _ = runIRI(t, "", "to-uri", "--jobs", jobs, a, b, one)
		check(t, "to-uri --jobs "+jobs, out, "http://a/\nhttp://d/\nx\n")
		out, _, code = runIRI(t, "", "check", "--json-in", "--jobs", jobs, j)
		if out != "" || code != exitOK {
			t.Errorf("check --json-in --jobs %s: %q, exit %d", jobs, out, code)
		}
		out, _, _ = runIRI(t, "", "check", "--field", "1", "--delimiter", ",", "--header", "--jobs", jobs, csv)
		check(t, "check --field --jobs "+jobs, out, "ref,n,check\nhttp://a/,1,ok\n")
		out, _, _ = runIRI(t, bom+"http://s/\n", "to-uri", "--jobs", jobs)
		check(t, "to-uri stdin --jobs "+jobs, out, "http://s/\n")
	}
}

// A file that holds only a BOM has no lines, as an empty file has, on
// both engines and in every mode (--jobs 1 once read it as one empty
// line: a record, an empty --aligned line, "1 lines" in --stats, a bad
// JSON line, a phantom --header row); a BOM and a line without its LF
// is that one line.
func TestBOMOnly(t *testing.T) {
	only := writeFile(t, "only.txt", bom)
	noLF := writeFile(t, "nolf.txt", bom+"http://a/")
	modes := [][]string{
		{"parse"}, {"parse", "--json"}, {"check"}, {"check", "--json"},
		{"to-uri", "--aligned"}, {"to-iri", "--aligned"}, {"to-uri", "--json"},
		{"check", "--json-in"}, {"check", "--json-in", "--json"},
		{"check", "--field", "1", "--header"}, {"to-uri", "--field", "1", "--delimiter", ","},
		{"resolve", "--base", "http://b/", "--aligned"}, {"relativize", "--base", "http://b/", "--json"},
		{"normalize", "--aligned"}, {"key", "--json"}, {"compare", "--json-in", "--aligned"},
		{"lint"}, {"lint", "--json"}, {"display"}, {"display", "--json"}, {"score"},
		{"check", "--stats"}, {"to-uri", "--stats", "--json"},
	}
	for _, mode := range modes {
		var first [2]string
		for k, jobs := range []string{"1", "3"} {
			args := append(append([]string{}, mode...), "--jobs", jobs, only)
			out, errOut, code := runIRI(t, "", args...)
			name := strings.Join(args[:len(args)-1], " ")
			switch {
			case mode[0] == "score":
				if !strings.HasPrefix(out, "0 samples") || code != exitOK {
					t.Errorf("%s on a BOM: %q, exit %d", name, out, code)
				}
			case out != "" || code != exitOK:
				t.Errorf("%s on a BOM: stdout %q, exit %d; want nothing, exit 0", name, out, code)
			}
			if slices.Contains(mode, "--stats") {
				if !strings.Contains(errOut, " 0 lines: 0 valid") && !strings.Contains(errOut, `"lines":0,`) {
					t.Errorf("%s on a BOM: stats %q, want 0 lines", name, errOut)
				}
			} else if errOut != "" {
				t.Errorf("%s on a BOM: stderr %q", name, errOut)
			}
			// A BOM and a line without an LF: that line, the same on
			// both engines.
			args[len(args)-1] = noLF
			out, _, _ = runIRI(t, "", args...)
			if first[k] = out; k == 1 {
				check(t, name+" on a BOM and a line without an LF, --jobs 1 and 3", first[1], first[0])
			}
		}
	}
	out, _, _ := runIRI(t, "", "parse", "--json", "--jobs", "1", noLF)
	check(t, "parse --json of a BOM and a line", out, `{"input":"http://a/","valid":true,"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":null,"fragment":null,"host_kind":"reg-name"}`+"\n")
}
