package lint

import (
	"strconv"
	"strings"

	"github.com/irikit/iri/interop"
	"github.com/irikit/iri/scanner"
)

// The interop checks, each with the component of package interop it
// reads.
var interopChecks = [...]struct {
	check Check
	comp  interop.Component
}{
	{CheckInteropHost, interop.ComponentHost},
	{CheckInteropPort, interop.ComponentPort},
	{CheckInteropPath, interop.ComponentPath},
}

// wants reports whether the run reports c at all.
func (l *linter) wants(c Check) bool {
	sev := l.o.Severity(c)
	return sev != SeverityOff && (!l.first || sev >= l.min)
}

// interop runs the interop checks: RFC 3986, the WHATWG URL Standard and
// net/url must read the same host, port and path in s (package interop).
// Where its bytes show no rule that can make them differ, which is
// most, it reads nothing and allocates nothing; where they do, the
// violation's message gets each reader's reading and the causes
// (interopMsg).
func (l *linter) interop() {
	var comps interop.Components
	for _, x := range interopChecks {
		if l.wants(x.check) {
			comps |= 1 << x.comp
		}
	}
	if comps == 0 {
		return
	}
	s := l.u.s
	if _, ok := interop.CheckComponents(s, interop.Context{}, comps); ok {
		return
	}
	rep := interop.Read(s, interop.Context{})
	r := &l.u.r
	for i, x := range interopChecks {
		if comps&(1<<x.comp) == 0 || !rep.Differs.Has(x.comp) {
			continue
		}
		off, n, comp := 0, len(s), ""
		switch {
		case x.comp == interop.ComponentPath:
			off, n, comp = int(r.PathStart), int(r.PathEnd-r.PathStart), "ipath"
		case x.comp == interop.ComponentPort && r.Parts&scanner.HasPort != 0:
			off, n, comp = int(r.PortStart)-1, int(r.PathStart-r.PortStart)+1, "port"
		case r.Parts&scanner.HasAuthority != 0:
			off, n, comp = int(r.HostStart), int(r.HostEnd-r.HostStart), "ihost"
		}
		if n == 0 {
			// An empty component ("http:" has an empty path): the
			// reference as a whole, so that the violation covers a byte.
			off, n, comp = 0, len(s), ""
		}
		l.interopMsg[i] = interopMessage(x.check, x.comp, &rep)
		l.add(x.check, off, n, comp)
	}
}

// interopMessage is c's message with what each reader reads as comp and
// the causes: `...: rfc3986 "0x7f.1", whatwg "127.0.0.1", neturl
// "0x7f.1" (causes: IPv4-non-decimal-part)`.
func interopMessage(c Check, comp interop.Component, rep *interop.Report) string {
	var b strings.Builder
	b.WriteString(checkTable[c].message)
	b.WriteString(": ")
	for i, rd := range interop.Readers() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(rd.String())
		b.WriteByte(' ')
		g := rep.Reading(rd)
		v, ok := g.Get(comp)
		switch {
		case !g.OK():
			b.WriteString("refuses")
		case !ok:
			b.WriteString("none")
		default:
			b.WriteString(strconv.QuoteToASCII(v)) // no control or bidi character in a message
		}
	}
	b.WriteString(" (causes: ")
	b.WriteString(strings.ReplaceAll(rep.Causes.String(), ",", ", "))
	b.WriteByte(')')
	return b.String()
}

// setInteropMessages gives the interop violations of this run, in
// l.dst from start, the messages interop wrote.
func (l *linter) setInteropMessages(start int) {
	if l.interopMsg == [len(interopChecks)]string{} {
		return // interop found nothing: no pass over the list
	}
	for i := start; i < len(l.dst); i++ {
		if c := l.dst[i].Check; c >= CheckInteropHost && c <= CheckInteropPath {
			if m := l.interopMsg[c-CheckInteropHost]; m != "" {
				l.dst[i].Message = m
			}
		}
	}
}
