package interop

import (
	"strconv"
	"testing"
)

// fuzzBases are the bases the fuzz targets read references against: none,
// special ones, a file URL, a URL that is not special and one with an
// opaque path.
var fuzzBases = []string{"", "http://h.example/a/b?q#f", "https://example.com", "file:///C:/d/e", "sc://h/p/q", "mailto:x@y"}

func fuzzContext(base uint8, target bool) Context {
	return Context{Base: fuzzBases[int(base)%len(fuzzBases)], RequestTarget: target}
}

// unexplained returns the components of rep.Differs that no cause of
// rep.Causes can change.
func unexplained(rep *Report) Components {
	return rep.Differs &^ rep.Causes.affects()
}

// FuzzRead: every difference has a cause that can change its
// component, and Differs does not depend on the order of the readers.
func FuzzRead(f *testing.F) {
	for _, s := range []string{`http:\\evil.com\x`, "http:///evil.com/", "http://0x7f.1/", "http://ex%61mple.com/", "http://a@b@c/", "//evil.com/x", "*", "file://localhost/x", "http://日本.jp/a/../b"} {
		f.Add(s, uint8(0), false)
		f.Add(s, uint8(1), true)
	}
	f.Fuzz(func(t *testing.T, ref string, base uint8, target bool) {
		ctx := fuzzContext(base, target)
		rep := Read(ref, ctx)
		if u := unexplained(&rep); u != 0 {
			t.Fatalf("%q in %+v: %s differ with no cause (causes %s)\n%s", ref, ctx, u, rep.Causes, dump(&rep))
		}
		// The readers in reverse order give the same differences.
		var rev Report
		for r := range numReaders {
			rev.readings[r] = rep.readings[numReaders-1-r]
		}
		rev.compare()
		if rev.Differs != rep.Differs {
			t.Fatalf("%q: differs %s, in reverse order %s", ref, rep.Differs, rev.Differs)
		}
	})
}

// FuzzCheck: Check never says the scheme, host and port cannot differ
// where Read finds that they do, nor CheckComponents of a component.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{`http:\\evil.com\x`, "http:///evil.com/", "http://0x7f.1/", "http://ex%61mple.com/", "http://a@b@c/", "//evil.com/x", "http://h/"} {
		f.Add(s, uint8(0), false)
		f.Add(s, uint8(1), true)
	}
	f.Fuzz(func(t *testing.T, ref string, base uint8, target bool) {
		ctx := fuzzContext(base, target)
		rep := Read(ref, ctx)
		if c, ok := Check(ref, ctx); ok && rep.DestinationDiffers() {
			t.Fatalf("%q in %+v: Check says ok (causes %s), Read finds %s apart\n%s", ref, ctx, c, rep.Differs, dump(&rep))
		}
		for c := range numComponents {
			if _, ok := CheckComponents(ref, ctx, 1<<c); ok && rep.Differs.Has(c) {
				t.Fatalf("%q in %+v: CheckComponents(%s) says ok, Read finds it apart\n%s", ref, ctx, c, dump(&rep))
			}
		}
	})
}

// dump writes the readings of rep, for a failure's message.
func dump(rep *Report) string {
	s := ""
	for r := range numReaders {
		rd := &rep.readings[r]
		if !rd.OK() {
			s += r.String() + ": " + rd.Err.Error() + "\n"
			continue
		}
		s += r.String() + ":"
		for c := range numComponents {
			v, ok := rd.Get(c)
			if ok {
				s += " " + c.String() + "=" + strconv.Quote(v)
			}
		}
		s += "\n"
	}
	return s
}
