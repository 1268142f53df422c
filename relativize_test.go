package iri

import "testing"

func TestRelativize(t *testing.T) {
	base := MustParseReference("http://a/b/c/d;p?q")
	for _, tt := range []struct{ target, want string }{
		{"http://a/b/c/g", "g"},
		{"http://a/b/c/g/", "g/"},
		{"http://a/b/c/d;p?y", "?y"},
		{"http://a/b/c/d;p?q#s", "#s"},
		{"http://a/b/c/d;p?q", ""},
		{"http://a/b/c/d;p", "d;p"},
		{"http://a/b/c/", "./"},
		{"http://a/b/g", "../g"},
		{"http://a/g", "/g"},
		{"http://g", "//g"},
		{"http://g/b/c/g", "//g/b/c/g"},
		{"g:h", "g:h"},
		{"https://a/b/c/g", "https://a/b/c/g"},
		{"http://a/b/c/x:y", "./x:y"},
		{"http://a/b/c//x", ".//x"},
		{"http://a/b/c/d;p?", "?"},
		{"http://a/b/c/d;p?q#", "#"},
		// Relative targets are resolved first.
		{"../x", "../x"},
		{"./g/../h", "h"},
	} {
		got, err := base.Relativize(MustParseReference(tt.target))
		if err != nil || got.String() != tt.want {
			t.Errorf("Relativize(%q) = %q, %v; want %q", tt.target, got.String(), err, tt.want)
			continue
		}
		back, _ := base.Resolve(got.String())
		want, _ := base.Resolve(tt.target)
		if back.String() != want.String() {
			t.Errorf("Relativize(%q) = %q, which resolves to %q", tt.target, got, back)
		}
	}
	// Bases without an authority.
	for _, tt := range []struct{ base, target, want string }{
		{"mailto:a@b", "mailto:c@d", "c@d"},
		{"x:a/b", "x:a/c", "c"},
		{"x:a/b", "x:/c", "/c"},
		{"x:a/b", "x:c", "x:c"},
		{"x:/a", "x:/.//g", ".//g"},
		{"http://h", "http://h/", "/"},
		{"http://h/p?q", "http://h", "//h"},
	} {
		got, err := MustParseReference(tt.base).Relativize(MustParseReference(tt.target))
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.Relativize(%q) = %q, %v; want %q", tt.base, tt.target, got.String(), err, tt.want)
		}
	}
	if _, err := MustParseReference("a/b").Relativize(MustParseReference("http://h/")); err != ErrRelativeBase {
		t.Errorf("relative base: err = %v, want ErrRelativeBase", err)
	}
}
