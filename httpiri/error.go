package httpiri

import (
	"encoding/json"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/irikit/iri/interop"
)

// Error says why a request was refused. Its Detail, and so the
// problem+json body and the log record, never hold a byte of the target
// that is not printable ASCII.
type Error struct {
	// Status is the HTTP status of the answer: 400 Bad Request.
	Status int
	// Offset is the byte offset, in the request target as received, of
	// the first byte at fault; -1 when the fault is not at one byte (a
	// Host header that names another host) or not in the target as
	// received (Reject's finding in the target Normalize rewrote).
	Offset int
	// Component is the RFC 3986 name of the component that holds it:
	// "scheme", "authority", "userinfo", "host", "port", "path", "query"
	// or "fragment"; "" for the target as a whole. It is the RFC 3986
	// name also with Options.IRI and for a lint finding (lint says
	// "ipath"): a request target is a URI on the wire, and one fault in
	// one target gets one name whatever the options.
	Component string
	// Code is a stable name: the scanner's (scanner.Code's String, such
	// as "char" or "percent"), a lint check's (such as
	// "encoded-dot-segment"), or one of this package's: "form" (no form
	// of request target the method allows, or an HTTP/2 :path that is
	// not origin-form or "*"), "fragment" (a '#', which no form allows),
	// "userinfo" (in an http or https URI), "escaped-slash"
	// (RejectEscapedSlashes), "host" (a Host that is not uri-host
	// [ ":" port ], or several), "host-mismatch" and "rewrite" (a
	// rewrite that would make or change an authority, such as
	// "foo:%2F%2Fevil.example/" unescaped, or that net/url cannot
	// parse), "interop" (Options.Interop: the readers of the target
	// disagree).
	Code string
	// Detail says what was found and expected, in words.
	Detail string
	// Err is the error of package iri behind a syntax error, or nil.
	Err error
	// Interop is what Options.Interop found, for code "interop"; nil
	// otherwise.
	Interop *InteropFinding
}

// Error returns the detail with the offset and code.
func (e *Error) Error() string {
	b := []byte("httpiri: ")
	b = append(b, e.Code...)
	if e.Offset >= 0 {
		b = append(b, " at byte offset "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
	}
	if e.Component != "" {
		b = append(b, " in "...)
		b = append(b, e.Component...)
	}
	b = append(b, ": "...)
	b = append(b, e.Detail...)
	return string(b)
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// ProblemType is the "type" member of the problem+json body: where the
// codes are documented.
const ProblemType = "https://pkg.go.dev/github.com/irikit/iri/httpiri#Error"

// problem is the RFC 9457 body, with this package's extension members.
type problem struct {
	Type      string `json:"type"`
	Title     string `json:"title"`
	Status    int    `json:"status"`
	Detail    string `json:"detail"`
	Offset    *int   `json:"offset,omitempty"`
	Component string `json:"component,omitempty"`
	Code      string `json:"code"`
	// For code "interop": each reader's scheme, host, port and path (null
	// where it refuses the target), what differs, and the causes.
	Readings map[string]*problemReading `json:"readings,omitempty"`
	Differs  []string                   `json:"differs,omitempty"`
	Causes   []string                   `json:"causes,omitempty"`
}

// problemReading is one reader's reading in a problem body.
type problemReading struct {
	Scheme *string `json:"scheme"`
	Host   *string `json:"host"`
	Port   *string `json:"port"`
	Path   *string `json:"path"`
}

// WriteProblem writes err as the application/problem+json response of
// RFC 9457: type, title, status and detail, and the extension members
// offset, component and code. Over HTTP/1 it also asks to close the
// connection: a client that sent a malformed target may not frame its
// next request as the server does.
func WriteProblem(w http.ResponseWriter, r *http.Request, err *Error) {
	p := problem{
		Type:      ProblemType,
		Title:     http.StatusText(err.Status),
		Status:    err.Status,
		Detail:    printable(err.Detail),
		Component: err.Component,
		Code:      err.Code,
	}
	if err.Offset >= 0 {
		off := err.Offset
		p.Offset = &off
	}
	if f := err.Interop; f != nil {
		p.Readings = map[string]*problemReading{}
		for _, rd := range interop.Readers() {
			g := f.Report.Reading(rd)
			if !g.OK() {
				p.Readings[rd.String()] = nil
				continue
			}
			pr := &problemReading{}
			for c, dst := range map[interop.Component]**string{interop.ComponentScheme: &pr.Scheme, interop.ComponentHost: &pr.Host, interop.ComponentPort: &pr.Port, interop.ComponentPath: &pr.Path} {
				if v, ok := g.Get(c); ok {
					v = printable(v)
					*dst = &v
				}
			}
			p.Readings[rd.String()] = pr
		}
		for _, c := range f.Report.Differs.List() {
			p.Differs = append(p.Differs, c.String())
		}
		for _, c := range f.Report.Causes.List() {
			p.Causes = append(p.Causes, c.String())
		}
	}
	body, jerr := json.Marshal(p)
	if jerr != nil { // cannot happen: every field is a string or an int
		body = []byte(`{"status":400}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/problem+json")
	h.Set("Content-Length", strconv.Itoa(len(body)+1))
	h.Set("X-Content-Type-Options", "nosniff")
	if r != nil && r.ProtoMajor == 1 {
		h.Set("Connection", "close")
	}
	w.WriteHeader(err.Status)
	w.Write(append(body, '\n'))
}

// printable escapes every byte of s that is not printable ASCII: control
// characters, bidi and invisible characters and any other non-ASCII
// text become \xHH or \uXXXX, so that nothing in a message can move a
// terminal's cursor, reorder what it shows or pass for other text.
func printable(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7F {
			b = append(b, c)
			i++
			continue
		}
		// strconv writes \xHH for a byte that is not UTF-8, \uXXXX or
		// \UXXXXXXXX for a rune; the quotes it adds are cut off.
		_, n := utf8.DecodeRuneInString(s[i:])
		q := strconv.QuoteToASCII(s[i : i+n])
		b = append(b, q[1:len(q)-1]...)
		i += n
	}
	return string(b)
}
