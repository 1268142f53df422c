package httpiri

import (
	"net/http"
	"strings"
	"unsafe"

	"github.com/irikit/iri/interop"
)

// Interop says which differences between the readings of a request
// target Options.Interop refuses (package interop: RFC 3986 and 3987,
// the WHATWG URL Standard that browsers and Node follow, and net/url).
type Interop uint8

// Levels.
const (
	// InteropOff reads the target by RFC 3986 alone (the zero value).
	InteropOff Interop = iota
	// InteropDestination refuses a target that the readers read as
	// another scheme, host or port: "//evil.example/x" is a path on this
	// host to RFC 9112 and net/http, and the host evil.example to a
	// Node server that parses it against its base.
	InteropDestination
	// InteropPath refuses also a target whose readers read another path
	// ("/a/%2e%2e/admin" is "/admin" to WHATWG, which removes encoded dot
	// segments).
	InteropPath
)

var interopNames = [...]string{"off", "destination", "path"}

// String returns "off", "destination" or "path".
func (i Interop) String() string { return enumName(interopNames[:], int(i), "Interop") }

// ParseInterop returns the Interop that String names s.
func ParseInterop(s string) (Interop, bool) {
	v, ok := enumValue(interopNames[:], s)
	return Interop(v), ok
}

// InteropFinding is what Options.Interop found in a refused target: the
// readings (their scheme, host, port and path) and the causes.
type InteropFinding struct {
	// Report is package interop's reading of the target as a request
	// target sent to the request's scheme and Host.
	Report interop.Report
}

// checkInterop refuses the target t of r when its readings differ as
// o.Interop says. It reads nothing for a target whose bytes show no
// rule that can make them differ (interop.CheckComponents), which is
// most, and allocates nothing for it.
func (o *Options) checkInterop(r *http.Request, t string) *Error {
	comps := interop.Destination
	if o.Interop == InteropPath {
		comps |= 1 << interop.ComponentPath
	}
	scheme := "http://"
	if r.TLS != nil {
		scheme = "https://"
	}
	// The quick look reads the base (the request's scheme and Host) from
	// a buffer on the stack, as it keeps nothing of it; a Host too long
	// for it goes to the reading itself.
	var buf [256]byte
	if len(scheme)+len(r.Host) <= len(buf) {
		b := append(append(buf[:0], scheme...), r.Host...)
		base := unsafe.String(unsafe.SliceData(b), len(b))
		if _, ok := interop.CheckComponents(t, interop.Context{Base: base, RequestTarget: true}, comps); ok {
			return nil
		}
	}
	rep := interop.Read(t, interop.Context{Base: scheme + r.Host, RequestTarget: true})
	if rep.Differs&comps == 0 {
		return nil
	}
	var d strings.Builder
	d.WriteString("the readers of the target disagree on its ")
	d.WriteString(strings.ReplaceAll((rep.Differs & comps).String(), ",", ", "))
	for _, c := range (rep.Differs & comps).List() {
		d.WriteString("; ")
		d.WriteString(c.String())
		for i, rd := range interop.Readers() {
			g := rep.Reading(rd)
			if i > 0 {
				d.WriteByte(',')
			}
			d.WriteByte(' ')
			d.WriteString(rd.String())
			d.WriteByte(' ')
			if v, ok := g.Get(c); g.OK() && ok {
				d.WriteString(`"` + v + `"`)
			} else if g.OK() {
				d.WriteString("none")
			} else {
				d.WriteString("refuses")
			}
		}
	}
	d.WriteString(" (causes: ")
	d.WriteString(strings.ReplaceAll(rep.Causes.String(), ",", ", "))
	d.WriteString(")")
	return &Error{Status: http.StatusBadRequest, Offset: -1, Code: "interop", Detail: d.String(),
		Interop: &InteropFinding{Report: rep}}
}
