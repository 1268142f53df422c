package iri

import "bytes"

// removeDots applies remove_dot_segments (RFC 3986 5.2.4) to the path in
// p, in place, and returns the length of the result. The output never
// outgrows the input read so far, so one buffer serves both; each step
// moves forward, and a ".." searches back only over the segment it
// removes, so the whole is linear in len(p), whatever the input.
func removeDots(p []byte) int {
	// Dot segments start the path or follow a '/': up to the first "/."
	// nothing changes.
	n, i := len(p), 0
	if n == 0 || p[0] != '.' {
		k := bytes.Index(p, slashDot)
		if k < 0 {
			return n
		}
		i = k
	}
	w := i
	for i < n {
		// Most segments are not dot segments, and move as they are.
		if c := p[i]; c != '.' && (c != '/' || i+1 == n || p[i+1] != '.') {
			j := n
			if k := bytes.IndexByte(p[i+1:], '/'); k >= 0 {
				j = i + 1 + k
			}
			if w != i {
				copy(p[w:], p[i:j])
			}
			w += j - i
			i = j
			continue
		}
		rest := p[i:]
		switch {
		case hasDots(rest, "../"):
			i += 3 // A
		case hasDots(rest, "./"):
			i += 2 // A
		case hasDots(rest, "/./"):
			i += 2 // B: "/./" becomes "/"
		case len(rest) == 2 && rest[0] == '/' && rest[1] == '.':
			p[i+1] = '/' // B: "/." at the end becomes "/"
			i++
		case hasDots(rest, "/../"):
			i += 3 // C: "/../" becomes "/", and the last segment goes
			w = popSegment(p[:w])
		case len(rest) == 3 && rest[0] == '/' && rest[1] == '.' && rest[2] == '.':
			p[i+2] = '/' // C: "/.." at the end becomes "/"
			i += 2
			w = popSegment(p[:w])
		case len(rest) == 1 && rest[0] == '.', len(rest) == 2 && rest[0] == '.' && rest[1] == '.':
			i = n // D
		default:
			// E: move the first segment, with its leading '/', if any.
			j := i
			if p[j] == '/' {
				j++
			}
			for j < n && p[j] != '/' {
				j++
			}
			w += copy(p[w:], p[i:j])
			i = j
		}
	}
	return w
}

var slashDot = []byte("/.")

// hasDots reports whether p starts with the dot pattern pre.
func hasDots(p []byte, pre string) bool {
	return len(p) >= len(pre) && string(p[:len(pre)]) == pre
}

// popSegment returns the length of out without its last segment and the
// '/' before it, if any.
func popSegment(out []byte) int {
	for k := len(out) - 1; k >= 0; k-- {
		if out[k] == '/' {
			return k
		}
	}
	return 0
}

// hasDotSegment reports whether remove_dot_segments would change path:
// whether a segment of it is "." or "..".
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); {
		j := i
		for j < len(path) && path[j] != '/' {
			j++
		}
		if seg := path[i:j]; seg == "." || seg == ".." {
			return true
		}
		i = j + 1
	}
	return false
}
