package iri

import (
	"errors"
	"strings"
	"testing"
)

// RFC 3986 section 5.4, every example verbatim, base "http://a/b/c/d;p?q".
var rfc3986Examples = []struct{ ref, want string }{
	// 5.4.1 Normal Examples
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	// 5.4.2 Abnormal Examples
	{"../../../g", "http://a/g"},
	{"../../../../g", "http://a/g"},
	{"/./g", "http://a/g"},
	{"/../g", "http://a/g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	// This library is a strict parser (5.4.2: "for strict parsers").
	{"http:g", "http:g"},
}

func TestRFC3986Section5_4Resolve(t *testing.T) {
	base := MustParseReference("http://a/b/c/d;p?q")
	for _, tt := range rfc3986Examples {
		got, err := base.Resolve(tt.ref)
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.ref, got.String(), err, tt.want)
			continue
		}
		if b, err := AppendResolve([]byte("dst:"), base.String(), tt.ref); err != nil || string(b) != "dst:"+tt.want {
			t.Errorf("AppendResolve(%q) = %q, %v; want %q", tt.ref, b, err, "dst:"+tt.want)
		}
		// The target's components are found again.
		if again := MustParseReference(got.String()); again.r != got.r {
			t.Errorf("Resolve(%q): result %+v, parsed again %+v", tt.ref, got.r, again.r)
		}
	}
}

// RFC 3987 section 6.5: IRI references resolve as URI references do,
// with their characters as they are.
func TestResolveIRIs(t *testing.T) {
	base := MustParseReference("http://例え.テスト/パス/ファイル?問い#断片")
	for _, tt := range []struct{ ref, want string }{
		{"新しい", "http://例え.テスト/パス/新しい"},
		{"../上", "http://例え.テスト/上"},
		{"?別", "http://例え.テスト/パス/ファイル?別"},
		{"#別", "http://例え.テスト/パス/ファイル?問い#別"},
		{"//ホスト/", "http://ホスト/"},
		{"%E4%B8%AD", "http://例え.テスト/パス/%E4%B8%AD"},
		{"./%2E%2E/x", "http://例え.テスト/パス/%2E%2E/x"}, // encoded dots are not dot segments
	} {
		got, err := base.Resolve(tt.ref)
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.ref, got.String(), err, tt.want)
		}
	}
}

// The cases the RFC's composition cannot write, and the base rules.
func TestResolveEdges(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		// A path starting "//" without an authority gets "/." (see Resolve).
		{"x:/a", "..//g", "x:/.//g"},
		{"x:/a/b", "../..//g", "x:/.//g"},
		{"x:/.//g", "", "x:/.//g"},
		{"x:/.//g", "x:/.//g", "x:/.//g"},
		// Bases without an authority, rootless and absolute paths.
		{"mailto:a@b", "c@d", "mailto:c@d"},
		{"urn:isbn:0451450523", "#frag", "urn:isbn:0451450523#frag"},
		{"x:a/b", "../c", "x:/c"},
		{"x:a/b", "c", "x:a/c"},
		{"x:", "a", "x:a"},
		{"x:", "", "x:"},
		// Base with an authority and an empty path: merge adds "/".
		{"http://h", "g", "http://h/g"},
		{"http://h", "", "http://h"},
		{"http://h?q", "", "http://h?q"},
		{"http://h?q", "#f", "http://h?q#f"},
		// The base's fragment never survives; the base path keeps its dots
		// when the reference's path is empty (5.2.2 copies it).
		{"http://h/a/./b#f", "", "http://h/a/./b"},
		{"http://h/a/./b#f", "?y", "http://h/a/./b?y"},
		// Empty query and fragment delimiters are kept.
		{"http://h/p?q", "?", "http://h/p?"},
		{"http://h/p", "#", "http://h/p#"},
		// Userinfo and port come with the authority.
		{"http://u@h:8/p", "q", "http://u@h:8/q"},
		{"http://u@h:8/p", "//v@k:9", "http://v@k:9"},
	} {
		b := MustParseReference(tt.base)
		got, err := b.Resolve(tt.ref)
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q", tt.base, tt.ref, got.String(), err, tt.want)
			continue
		}
		if again := MustParseReference(got.String()); again.r != got.r {
			t.Errorf("%q.Resolve(%q): result %+v, parsed again %+v", tt.base, tt.ref, got.r, again.r)
		}
	}
	if _, err := MustParseReference("/relative/base").Resolve("g"); !errors.Is(err, ErrRelativeBase) {
		t.Errorf("relative base: err = %v, want ErrRelativeBase", err)
	}
	if _, err := AppendResolve(nil, "//h/p", "g"); !errors.Is(err, ErrRelativeBase) {
		t.Errorf("AppendResolve with a relative base: err = %v, want ErrRelativeBase", err)
	}
	var e *Error
	if _, err := MustParseReference("http://h/").Resolve("a b"); !errors.As(err, &e) || e.Offset != 1 {
		t.Errorf("bad reference: err = %v, want an *Error at offset 1", err)
	}
	if _, err := AppendResolve(nil, "http://h/ x", "g"); !errors.As(err, &e) || e.Offset != 9 {
		t.Errorf("bad base: err = %v, want an *Error at offset 9", err)
	}
}

// remove_dot_segments, RFC 3986 5.2.4, with the examples of the section.
func TestRemoveDots(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		{"", ""},
		{".", ""},
		{"..", ""},
		{"/.", "/"},
		{"/..", "/"},
		{"../a", "a"},
		{"./a", "a"},
		{"a/.", "a/"},
		{"a/..", "/"},
		{"/a/..", "/"},
		{"a/../..", "/"},
		{"/../../..", "/"},
		{"//..", "/"},
		{"a//../b", "a/b"},
		{".../a", ".../a"},
		{"/.a/..b/", "/.a/..b/"},
	} {
		p := []byte(tt.in)
		if got := string(p[:removeDots(p)]); got != tt.want {
			t.Errorf("removeDots(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if hasDotSegment(tt.in) != (tt.in != tt.want) {
			t.Errorf("hasDotSegment(%q) = %v", tt.in, hasDotSegment(tt.in))
		}
	}
}

// removeDots against a literal transcription of the 5.2.4 loop on
// strings, over every path of up to six pieces.
func TestRemoveDotsAgainstTranscription(t *testing.T) {
	pieces := []string{"/", ".", "..", "a", "/.", "/..", "./", "../"}
	var walk func(p string, depth int)
	walk = func(p string, depth int) {
		b := []byte(p)
		if got, want := string(b[:removeDots(b)]), removeDotsRFC(p); got != want {
			t.Fatalf("removeDots(%q) = %q, the RFC's loop gives %q", p, got, want)
		}
		if depth > 0 {
			for _, q := range pieces {
				walk(p+q, depth-1)
			}
		}
	}
	walk("", 6)
}

// removeDotsRFC is RFC 3986 5.2.4 as written: string prefixes replaced
// one step at a time.
func removeDotsRFC(in string) string {
	out := ""
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[3:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = "/" + in[4:]
			out = out[:max(strings.LastIndexByte(out, '/'), 0)]
		case in == "/..":
			in = "/"
			out = out[:max(strings.LastIndexByte(out, '/'), 0)]
		case in == "." || in == "..":
			in = ""
		default:
			j := strings.IndexByte(in[1:], '/')
			if j < 0 {
				j = len(in)
			} else {
				j++
			}
			out += in[:j]
			in = in[j:]
		}
	}
	return out
}

func TestAppendResolveAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	n := testing.AllocsPerRun(100, func() {
		buf, _ = AppendResolve(buf[:0], "http://a/b/c/d;p?q", "../../g/./h?y#s")
	})
	if n != 0 {
		t.Errorf("AppendResolve allocates %v times per run, want 0", n)
	}
}
