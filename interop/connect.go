package interop

import (
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/idna"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
)

// A Client is a kind of program that connects where a reading says.
type Client uint8

// The clients, in the order of a Report's endpoints.
const (
	// ClientRFC3986 connects where the RFC 3986 reading says, through
	// the C library's resolver (getaddrinfo), as curl and Python do:
	// the host as read, a number in any form inet_aton takes
	// ("0x7f.1", "2130706433") as that IPv4 address.
	ClientRFC3986 Client = iota
	// ClientRFC3987 is ClientRFC3986 after RFC 3987 section 3.1's
	// mapping of the host to IDNA A-labels.
	ClientRFC3987
	// ClientWHATWG is a browser or Node: the WHATWG reading's host, which
	// the parser has already mapped and written canonically.
	ClientWHATWG
	// ClientNetHTTP is Go's net/http with Go's own resolver: the host of
	// net/url's reading through IDNA (idna.Lookup, as net/http maps a
	// non-ASCII host before it dials), and a name that is no IP address
	// as netip reads one goes to DNS as it is.
	ClientNetHTTP
	// ClientNetHTTPCgo is net/http with the cgo resolver, which hands
	// such a name to the C library: "0x7f.1" is 127.0.0.1 again.
	ClientNetHTTPCgo
	numClients
)

var clientNames = [numClients]string{"rfc3986", "rfc3987", "whatwg", "neturl", "neturl-cgo"}

// String returns the client's name, as iri interop writes it.
func (c Client) String() string {
	if c < numClients {
		return clientNames[c]
	}
	return "Client(" + strconv.Itoa(int(c)) + ")"
}

// Clients returns every client, in order.
func Clients() []Client {
	return []Client{ClientRFC3986, ClientRFC3987, ClientWHATWG, ClientNetHTTP, ClientNetHTTPCgo}
}

// An Endpoint is where a client connects: an IP address or a name to
// resolve, and a port. The zero Endpoint is none: the reader refuses
// the reference, or its scheme names no port to connect to.
type Endpoint struct {
	// Name is the name the client resolves, when Addr is not valid.
	Name string
	// Addr is the address the client connects to without resolving a
	// name.
	Addr netip.Addr
	// Port is the port, from the reference or the scheme's default.
	Port uint16
}

// OK reports whether e is an endpoint.
func (e Endpoint) OK() bool { return e.Port != 0 }

// Host returns the address or name of e.
func (e Endpoint) Host() string {
	if e.Addr.IsValid() {
		return e.Addr.String()
	}
	return e.Name
}

// String returns e as "host:port" ("[addr]:port" for IPv6), or "" for
// none.
func (e Endpoint) String() string {
	if !e.OK() {
		return ""
	}
	h := e.Host()
	if e.Addr.Is6() {
		h = "[" + h + "]"
	}
	return h + ":" + strconv.Itoa(int(e.Port))
}

// connect fills Connect from the readings.
func (rep *Report) connect() {
	if rd := &rep.readings[ReaderRFC3986]; rd.OK() {
		rep.endpoints[ClientRFC3986] = libcEndpoint(rd.Host, rd, iriPort)
	}
	if rd := &rep.readings[ReaderRFC3987]; rd.OK() {
		h := rd.Host
		if len(h) > maxMappedHost {
			h = ""
		} else if !ascii.IsASCII(h) || strings.IndexByte(h, '%') >= 0 {
			u, err := iri.Parser{IDNA: true}.ToURI("//" + h)
			if err != nil {
				h = ""
			} else {
				h = u[2:]
			}
		}
		rep.endpoints[ClientRFC3987] = libcEndpoint(h, rd, iriPort)
	}
	if rd := &rep.readings[ReaderWHATWG]; rd.OK() && isSpecial(rd.Scheme) && !asciiEqualFold(rd.Scheme, "file") && rd.Host != "" {
		e := Endpoint{Name: rd.Host, Port: port(rd, iriPort)}
		if a, err := parseIP(unbracket(rd.Host)); err == nil {
			e = Endpoint{Addr: a, Port: e.Port}
		}
		rep.endpoints[ClientWHATWG] = e
	}
	if rd := &rep.readings[ReaderNetURL]; rd.OK() && (rd.Scheme == "http" || rd.Scheme == "https") && rd.Host != "" {
		h := rd.Host
		if len(h) > maxMappedHost {
			return
		}
		if !ascii.IsASCII(h) {
			// net/http's idnaASCII.
			if a, err := idna.Lookup.ToASCII(h); err == nil {
				h = a
			}
		}
		p := port(rd, httpPort)
		e := Endpoint{Name: h, Port: p}
		if a, err := parseIP(h); err == nil {
			e = Endpoint{Addr: a, Port: p}
		}
		rep.endpoints[ClientNetHTTP] = e
		if !e.Addr.IsValid() {
			if a, ok := inetAton(h); ok {
				e = Endpoint{Addr: a, Port: p}
			}
		}
		rep.endpoints[ClientNetHTTPCgo] = e
	}
}

// maxMappedHost bounds the hosts whose endpoint is looked for through
// IDNA. A DNS name is at most 253 octets, and IDNA only drops the few
// characters UTS 46 ignores, so a longer host names no endpoint; and
// x/net's Punycode takes time quadratic in a label's length.
const maxMappedHost = 1024

// libcEndpoint is where a client of the C library's resolver connects
// for host h of reading rd.
func libcEndpoint(h string, rd *Reading, defaults func(string) (uint16, bool)) Endpoint {
	if h == "" || !rd.Present.Has(ComponentHost) {
		return Endpoint{}
	}
	p := port(rd, defaults)
	if a, err := parseIP(unbracket(h)); err == nil {
		return Endpoint{Addr: a, Port: p}
	}
	if a, ok := inetAton(h); ok {
		return Endpoint{Addr: a, Port: p}
	}
	return Endpoint{Name: h, Port: p}
}

// port returns rd's port, or its scheme's default by defaults; 0 for
// none or one out of range.
func port(rd *Reading, defaults func(string) (uint16, bool)) uint16 {
	if rd.Port == "" {
		p, _ := defaults(rd.Scheme)
		return p
	}
	v, err := strconv.ParseUint(rd.Port, 10, 16)
	if err != nil {
		return 0
	}
	return uint16(v)
}

// iriPort is iri.DefaultPort as a number.
func iriPort(scheme string) (uint16, bool) {
	d, ok := iri.DefaultPort(scheme)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseUint(d, 10, 16)
	return uint16(v), err == nil
}

// httpPort is net/http's default port of a scheme.
func httpPort(scheme string) (uint16, bool) {
	switch scheme {
	case "http":
		return 80, true
	case "https":
		return 443, true
	}
	return 0, false
}

// inetAton reads h as the C library's inet_aton does: one to four parts
// of decimal, octal (leading 0) or hex (0x), the last filling the bytes
// the others leave.
func inetAton(h string) (netip.Addr, bool) {
	var parts [4]uint64
	n := 0
	for i := 0; ; {
		if n == 4 || i >= len(h) {
			return netip.Addr{}, false
		}
		base := uint64(10)
		if h[i] == '0' {
			base = 8
			if i+1 < len(h) && h[i+1]|0x20 == 'x' {
				base, i = 16, i+2
			}
		}
		v, digits := uint64(0), 0
		for ; i < len(h) && h[i] != '.'; i++ {
			d := uint64(36)
			switch c := h[i]; {
			case '0' <= c && c <= '9':
				d = uint64(c - '0')
			case 'a' <= c|0x20 && c|0x20 <= 'f':
				d = uint64(c|0x20-'a') + 10
			}
			if d >= base {
				return netip.Addr{}, false
			}
			if v = v*base + d; v > 0xFFFFFFFF {
				return netip.Addr{}, false
			}
			digits++
		}
		if digits == 0 && base != 8 {
			return netip.Addr{}, false
		}
		parts[n] = v
		n++
		if i == len(h) {
			break
		}
		i++ // the dot
	}
	// The last part fills the bytes the others leave; each other is a byte.
	var v uint64
	for k := 0; k < n-1; k++ {
		if parts[k] > 255 {
			return netip.Addr{}, false
		}
		v |= parts[k] << (24 - 8*k)
	}
	if parts[n-1] > 0xFFFFFFFF>>(8*(n-1)) {
		return netip.Addr{}, false
	}
	v |= parts[n-1]
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}
