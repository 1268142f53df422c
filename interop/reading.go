package interop

import (
	"fmt"
	"strconv"
	"strings"
)

// A Reader is one way of reading a reference.
type Reader uint8

// The readers, in the order of a Report's readings.
const (
	ReaderRFC3986 Reader = iota // RFC 3986: package iri with the URI rules
	ReaderRFC3987               // RFC 3987: package iri with the IRI rules
	ReaderWHATWG                // the WHATWG URL Standard: package whatwg
	ReaderNetURL                // Go's net/url, of the release the program runs on
	numReaders
)

var readerNames = [numReaders]string{"rfc3986", "rfc3987", "whatwg", "neturl"}

// String returns the reader's name: "rfc3986", "rfc3987", "whatwg" or
// "neturl", as the JSON of iri interop writes it.
func (r Reader) String() string {
	if r < numReaders {
		return readerNames[r]
	}
	return "Reader(" + strconv.Itoa(int(r)) + ")"
}

// Readers returns every reader, in order.
func Readers() []Reader { return []Reader{ReaderRFC3986, ReaderRFC3987, ReaderWHATWG, ReaderNetURL} }

// ReaderSet is a set of readers, a bit each (1<<Reader).
type ReaderSet uint8

// Has reports whether r is in s.
func (s ReaderSet) Has(r Reader) bool { return s&(1<<r) != 0 }

// List returns the readers of s, in order.
func (s ReaderSet) List() []Reader { return members(uint64(s), numReaders) }

// String returns the names of the readers of s, comma-separated.
func (s ReaderSet) String() string { return names(s.List()) }

// A Component is one component of a reading, a bit of Components.
type Component uint8

// The components, in the order of a URL.
const (
	ComponentScheme Component = iota
	ComponentUserinfo
	ComponentHost
	ComponentPort
	ComponentPath
	ComponentQuery
	ComponentFragment
	numComponents
)

var componentNames = [numComponents]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// String returns the component's name ("scheme", "userinfo", "host",
// "port", "path", "query" or "fragment").
func (c Component) String() string {
	if c < numComponents {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// Components is a set of components, a bit each (1<<Component).
type Components uint8

// Destination holds the components that name where a request goes:
// what Check looks at.
const Destination Components = 1<<ComponentScheme | 1<<ComponentHost | 1<<ComponentPort

// Has reports whether c is in s.
func (s Components) Has(c Component) bool { return s&(1<<c) != 0 }

// List returns the components of s, in order.
func (s Components) List() []Component { return members(uint64(s), numComponents) }

// String returns the names of the components of s, comma-separated.
func (s Components) String() string { return names(s.List()) }

// A Reading is one reader's reading of a reference: its components, or
// its refusal. Each component is as the reader gives it (the host is
// WHATWG's hostname and net/url's Hostname, without brackets); an absent
// one is "" and not in Present.
type Reading struct {
	// Err is the reader's refusal, nil when it accepts the reference.
	Err error
	// The components, each a substring of what the reader returns.
	Scheme, Userinfo, Host, Port, Path, Query, Fragment string
	// Present holds the components the reading has.
	Present Components
	// Version is the reader's version where it has one apart from this
	// module's: the Go release, for net/url.
	Version string
}

// OK reports whether the reader accepts the reference.
func (r *Reading) OK() bool { return r.Err == nil }

// Get returns component c and whether the reading has it.
func (r *Reading) Get(c Component) (string, bool) {
	var s string
	switch c {
	case ComponentScheme:
		s = r.Scheme
	case ComponentUserinfo:
		s = r.Userinfo
	case ComponentHost:
		s = r.Host
	case ComponentPort:
		s = r.Port
	case ComponentPath:
		s = r.Path
	case ComponentQuery:
		s = r.Query
	case ComponentFragment:
		s = r.Fragment
	}
	return s, r.Present.Has(c)
}

// set stores component c.
func (r *Reading) set(c Component, s string) {
	switch c {
	case ComponentScheme:
		r.Scheme = s
	case ComponentUserinfo:
		r.Userinfo = s
	case ComponentHost:
		r.Host = s
	case ComponentPort:
		r.Port = s
	case ComponentPath:
		r.Path = s
	case ComponentQuery:
		r.Query = s
	case ComponentFragment:
		r.Fragment = s
	}
	r.Present |= 1 << c
}

// members returns the elements of a set of n elements, a bit each, in
// order.
func members[E ~uint8](bits uint64, n E) []E {
	var l []E
	for e := range n {
		if bits&(1<<e) != 0 {
			l = append(l, e)
		}
	}
	return l
}

// names joins the names of l with commas.
func names[E fmt.Stringer](l []E) string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(e.String())
	}
	return b.String()
}
