package whatwg

import (
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/tables"
)

// The fast path: most URLs in use are already what the standard would
// serialize (a lowercase special scheme, "//", a lowercase ASCII domain or
// dotted IPv4 address, no default port, a path without dot segments and
// with nothing to percent-encode) and are valid URL strings. fast checks
// that in one scan, without writing anything, and gives the URL whose
// Href is the input; anything else goes to the parser.

// fastPath, fastQuery and fastFragment are the bytes that stay as they
// are and draw no validation error in the path, the query and the
// fragment of a special URL: the ASCII URL code points, less '?' in the
// path and '\” in the query ('%' is looked at apart).
var fastPath, fastQuery, fastFragment = func() (p, q, f [256]bool) {
	for c := range 256 {
		unit := tables.WHATWG[c]&tables.WURLUnit != 0
		p[c] = unit && c != '?'
		q[c] = unit && c != '\''
		f[c] = unit
	}
	return
}()

// fastHost are the bytes of a host fast reads: lowercase ASCII letters,
// digits, '-' and '.'.
var fastHost = func() (h [256]bool) {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyz0123456789-.") {
		h[c] = true
	}
	return
}()

// fast returns the URL of in when in is a valid URL string that is its
// own serialization, of the shape above; false sends it to the parser,
// with what fast found and where the parser can take over (resumeNone:
// from the start).
func fast(in string) (URL, resume, bool) {
	i := 0
	for i < len(in) && ('a' <= in[i] && in[i] <= 'z') {
		i++
	}
	if i == 0 || i+3 > len(in) || in[i] != ':' || in[i+1] != '/' || in[i+2] != '/' {
		return URL{}, resume{}, false
	}
	scheme := schemeOf(in[:i])
	if scheme == schemeOther || scheme == schemeFile {
		return URL{}, resume{}, false
	}
	u := URL{href: in, schemeEnd: uint32(i), scheme: scheme, port: -1, query: none, fragment: none}
	hs := i + 3
	j := hs
	for j < len(in) && fastHost[in[j]] {
		j++
	}
	host := in[hs:j]
	switch {
	case host == "":
		return URL{}, resume{}, false
	case endsInNumber(host):
		if !ascii.IsDottedQuad(host) {
			return URL{}, resume{}, false
		}
		u.host = HostIPv4
	default:
		if !strictASCIIDomain(host) {
			return URL{}, resume{}, false
		}
		u.host = HostDomain
	}
	u.userEnd, u.passEnd, u.hostStart, u.hostEnd = uint32(hs), uint32(hs), uint32(hs), uint32(j)
	if j < len(in) && in[j] == ':' {
		k := j + 1
		v := 0
		for k < len(in) && '0' <= in[k] && in[k] <= '9' {
			if v = v*10 + int(in[k]-'0'); v > 65535 {
				return URL{}, resume{}, false
			}
			k++
		}
		// No empty port, no leading zero, no default port.
		if k == j+1 || in[j+1] == '0' && k > j+2 || int32(v) == defaultPorts[scheme] {
			return URL{}, resume{}, false
		}
		u.port = int32(v)
		j = k
	}
	u.portEnd = uint32(j)
	if j == len(in) || in[j] != '/' {
		return URL{}, resume{}, false
	}
	// From here on, a false return keeps what the scan found, and says
	// where the parser can go on from.
	u.pathStart = uint32(j)
	// The path: segments of path bytes and %HH, none a dot segment.
	seg := j + 1
	k := j + 1
	for ; k < len(in); k++ {
		c := in[k]
		if fastPath[c] {
			if c == '/' {
				if dotSegment(in[seg:k]) {
					return u, resume{resumeSegment, seg}, false
				}
				seg = k + 1
			}
			continue
		}
		if c == '%' && k+2 < len(in) && isHex(in[k+1]) && isHex(in[k+2]) {
			k += 2
			continue
		}
		if c == '?' || c == '#' {
			break
		}
		return u, resume{resumeSegment, seg}, false
	}
	if dotSegment(in[seg:k]) {
		return u, resume{resumeSegment, seg}, false
	}
	if k < len(in) && in[k] == '?' {
		u.query = uint32(k)
		for k++; k < len(in) && in[k] != '#'; k++ {
			c := in[k]
			if fastQuery[c] {
				continue
			}
			if c == '%' && k+2 < len(in) && isHex(in[k+1]) && isHex(in[k+2]) {
				k += 2
				continue
			}
			return u, resume{resumeQuery, int(u.query)}, false
		}
	}
	if k < len(in) && in[k] == '#' {
		u.fragment = uint32(k)
		for k++; k < len(in); k++ {
			c := in[k]
			if fastFragment[c] {
				continue
			}
			if c == '%' && k+2 < len(in) && isHex(in[k+1]) && isHex(in[k+2]) {
				k += 2
				continue
			}
			return u, resume{resumeFragment, int(u.fragment)}, false
		}
	}
	return u, resume{}, true
}

// A resume says where the parser can take over from fast: the input
// before at is canonical and valid, and the parser goes on in the state
// named, at at.
type resume struct {
	state uint8 // resumeNone (start over), or one of the states below
	at    int
}

const (
	resumeNone     = iota
	resumeSegment  // at starts a path segment, after its '/'
	resumeQuery    // at is the query's '?'
	resumeFragment // at is the fragment's '#'
)

// dotSegment reports whether s is a single- or double-dot segment.
func dotSegment(s string) bool {
	switch len(s) {
	case 1, 2, 3, 4, 6:
		b := []byte(s)
		return isSingleDot(b) || isDoubleDot(b)
	}
	return false
}
