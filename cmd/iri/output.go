package main

import (
	"errors"
	"strconv"

	"github.com/irikit/iri"
)

// jsonError is the "error" member of a JSON record.
type jsonError struct {
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

// jsonValid is the JSON record of a valid input. Absent components are
// null; path is always a string; uri is present for to-uri only, iri for
// to-iri only.
type jsonValid struct {
	Input string `json:"input"`
	Valid bool   `json:"valid"`
	jsonParts
	URI *string `json:"uri,omitempty"`
	IRI *string `json:"iri,omitempty"`
}

// jsonParts are the components of a valid input in a JSON record (parse
// and generate): absent ones null, the path always a string.
type jsonParts struct {
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     string  `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
	HostKind *string `json:"host_kind"`
}

// jsonInvalid is the JSON record of an invalid input: no components.
type jsonInvalid struct {
	Input string    `json:"input"`
	Valid bool      `json:"valid"`
	Error jsonError `json:"error"`
}

// formatter writes the results of one subcommand to its run's output,
// r.out at the time of each write (--field points it at the cell).
// It owns reusable scratch space so that formatting a valid input in text
// mode allocates nothing.
type formatter struct {
	run  *lineRun
	buf  []byte // scratch for text lines
	conv []byte // to-uri and to-iri: the converted form of the input at hand
	// Backing store for the pointers in valid, reused for every record.
	valid                                                          jsonValid
	scheme, userinfo, host, port, query, fragment, kind, converted string
	invalid                                                        jsonInvalid
	first                                                          bool // no parse block written yet
}

// newFormatter returns a formatter writing to r's output.
func newFormatter(r *lineRun) *formatter {
	return &formatter{run: r, first: true}
}

// opt returns p, after storing v in *p, if present, or nil.
func opt(p *string, v string, present bool) *string {
	if !present {
		return nil
	}
	*p = v
	return p
}

// writeJSON writes the JSON record of input s, one line. u is the parsed
// IRI when e is nil; e is the parse error otherwise. conv, if not nil, is
// the member of f.valid that gets the converted form (to-uri's "uri",
// to-iri's "iri").
func (f *formatter) writeJSON(s string, u iri.IRI, e *iri.Error, conv **string) error {
	if e != nil {
		f.invalid = jsonInvalid{Input: s, Error: jsonError{Offset: e.Offset, Message: e.Error()}}
		return f.run.writeJSON(&f.invalid)
	}
	auth := u.HasAuthority()
	f.valid = jsonValid{Input: s, Valid: true, jsonParts: jsonParts{
		Scheme:   opt(&f.scheme, u.Scheme(), u.IsAbsolute()),
		Userinfo: opt(&f.userinfo, u.Userinfo(), u.HasUserinfo()),
		Host:     opt(&f.host, u.Host(), auth),
		Port:     opt(&f.port, u.Port(), u.HasPort()),
		Path:     u.Path(),
		Query:    opt(&f.query, u.Query(), u.HasQuery()),
		Fragment: opt(&f.fragment, u.Fragment(), u.HasFragment()),
		HostKind: opt(&f.kind, u.HostKind().String(), auth),
	}}
	if conv != nil {
		*conv = opt(&f.converted, string(f.conv), true)
	}
	return f.run.writeJSON(&f.valid)
}

// parseLabelWidth is the width of the longest label, "fragment:", plus one
// space; values in a parse block start at this column after the indent.
const parseLabelWidth = len("fragment: ")

// appendField appends one indented "label: value" line of a parse block,
// without its newline, the value in display form and aligned; an empty
// value leaves just "label:".
func appendField(dst []byte, label, value string) []byte {
	dst = append(dst, "  "...)
	dst = append(dst, label...)
	dst = append(dst, ':')
	if value == "" {
		return dst // no trailing white space
	}
	for n := len(label) + 1; n < parseLabelWidth; n++ {
		dst = append(dst, ' ')
	}
	dst = appendDisplay(dst, value)
	return dst
}

// writeParse writes the text block of input s for the parse subcommand:
// a blank line between blocks, the input in display form, then one
// indented line per present component (path always), or an error line.
func (f *formatter) writeParse(s string, u iri.IRI, e *iri.Error) error {
	b := f.buf[:0]
	if !f.first {
		b = append(b, '\n')
	}
	f.first = false
	b = appendDisplay(b, s)
	b = append(b, '\n')
	if e != nil {
		b = append(b, "  error: "...)
		b = append(b, e.Error()...)
		b = append(b, '\n')
	} else {
		if u.IsAbsolute() {
			b = append(appendField(b, "scheme", u.Scheme()), '\n')
		}
		if u.HasUserinfo() {
			b = append(appendField(b, "userinfo", u.Userinfo()), '\n')
		}
		if u.HasAuthority() {
			b = appendField(b, "host", u.Host())
			if u.Host() == "" {
				b = append(b, "    "...) // align the kind with the other values
			}
			b = append(b, ' ', '(')
			b = append(b, u.HostKind().String()...)
			b = append(b, ')', '\n')
		}
		if u.HasPort() {
			b = append(appendField(b, "port", u.Port()), '\n')
		}
		b = append(appendField(b, "path", u.Path()), '\n')
		if u.HasQuery() {
			b = append(appendField(b, "query", u.Query()), '\n')
		}
		if u.HasFragment() {
			b = append(appendField(b, "fragment", u.Fragment()), '\n')
		}
	}
	f.buf = b
	_, err := f.run.out.Write(b)
	return err
}

// writeCheck writes the report of an invalid input s for the check
// subcommand: "FILE:LINE: message", the input in display form, and a
// caret under the offending byte.
func (f *formatter) writeCheck(file string, line int, s string, e *iri.Error) error {
	b := appendLocation(f.buf[:0], file, line)
	b = append(b, e.Error()...)
	b = append(b, '\n')
	b = appendExcerpt(b, s, e.Offset, 0)
	f.buf = b
	_, err := f.run.out.Write(b)
	return err
}

// writeConv writes the converted form of the input, one line, for the
// to-uri and to-iri subcommands.
func (f *formatter) writeConv() error {
	f.conv = append(f.conv, '\n')
	_, err := f.run.out.Write(f.conv)
	return err
}

// appendLocation appends "FILE:LINE: ".
func appendLocation(dst []byte, file string, line int) []byte {
	dst = append(dst, file...)
	dst = append(dst, ':')
	dst = strconv.AppendInt(dst, int64(line), 10)
	return append(dst, ':', ' ')
}

// asIRIError returns err as an *iri.Error. Parser.Parse returns only
// those; anything else is wrapped as an error at offset 0, to be safe.
func asIRIError(err error, s string) *iri.Error {
	var e *iri.Error
	if errors.As(err, &e) {
		return e
	}
	return &iri.Error{Input: s}
}
