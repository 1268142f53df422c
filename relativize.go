package iri

import (
	"strings"

	"github.com/irikit/iri/scanner"
)

// Relativize returns the shortest reference that resolves against u to
// the target, the inverse of Resolve: u.Resolve(u.Relativize(t)) equals
// u.Resolve(t), which is t itself whenever t is absolute and has no dot
// segments. A relative target is first resolved against u. u must be
// absolute (ErrRelativeBase otherwise).
//
// The forms tried, shortest first, are a fragment alone, a query, a
// relative path (with "../" as needed, and "./" where the first segment
// would read as a scheme or the path would be empty), an absolute path, a
// network-path reference ("//authority..."), and the target itself; each
// is resolved against u and kept only if it gives the target back, so the
// answer is right by construction. Schemes are compared exactly as
// Resolve copies them: "HTTP:" and "http:" differ here (see Normalize).
func (u IRI) Relativize(target IRI) (IRI, error) {
	if !u.IsAbsolute() {
		return IRI{}, ErrRelativeBase
	}
	ts := string(appendResolved(nil, &u, &target))
	t := IRI{s: ts, r: scanner.Scan(ts, scanner.IRIReference, scanner.AllowBidi)}
	best := ts
	var buf []byte
	try := func(cand string) {
		if len(cand) >= len(best) {
			return
		}
		c := scanner.Scan(cand, scanner.IRIReference, scanner.AllowBidi)
		if !c.OK() {
			return
		}
		buf = appendResolved(buf[:0], &u, &IRI{s: cand, r: c})
		if string(buf) == ts {
			best = cand
		}
	}
	if t.Scheme() == u.Scheme() {
		tail := queryFragment(t)
		if t.HasAuthority() {
			try("//" + t.Authority() + t.Path() + tail)
		}
		if t.HasAuthority() == u.HasAuthority() && t.Authority() == u.Authority() {
			// On a tie the relative path wins: it survives moving the
			// tree.
			try(relativePath(mergeDir(&u), t.Path()) + tail)
			if p := t.Path(); p != "" && p[0] == '/' {
				try(p + tail)
			}
			if t.Path() == u.Path() {
				if t.HasFragment() {
					try("#" + t.Fragment())
				} else {
					try("")
				}
				if t.HasQuery() {
					try(tail)
				}
			}
		}
	}
	return IRI{s: best, r: scanner.Scan(best, scanner.IRIReference, scanner.AllowBidi)}, nil
}

// queryFragment is "?query#fragment" with the parts u has.
func queryFragment(u IRI) string {
	var b strings.Builder
	if u.HasQuery() {
		b.WriteByte('?')
		b.WriteString(u.Query())
	}
	if u.HasFragment() {
		b.WriteByte('#')
		b.WriteString(u.Fragment())
	}
	return b.String()
}

// relativePath returns a relative-path reference from the directory dir
// (which ends in '/', or is empty) to path: as many "../" as dir has
// segments below the part it shares with path, then the rest of path,
// with "./" before it when it would be empty, start with '/', or have a
// ':' in its first segment.
func relativePath(dir, path string) string {
	common := 0
	for k := 0; k < len(dir) && k < len(path) && dir[k] == path[k]; k++ {
		if dir[k] == '/' {
			common = k + 1
		}
	}
	up := strings.Count(dir[common:], "/")
	rest := path[common:]
	if up == 0 {
		seg := rest
		if j := strings.IndexByte(seg, '/'); j >= 0 {
			seg = seg[:j]
		}
		if rest == "" || rest[0] == '/' || strings.IndexByte(seg, ':') >= 0 {
			return "./" + rest
		}
		return rest
	}
	return strings.Repeat("../", up) + rest
}
