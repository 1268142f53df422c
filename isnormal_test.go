package iri

import (
	"strings"
	"testing"

	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/scanner"
)

// isNormalNormalizers are the settings whose shortcut differs: the
// levels, IDNA or not, and the steps that rewrite characters first.
var isNormalNormalizers = []Normalizer{
	{}, {Level: LevelScheme}, {Level: LevelScheme, NoIDNA: true}, {URI: true, Level: LevelScheme},
	{Level: LevelScheme, Ports: map[string]string{"x": "7"}},
}

// checkIsNormal checks isNormal, the shortcut of appendNormal, and
// inplace.Normal, AppendNormalize's, against the long way: where they say
// s is normal, every step leaves s as it is, and where isNormal says a
// "/" makes it so, every step makes that.
func checkIsNormal(t testing.TB, s string) {
	t.Helper()
	u := IRI{s: s}
	if u.r = scanner.Scan(s, scanner.IRIReference, 0); !u.r.OK() {
		return
	}
	for i := range isNormalNormalizers {
		n := &isNormalNormalizers[i]
		// The one call that vouches for a reference in AppendNormalize.
		scheme := n.Level == LevelScheme
		if inplace.Normal(s, scanner.IRIReference, scheme, scheme && !n.NoIDNA) {
			if got := string(n.appendRewritten(nil, &u)); got != s {
				t.Fatalf("%+v: inplace.Normal(%q), but the long way gives %q", *n, s, got)
			}
		}
		way := n.isNormal(&u, inplace.LookOf(&u.r, s))
		want, ok := appendShortcut(nil, &u, way)
		if !ok {
			continue
		}
		if way == slashed && (!u.HasAuthority() || u.Path() != "" || string(want) == s) {
			t.Fatalf("%+v: isNormal(%q) adds a slash to a path that is not empty after an authority", *n, s)
		}
		if got := string(n.appendRewritten(nil, &u)); got != string(want) {
			t.Fatalf("%+v: isNormal(%q) = %d, which gives %q, but the long way gives %q", *n, s, way, want, got)
		}
	}
}

// The shortcut on every line of the corpora, on each with its parts
// changed where the shortcut looks (case, dot segments, "xn--", ports),
// and on the forms that once slipped past such shortcuts.
func TestIsNormal(t *testing.T) {
	tricky := []string{
		"http://h/a/./b", "http://h/.", "http://h/..", "x:a/../b", "a/./b", "./a", "/.", "//h/.a", "http://h/a.b/.c",
		"http://xn--bcher-kva.example/", "http://a--b.example/", "http://XN--BCHER-KVA.example/", "http://h:80/", "http://h:/",
		"http://h", "x://h:7/", "HTTP://h/", "http://H/", "http://ü/", "http://h/%7e", "http://h/%C3%BC", "http://h/%c3%bc",
		"mailto:A@B", "http://u@H/", "//h/a/%2e%2e/b", "http://[::1]:80/", "http://h/?a/./b#/./c",
		"//h", "//h?q", "//h#f", "http://h:80", "http://H", "//xn--a", "//h:", "//u@h", "http://[::1]",
	}
	for _, s := range tricky {
		checkIsNormal(t, s)
	}
	for _, lines := range corpus.All(t) {
		for _, s := range lines {
			checkIsNormal(t, s)
			checkIsNormal(t, strings.ToUpper(s))
			checkIsNormal(t, strings.Replace(s, "/", "/./", 3))
			checkIsNormal(t, strings.Replace(s, "://", "://xn--", 1))
			checkIsNormal(t, strings.Replace(s, "/", ":80/", 3))
		}
	}
}

func FuzzIsNormal(f *testing.F) {
	f.Add("http://xn--a.b:80/./c")
	f.Fuzz(func(t *testing.T, s string) { checkIsNormal(t, s) })
}

// checkNormalizeLines checks that AppendNormalizeLines is AppendNormalize
// line by line, up to the first line that fails.
func checkNormalizeLines(t testing.TB, n Normalizer, text string) {
	t.Helper()
	got, bad, lines := n.AppendNormalizeLines([]byte("prefix"), text)
	want, wantBad, wantLines := []byte("prefix"), len(text), 0
	for i := 0; i < len(text); wantLines++ {
		end := len(text)
		if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
			end = i + j
		}
		var err error
		m := len(want)
		if want, err = n.AppendNormalize(want, text[i:end]); err != nil {
			want, wantBad = want[:m], i
			break
		}
		if end < len(text) {
			want = append(want, '\n')
		}
		i = end + 1
	}
	if string(got) != string(want) || bad != wantBad || lines != wantLines {
		t.Fatalf("%+v: AppendNormalizeLines(%.80q) = %.80q, %d, %d; want %.80q, %d, %d", n, text, got, bad, lines, want, wantBad, wantLines)
	}
}

// AppendNormalizeLines is AppendNormalize line by line, up to the first
// line that fails, on the corpora joined into one text and on lines cut
// by CRs, invalid references and the end of the text.
func TestAppendNormalizeLines(t *testing.T) {
	check := func(n Normalizer, text string) {
		t.Helper()
		checkNormalizeLines(t, n, text)
	}
	for k, n := range append(isNormalNormalizers, Normalizer{Chars: CharsNFC}, Normalizer{DecodeNonASCII: true}) {
		for _, text := range []string{"", "\n", "\n\n", "a", "a\n", "HTTP://H/./a\nb\r\nc", "x\n\xff\ny", "a\nb c\n", "http://h/\nhttp://[::1\n"} {
			check(n, text)
		}
		if k > 1 && raceEnabled {
			continue // the two levels are enough under the race detector
		}
		for _, lines := range corpus.All(t) {
			text := strings.Join(lines, "\n")
			for len(text) > 0 {
				check(n, text)
				// Past the line where it stopped, to the next.
				_, bad, _ := n.AppendNormalizeLines(nil, text)
				if bad == len(text) {
					break
				}
				j := strings.IndexByte(text[bad:], '\n')
				if j < 0 {
					break
				}
				text = text[bad+j+1:]
			}
		}
	}
	buf := make([]byte, 0, 1024)
	text := "http://example.com/a\nHTTP://Example.COM:80/a/../%7e?q\n\nb"
	sch := Normalizer{Level: LevelScheme}
	if a := testing.AllocsPerRun(100, func() { buf, _, _ = sch.AppendNormalizeLines(buf[:0], text) }); a != 0 {
		t.Errorf("AppendNormalizeLines allocates %v times, want 0", a)
	}
}

// FuzzAppendNormalizeLines runs any text through every normalizer's
// AppendNormalizeLines: the lines the assembly passes over in one call
// (scan.NormalLines) and the ones it leaves to the Go code must come out
// as AppendNormalize makes them a line at a time.
func FuzzAppendNormalizeLines(f *testing.F) {
	f.Add("http://h/a\n//h\nHTTP://H/./a\n\nhttp://h:80/%7e\nb")
	f.Fuzz(func(t *testing.T, text string) {
		for _, n := range isNormalNormalizers {
			checkNormalizeLines(t, n, text)
		}
	})
}
