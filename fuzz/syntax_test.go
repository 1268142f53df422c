package fuzz

import (
	"strings"
	"testing"

	"github.com/irikit/iri"
)

// The invariants every conversion keeps: it never turns data into syntax
// and never sends a host other than the one that was checked.

// labelCount counts the labels of a reg-name as a resolver does: '.' and
// U+3002, U+FF0E and U+FF61 (RFC 3490 3.1) separate them, raw or
// percent-encoded; "%2E" is '.', an unreserved character (RFC 3986
// 2.3). It is written apart from the library's labelEnd.
func labelCount(host string) int {
	up := strings.ToUpper(host)
	n := 1 + strings.Count(host, ".") + strings.Count(up, "%2E")
	for _, sep := range []string{"\u3002", "\uFF0E", "\uFF61"} {
		n += strings.Count(host, sep)
		var enc strings.Builder
		for i := 0; i < len(sep); i++ {
			enc.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[sep[i]>>4])+string("0123456789abcdef"[sep[i]&15])))
		}
		n += strings.Count(up, enc.String())
	}
	return n
}

// dotSegments counts the segments of a path that are "." or "..", after
// decoding %2E, as remove_dot_segments and resolvers see them.
func dotSegments(path string) int {
	n := 0
	for _, seg := range strings.Split(path, "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "%2E", "."), "%2e", ".")
		if seg == "." || seg == ".." {
			n++
		}
	}
	return n
}

// checkSameShape fails unless out, a conversion of the reference in, has
// the same components, as many path segments and dot segments, and, for
// a reg-name, as many host labels.
func checkSameShape(t *testing.T, what string, in, out iri.IRI) {
	t.Helper()
	if in.IsAbsolute() != out.IsAbsolute() || in.HasAuthority() != out.HasAuthority() || in.HasUserinfo() != out.HasUserinfo() ||
		in.HasPort() != out.HasPort() || in.HasQuery() != out.HasQuery() || in.HasFragment() != out.HasFragment() {
		t.Fatalf("%s(%q) = %q: the components differ", what, in, out)
	}
	if strings.Count(in.Path(), "/") != strings.Count(out.Path(), "/") {
		t.Fatalf("%s(%q) = %q: the path has another number of segments", what, in, out)
	}
	if dotSegments(in.Path()) != dotSegments(out.Path()) {
		t.Fatalf("%s(%q) = %q: another number of dot segments", what, in, out)
	}
	if in.HostKind() == iri.HostRegName && labelCount(in.Host()) != labelCount(out.Host()) {
		t.Fatalf("%s(%q) = %q: the host has another number of labels", what, in, out)
	}
}

func TestLabelCount(t *testing.T) {
	for host, want := range map[string]int{
		"": 1, "a": 1, "a.b": 2, "a\uFF0Eb": 2, "a%EF%BC%8Eb": 2, "a%ef%bd%a1b.c": 3, "a\u3002b\uFF61c": 3, "a%EF%BC": 1, "a%2eb%2E": 3,
	} {
		if got := labelCount(host); got != want {
			t.Errorf("labelCount(%q) = %d, want %d", host, got, want)
		}
	}
	if got := dotSegments("/a/%2E%2e/./b/.../c"); got != 2 {
		t.Errorf("dotSegments = %d, want 2", got)
	}
}
