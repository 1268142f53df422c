package fuzz

import (
	"testing"

	"github.com/irikit/iri"
)

// FuzzResolve checks reference resolution (RFC 3986 5.2) on any pair: the
// target parses to the components Resolve reports, AppendResolve agrees
// with Resolve, a target resolves to itself when it is resolved against
// it once more, and Relativize inverts Resolve.
func FuzzResolve(f *testing.F) {
	for _, p := range [][2]string{
		{"http://a/b/c/d;p?q", "../../g"},
		{"http://a/b/c/d;p?q", "g?y/./x#s"},
		{"x:/a", "..//g"},
		{"mailto:a@b", "c@d"},
		{"http://例え.テスト/パス", "./../上?問い#断片"},
		{"x:a/b", "../c"},
		{"http://h", "?q"},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, err := iri.ParseRule(base, iri.RuleIRI)
		if err != nil {
			return
		}
		r, err := iri.ParseReference(ref)
		if err != nil {
			return
		}
		got, err := b.ResolveIRI(r)
		if err != nil {
			t.Fatalf("%q.Resolve(%q): %v", base, ref, err)
		}
		target := got.String()
		again, err := iri.Parse(target)
		if err != nil {
			t.Fatalf("%q.Resolve(%q) = %q, which does not parse: %v", base, ref, target, err)
		}
		if again.Path() != got.Path() || again.Authority() != got.Authority() || again.Query() != got.Query() || again.HasFragment() != got.HasFragment() {
			t.Fatalf("%q.Resolve(%q) = %q: components differ when parsed again", base, ref, target)
		}
		if a, err := iri.AppendResolve(nil, base, ref); err != nil || string(a) != target {
			t.Fatalf("AppendResolve(%q, %q) = %q, %v; Resolve gives %q", base, ref, a, err, target)
		}
		// A target has no dot segments left unless the base's path, copied
		// as it is for an empty reference path, brought them.
		if r.Path() != "" {
			if t2, _ := got.Resolve(target); t2.String() != target {
				t.Fatalf("target %q resolves against itself to %q", target, t2.String())
			}
		}
		rel, err := b.Relativize(r)
		if err != nil {
			t.Fatalf("%q.Relativize(%q): %v", base, ref, err)
		}
		if len(rel.String()) > len(target) {
			t.Fatalf("%q.Relativize(%q) = %q, longer than the target %q", base, ref, rel, target)
		}
		if back, _ := b.ResolveIRI(rel); back.String() != target {
			t.Fatalf("%q.Relativize(%q) = %q, which resolves to %q, not %q", base, ref, rel, back.String(), target)
		}
	})
}
