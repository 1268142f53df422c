package whatwg

import (
	"net/netip"
	"strconv"
)

// HostKind says what a URL's host is (URL Standard 3.1).
type HostKind uint8

// Host kinds.
const (
	HostNull   HostKind = iota // no host: "mailto:x", "foo:/p"
	HostEmpty                  // the empty host: "file:///p", "foo:///p"
	HostDomain                 // a domain, ASCII: "example.com", "xn--bcher-kva.example"
	HostIPv4                   // an IPv4 address: "127.0.0.1"
	HostIPv6                   // an IPv6 address: "[::1]"
	HostOpaque                 // an opaque host of a URL that is not special: "git://github.com"
)

var hostKindNames = [...]string{"null", "empty", "domain", "IPv4", "IPv6", "opaque"}

// String returns the standard's word for the kind: "domain", "IPv4", ...
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// The special schemes (URL Standard 4.2), in scheme.
const (
	schemeOther uint8 = iota
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
	schemeFTP
	schemeFile
)

// defaultPorts holds each special scheme's default port; -1 for none.
var defaultPorts = [...]int32{schemeOther: -1, schemeHTTP: 80, schemeHTTPS: 443, schemeWS: 80, schemeWSS: 443, schemeFTP: 21, schemeFile: -1}

// schemeOf returns the scheme kind of a lowercase scheme.
func schemeOf(s string) uint8 {
	switch s {
	case "http":
		return schemeHTTP
	case "https":
		return schemeHTTPS
	case "ws":
		return schemeWS
	case "wss":
		return schemeWSS
	case "ftp":
		return schemeFTP
	case "file":
		return schemeFile
	}
	return schemeOther
}

// none marks an absent query or fragment.
const none = ^uint32(0)

// A URL is a URL record of the WHATWG URL Standard, held as its
// serialization (Href) and the offsets of its components in it, so that
// every getter is a substring. The zero URL is not a URL (Parse makes
// them): its getters return "", and as a base it is no base. URL values
// are immutable and safe to share.
//
// The getters are those of the standard's URL class (Href, Protocol,
// Username, Password, Host, Hostname, Port, Pathname, Search, Hash,
// Origin), and what Go code needs beside them.
type URL struct {
	href string
	warn string // the validation errors, encoded (see warning.go)

	schemeEnd uint32 // href[schemeEnd] == ':'
	userEnd   uint32 // the username is href[schemeEnd+3:userEnd]
	passEnd   uint32 // the password is href[userEnd+1:passEnd] when passEnd > userEnd
	hostStart uint32
	hostEnd   uint32
	portEnd   uint32 // ":" port is href[hostEnd:portEnd]
	pathStart uint32 // after the "/." that keeps a path starting with "//" a path
	query     uint32 // index of '?', or none
	fragment  uint32 // index of '#', or none
	port      int32  // -1 for null
	host      HostKind
	scheme    uint8
	opaque    bool // the path is opaque
}

// Href returns the URL's serialization.
func (u URL) Href() string { return u.href }

// String returns Href.
func (u URL) String() string { return u.href }

// Protocol returns the scheme and ':', as the standard's protocol getter.
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Scheme returns the scheme, in lowercase.
func (u URL) Scheme() string { return u.href[:u.schemeEnd] }

// Username returns the username, percent-encoded.
func (u URL) Username() string {
	if u.host == HostNull {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password returns the password, percent-encoded.
func (u URL) Password() string {
	if u.passEnd <= u.userEnd {
		return ""
	}
	return u.href[u.userEnd+1 : u.passEnd]
}

// Host returns the serialized host and, where there is one, ':' and the
// port: "example.com:8080", "[::1]". It is "" for a null host.
func (u URL) Host() string {
	if u.host == HostNull {
		return ""
	}
	return u.href[u.hostStart:u.portEnd]
}

// Hostname returns the serialized host: a domain in ASCII, an IPv4
// address in dotted decimal, an IPv6 address in brackets, or an opaque
// host.
func (u URL) Hostname() string {
	if u.host == HostNull {
		return ""
	}
	return u.href[u.hostStart:u.hostEnd]
}

// Port returns the port in decimal, "" when it is null (absent or the
// scheme's default).
func (u URL) Port() string {
	if u.port < 0 || u.href == "" {
		return ""
	}
	return u.href[u.hostEnd+1 : u.portEnd]
}

// PortNumber returns the port and true, or 0 and false when it is null.
func (u URL) PortNumber() (uint16, bool) {
	if u.port < 0 || u.href == "" {
		return 0, false
	}
	return uint16(u.port), true
}

// pathEnd is where the path ends.
func (u URL) pathEnd() uint32 {
	switch {
	case u.href == "":
		return 0
	case u.query != none:
		return u.query
	case u.fragment != none:
		return u.fragment
	}
	return uint32(len(u.href))
}

// Pathname returns the serialized path: "/a/b", or an opaque path as it
// is ("text/plain,x" of "data:text/plain,x").
func (u URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns '?' and the query, or "" when the query is null or
// empty, as the standard's search getter.
func (u URL) Search() string {
	q, ok := u.Query()
	if !ok || q == "" {
		return ""
	}
	return u.href[u.query:u.queryEnd()]
}

func (u URL) queryEnd() uint32 {
	if u.fragment != none {
		return u.fragment
	}
	return uint32(len(u.href))
}

// Query returns the query without its '?', and whether there is one
// ("?" alone is an empty one).
func (u URL) Query() (string, bool) {
	if u.query == none || u.href == "" {
		return "", false
	}
	return u.href[u.query+1 : u.queryEnd()], true
}

// Hash returns '#' and the fragment, or "" when the fragment is null or
// empty, as the standard's hash getter.
func (u URL) Hash() string {
	if u.fragment == none || int(u.fragment)+1 >= len(u.href) {
		return ""
	}
	return u.href[u.fragment:]
}

// Fragment returns the fragment without its '#', and whether there is
// one.
func (u URL) Fragment() (string, bool) {
	if u.fragment == none || u.href == "" {
		return "", false
	}
	return u.href[u.fragment+1:], true
}

// HostKind returns what the host is.
func (u URL) HostKind() HostKind { return u.host }

// IP returns the host's address when it is an IPv4 or IPv6 address, and
// the zero netip.Addr otherwise.
func (u URL) IP() netip.Addr {
	switch u.host {
	case HostIPv4:
		a, _ := netip.ParseAddr(u.Hostname())
		return a
	case HostIPv6:
		h := u.Hostname()
		a, _ := netip.ParseAddr(h[1 : len(h)-1])
		return a
	}
	return netip.Addr{}
}

// IsSpecial reports whether the scheme is one of the standard's special
// schemes: ftp, file, http, https, ws, wss.
func (u URL) IsSpecial() bool { return u.scheme != schemeOther }

// HasOpaquePath reports whether the path is opaque: a URL that is not
// special and has no '/' after its scheme ("mailto:x", "data:,x").
func (u URL) HasOpaquePath() bool { return u.opaque }

// HasCredentials reports whether the username or the password is not
// empty.
func (u URL) HasCredentials() bool {
	return u.host != HostNull && u.hostStart > u.schemeEnd+3
}

// Origin returns the serialization of the URL's origin (URL Standard
// 4.7, HTML's serialization of an origin): "https://example.com:8443"
// for a tuple origin, "null" for an opaque one. A blob: URL has the
// origin of the http, https or file URL its path holds.
func (u URL) Origin() string {
	if u.href == "" {
		return ""
	}
	switch u.scheme {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		if !u.HasCredentials() {
			return u.href[:u.portEnd]
		}
		return u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.portEnd]
	case schemeOther:
		if u.Scheme() == "blob" {
			in, err := Parse(u.Pathname())
			if err == nil && (in.scheme == schemeHTTP || in.scheme == schemeHTTPS) {
				return in.Origin()
			}
		}
	}
	return "null"
}
