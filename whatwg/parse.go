package whatwg

import (
	"encoding/binary"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// Parse parses input as an absolute URL by the basic URL parser of the
// WHATWG URL Standard (4.4), with no base. An input that is already its
// own serialization (a lowercase scheme and host, nothing to
// percent-encode, no default port, no dot segment) becomes the URL's
// Href as it is, without allocating; any other takes one allocation.
func Parse(input string) (URL, error) {
	return parse(input, nil, nil)
}

// Parse parses ref with u as its base, as new URL(ref, base) does: a
// relative reference is resolved against u.
func (u URL) Parse(ref string) (URL, error) {
	if u.href == "" {
		return parse(ref, nil, nil) // the zero URL is no base
	}
	return parse(ref, &u, nil)
}

// A Parser parses URLs with the options the standard's URL parser takes
// beside its input. The zero Parser is Parse.
type Parser struct {
	// Encoding is the encoding of the query of a special URL other than
	// ws and wss: HTML's document encoding, which a form or link in a
	// legacy page uses. Characters it cannot encode become "&#N;",
	// percent-encoded. nil is UTF-8.
	Encoding encoding.Encoding
}

// Parse parses input against base, which may be nil (as may be the zero
// URL: no base).
func (p Parser) Parse(input string, base *URL) (URL, error) {
	if base != nil && base.href == "" {
		base = nil
	}
	return parse(input, base, outputEncoding(p.Encoding))
}

// outputEncoding is the Encoding Standard's "get an output encoding":
// UTF-16 and replacement are UTF-8 (nil) for a URL's query, and so is
// UTF-8 itself.
func outputEncoding(e encoding.Encoding) encoding.Encoding {
	if e == nil {
		return nil
	}
	switch name, _ := htmlindex.Name(e); name {
	case "utf-8", "utf-16be", "utf-16le", "replacement":
		return nil
	}
	return e
}

// parser is one run of the basic URL parser. It writes the
// serialization to b as it goes, and the offsets of its components to u.
type parser struct {
	in   string // the input, trimmed, without tabs and newlines
	base *URL   // &baseURL, or nil
	enc  encoding.Encoding
	b    []byte
	u    URL

	baseURL URL    // a copy, so that the caller's base does not escape
	tmp     []byte // a percent-decoded host

	warn    []byte // encoded warnings, offsets into in
	nwarn   int
	failed  bool
	failK   Kind
	failOff int
}

func (p *parser) warnAt(k Kind, off int) {
	if p.nwarn < maxWarnings {
		p.warn = appendWarning(p.warn, k, off)
		p.nwarn++
	}
}

// fail records the failure and returns false.
func (p *parser) fail(k Kind, off int) bool {
	if !p.failed {
		p.failed, p.failK, p.failOff = true, k, off
	}
	return false
}

func (p *parser) special() bool { return p.u.scheme != schemeOther }

// hasTabOrNewline reports whether s holds an ASCII tab or newline.
func hasTabOrNewline(s string) bool {
	return strings.IndexByte(s, '\t') >= 0 || strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0
}

// isC0OrSpace is the standard's "C0 control or space".
func isC0OrSpace(c byte) bool { return c <= ' ' }

// parsers holds parsers and their buffers between calls: a parser
// lives on the heap (its buffer is appended to), and one from the pool
// costs no allocation.
var parsers = sync.Pool{New: func() any {
	return &parser{b: make([]byte, 0, 2048), warn: make([]byte, 0, 64)}
}}

// maxPooled is the largest buffer a parser keeps for the next call.
const maxPooled = 64 << 10

func parse(input string, base *URL, enc encoding.Encoding) (URL, error) {
	if base == nil {
		u, r, ok := fast(input)
		if ok {
			return u, nil
		}
		if r.state != resumeNone {
			return parseSlow(input, nil, enc, &u, r)
		}
	}
	return parseSlow(input, base, enc, nil, resume{})
}

// parseSlow is the state machine, for any input. When prefix is not
// nil, fast found input canonical and valid up to r.at, with the
// components of prefix, and the parser takes over there, unless the
// input needs trimming or holds a tab or newline.
func parseSlow(input string, base *URL, enc encoding.Encoding, prefix *URL, r resume) (URL, error) {
	p := parsers.Get().(*parser)
	u, err := p.parse(input, base, enc, prefix, r)
	p.release()
	return u, err
}

// release returns p to the pool, without what it points to (the input,
// the base) and without a buffer grown past maxPooled.
func (p *parser) release() {
	if cap(p.b) > maxPooled {
		p.b = make([]byte, 0, 2048)
	}
	if cap(p.warn) > maxPooled {
		p.warn = make([]byte, 0, 64)
	}
	if cap(p.tmp) > maxPooled {
		p.tmp = nil
	}
	// Only what a parse reads before it writes, and the references.
	if p.base != nil {
		p.baseURL = URL{}
	}
	p.in, p.base, p.enc, p.u = "", nil, nil, URL{}
	p.b, p.warn, p.tmp = p.b[:0], p.warn[:0], p.tmp[:0]
	p.nwarn, p.failed = 0, false
	parsers.Put(p)
}

func (p *parser) parse(input string, base *URL, enc encoding.Encoding, prefix *URL, r resume) (URL, error) {
	p.enc = enc
	if base != nil {
		p.baseURL = *base
		p.base = &p.baseURL
	}
	start, end := 0, len(input)
	for start < end && isC0OrSpace(input[start]) {
		start++
	}
	for end > start && isC0OrSpace(input[end-1]) {
		end--
	}
	in := input[start:end]
	// removed holds, in the trimmed input, where the tabs and newlines
	// were: offsets into in map back through it.
	var removed []int
	// fast found none before r.at.
	from := 0
	if prefix != nil {
		from = min(r.at, len(in))
	}
	if hasTabOrNewline(in[from:]) {
		b := make([]byte, 0, len(in))
		for i := 0; i < len(in); i++ {
			if c := in[i]; c == '\t' || c == '\n' || c == '\r' {
				removed = append(removed, i)
				continue
			}
			b = append(b, in[i])
		}
		in = unsafe.String(unsafe.SliceData(b), len(b))
	}
	p.in = in
	// The two invalid-URL-unit errors of the steps above are recorded
	// at their offsets into input, which need no mapping.
	var early [2]int
	nEarly := 0
	if start > 0 || end < len(input) {
		early[nEarly] = 0
		if start == 0 {
			early[nEarly] = end
		}
		nEarly++
	}
	if removed != nil {
		early[nEarly] = start + removed[0]
		nEarly++
	}
	var ok bool
	if prefix != nil && start == 0 && end == len(input) && removed == nil {
		p.u = *prefix
		p.u.href = ""
		switch r.state {
		case resumeSegment:
			// The path so far, without the '/' pathFrom writes.
			p.b = append(p.b, in[:r.at-1]...)
			p.u.query, p.u.fragment = none, none
			ok = p.pathFrom(r.at)
		case resumeQuery:
			p.b = append(p.b, in[:r.at]...)
			p.u.query, p.u.fragment = none, none
			ok = p.query(r.at + 1)
		case resumeFragment:
			p.b = append(p.b, in[:r.at]...)
			p.u.fragment = none
			ok = p.fragment(r.at + 1)
		}
	} else {
		ok = p.run()
	}
	// Offsets into in, back to offsets into input.
	mapOff := func(off int) int {
		// The tabs and newlines before off: R[i]-i is how many bytes of
		// in come before the i-th one.
		j := sort.Search(len(removed), func(i int) bool { return removed[i]-i > off })
		return start + off + j
	}
	if !ok {
		return URL{}, &Error{Input: input, Offset: mapOff(p.failOff), Kind: p.failK}
	}
	p.finish()
	u := p.u
	out := p.b
	nHref := len(out)
	for _, off := range early[:nEarly] {
		out = appendWarning(out, InvalidURLUnit, off)
	}
	for s := p.warn; len(s) > 0; {
		off, n := binary.Uvarint(s[1:])
		out = appendWarning(out, Kind(s[0]), mapOff(int(off)))
		s = s[1+n:]
	}
	if string(out[:nHref]) == in && removed == nil {
		u.href = in
		if len(out) > nHref {
			u.warn = string(out[nHref:])
		}
		return u, nil
	}
	all := string(out)
	u.href = all[:nHref]
	u.warn = all[nHref:]
	return u, nil
}

// run is the state machine of the basic URL parser, from the scheme
// start state.
func (p *parser) run() bool {
	in := p.in
	// Scheme start and scheme states.
	i := 0
	if in != "" && isAlpha(in[0]) {
		i = 1
		for i < len(in) && (isAlpha(in[i]) || '0' <= in[i] && in[i] <= '9' || in[i] == '+' || in[i] == '-' || in[i] == '.') {
			i++
		}
		if i < len(in) && in[i] == ':' {
			return p.afterScheme(i)
		}
	}
	return p.noScheme()
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// afterScheme is the scheme state at the ':' at in[i].
func (p *parser) afterScheme(i int) bool {
	in := p.in
	for k := 0; k < i; k++ {
		c := in[k]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		p.b = append(p.b, c)
	}
	p.u.schemeEnd = uint32(i)
	p.u.scheme = schemeOf(view(p.b[:i]))
	p.b = append(p.b, ':')
	p.u.port = -1
	p.u.query, p.u.fragment = none, none
	rest := in[i+1:]
	switch {
	case p.u.scheme == schemeFile:
		if !strings.HasPrefix(rest, "//") {
			p.warnAt(SpecialSchemeMissingFollowingSolidus, i+1)
		}
		return p.fileState(i + 1)
	case p.special() && p.base != nil && p.base.scheme == p.u.scheme:
		// Special relative or authority state.
		if strings.HasPrefix(rest, "//") {
			return p.authorityIgnoringSlashes(i + 3)
		}
		p.warnAt(SpecialSchemeMissingFollowingSolidus, i+1)
		return p.relative(i + 1)
	case p.special():
		// Special authority slashes state.
		if strings.HasPrefix(rest, "//") {
			return p.authorityIgnoringSlashes(i + 3)
		}
		p.warnAt(SpecialSchemeMissingFollowingSolidus, i+1)
		return p.authorityIgnoringSlashes(i + 1)
	case strings.HasPrefix(rest, "/"):
		// Path or authority state.
		if strings.HasPrefix(rest, "//") {
			return p.authority(i + 3)
		}
		p.u.host = HostNull
		p.u.pathStart = uint32(len(p.b))
		return p.pathFrom(i + 2)
	}
	p.u.host = HostNull
	p.u.opaque = true
	p.u.pathStart = uint32(len(p.b))
	return p.opaquePath(i + 1)
}

// noScheme is the no scheme state: the input is relative to the base.
func (p *parser) noScheme() bool {
	base := p.base
	in := p.in
	if base == nil || base.opaque && !strings.HasPrefix(in, "#") {
		return p.fail(MissingSchemeNonRelativeURL, 0)
	}
	if base.opaque {
		// "#frag" against an opaque path: the base with a new fragment.
		end := base.fragment
		if end == none {
			end = uint32(len(base.href))
		}
		p.b = append(p.b, base.href[:end]...)
		p.u = *base
		p.u.href, p.u.warn = "", ""
		p.u.fragment = none
		return p.fragment(1)
	}
	p.setScheme(base)
	if base.scheme == schemeFile {
		return p.fileState(0)
	}
	return p.relative(0)
}

// setScheme writes the base's scheme.
func (p *parser) setScheme(base *URL) {
	p.b = append(p.b, base.href[:base.schemeEnd+1]...)
	p.u.schemeEnd = base.schemeEnd
	p.u.scheme = base.scheme
	p.u.port = -1
	p.u.query, p.u.fragment = none, none
}

// relative is the relative state at in[i]: the scheme is the base's,
// which is not file.
func (p *parser) relative(i int) bool {
	in, base := p.in, p.base
	if i < len(in) && (in[i] == '/' || p.special() && in[i] == '\\') {
		if in[i] == '\\' {
			p.warnAt(InvalidReverseSolidus, i)
		}
		// Relative slash state.
		j := i + 1
		if p.special() && j < len(in) && (in[j] == '/' || in[j] == '\\') {
			if in[j] == '\\' {
				p.warnAt(InvalidReverseSolidus, j)
			}
			return p.authorityIgnoringSlashes(j + 1)
		}
		if !p.special() && j < len(in) && in[j] == '/' {
			return p.authority(j + 1)
		}
		p.copyAuthority(base)
		p.u.pathStart = uint32(len(p.b))
		return p.pathFrom(j)
	}
	if done, ok := p.fromBase(i, base); done {
		return ok
	}
	p.shorten()
	return p.pathFrom(i)
}

// fromBase gives the URL the base's credentials, host, port and path,
// and reads in[i]: at the end the base's query stays, '?' starts a new
// one, '#' keeps it and starts a fragment. done is false for anything
// else, which the caller reads as a path relative to the base's.
func (p *parser) fromBase(i int, base *URL) (done, ok bool) {
	in := p.in
	p.copyAuthority(base)
	p.copyPath(base)
	switch {
	case i == len(in):
		p.copyQuery(base)
		return true, true
	case in[i] == '?':
		return true, p.query(i + 1)
	case in[i] == '#':
		p.copyQuery(base)
		return true, p.fragment(i + 1)
	}
	return false, false
}

// copyAuthority gives the URL the base's credentials, host and port.
func (p *parser) copyAuthority(base *URL) {
	p.u.host = base.host
	if base.host == HostNull {
		return
	}
	d := uint32(len(p.b)) - (base.schemeEnd + 1)
	p.b = append(p.b, base.href[base.schemeEnd+1:base.portEnd]...)
	p.u.userEnd = base.userEnd + d
	p.u.passEnd = base.passEnd + d
	p.u.hostStart = base.hostStart + d
	p.u.hostEnd = base.hostEnd + d
	p.u.portEnd = base.portEnd + d
	p.u.port = base.port
}

// copyPath gives the URL a copy of the base's path.
func (p *parser) copyPath(base *URL) {
	p.u.pathStart = uint32(len(p.b))
	p.b = append(p.b, base.href[base.pathStart:base.pathEnd()]...)
}

// copyQuery gives the URL the base's query.
func (p *parser) copyQuery(base *URL) {
	if base.query == none {
		return
	}
	p.u.query = uint32(len(p.b))
	p.b = append(p.b, base.href[base.query:base.queryEnd()]...)
}

// authorityIgnoringSlashes is the special authority ignore slashes
// state at in[i].
func (p *parser) authorityIgnoringSlashes(i int) bool {
	in := p.in
	for i < len(in) && (in[i] == '/' || in[i] == '\\') {
		p.warnAt(SpecialSchemeMissingFollowingSolidus, i)
		i++
	}
	return p.authority(i)
}

// componentEnd returns where the authority that starts
// at in[i] ends: at '/', '?', '#', '\\' in a special URL, or the end.
func (p *parser) componentEnd(i int) int {
	in := p.in
	special := p.special()
	for ; i < len(in); i++ {
		if c := in[i]; c == '/' || c == '?' || c == '#' || special && c == '\\' {
			return i
		}
	}
	return i
}

// authority is the authority state at in[i], after "//": credentials,
// host and port, then the path.
func (p *parser) authority(i int) bool {
	in := p.in
	end := p.componentEnd(i)
	p.b = append(p.b, '/', '/')
	authStart := uint32(len(p.b))
	p.u.userEnd, p.u.passEnd = authStart, authStart
	at := strings.LastIndexByte(in[i:end], '@')
	if at >= 0 {
		at += i
		for k := i; k <= at; k++ {
			if in[k] == '@' {
				p.warnAt(InvalidCredentials, k)
			}
		}
		if at+1 == end {
			return p.fail(HostMissing, end)
		}
		password := false
		for k := i; k < at; {
			c := in[k]
			switch {
			case c == '@':
				p.b = append(p.b, "%40"...)
				k++
				continue
			case c == ':' && !password:
				password = true
				p.u.userEnd = uint32(len(p.b))
				p.b = append(p.b, ':')
				k++
				continue
			}
			n := k + 1
			for n < at && in[n] != '@' && in[n] != ':' {
				n++
			}
			p.b = appendEncoded(p.b, in[k:n], clsUserinfo)
			k = n
		}
		if !password {
			p.u.userEnd = uint32(len(p.b))
		}
		p.u.passEnd = uint32(len(p.b))
		if p.u.passEnd == p.u.userEnd+1 {
			// An empty password is none: "u:@h" is "u@h".
			p.b = p.b[:p.u.userEnd]
			p.u.passEnd = p.u.userEnd
		}
		if len(p.b) == int(authStart) {
			p.u.userEnd, p.u.passEnd = authStart, authStart
		} else {
			p.b = append(p.b, '@')
		}
		i = at + 1
	}
	return p.hostPort(i, end)
}

// hostPort is the host state at in[i], the authority ending at end.
func (p *parser) hostPort(i, end int) bool {
	in := p.in
	special := p.special()
	colon := -1
	inside := false
	for k := i; k < end; k++ {
		switch in[k] {
		case '[':
			inside = true
		case ']':
			inside = false
		case ':':
			if !inside {
				colon = k
			}
		}
		if colon >= 0 {
			break
		}
	}
	hostEnd := end
	if colon >= 0 {
		hostEnd = colon
		if colon == i {
			return p.fail(HostMissing, i)
		}
	} else if special && i == end {
		return p.fail(HostMissing, i)
	}
	p.u.hostStart = uint32(len(p.b))
	kind, ok := p.host(in[i:hostEnd], i, !special)
	if !ok {
		return false
	}
	p.u.host = kind
	p.u.hostEnd = uint32(len(p.b))
	p.u.portEnd = p.u.hostEnd
	if colon >= 0 {
		// Port state.
		port := in[colon+1 : end]
		for k := 0; k < len(port); k++ {
			if port[k] < '0' || port[k] > '9' {
				return p.fail(PortInvalid, colon+1+k)
			}
		}
		if port != "" {
			v := 0
			for k := 0; k < len(port); k++ {
				if v = v*10 + int(port[k]-'0'); v > 65535 {
					return p.fail(PortOutOfRange, colon+1)
				}
			}
			if int32(v) != defaultPorts[p.u.scheme] {
				p.u.port = int32(v)
				p.b = append(p.b, ':')
				p.b = appendUint(p.b, uint64(v))
				p.u.portEnd = uint32(len(p.b))
			}
		}
	}
	return p.pathStart(end)
}

// pathStart is the path start state at in[i].
func (p *parser) pathStart(i int) bool {
	in := p.in
	p.u.pathStart = uint32(len(p.b))
	if p.special() {
		if i < len(in) && in[i] == '\\' {
			p.warnAt(InvalidReverseSolidus, i)
		}
		if i < len(in) && (in[i] == '/' || in[i] == '\\') {
			i++
		}
		return p.pathFrom(i)
	}
	switch {
	case i == len(in):
		return true
	case in[i] == '?':
		return p.query(i + 1)
	case in[i] == '#':
		return p.fragment(i + 1)
	case in[i] == '/':
		i++
	}
	return p.pathFrom(i)
}

// fileState is the file state at in[i].
func (p *parser) fileState(i int) bool {
	in, base := p.in, p.base
	p.u.host = HostEmpty
	if i < len(in) && (in[i] == '/' || in[i] == '\\') {
		if in[i] == '\\' {
			p.warnAt(InvalidReverseSolidus, i)
		}
		return p.fileSlash(i + 1)
	}
	if base != nil && base.scheme == schemeFile {
		if done, ok := p.fromBase(i, base); done {
			return ok
		}
		if !startsWithDriveLetter(in[i:]) {
			p.shorten()
		} else {
			p.warnAt(FileInvalidWindowsDriveLetter, i)
			p.b = p.b[:p.u.pathStart]
		}
		return p.pathFrom(i)
	}
	p.emptyHost()
	p.u.pathStart = uint32(len(p.b))
	return p.pathFrom(i)
}

// emptyHost writes "//" and the empty host of a file URL.
func (p *parser) emptyHost() {
	p.b = append(p.b, '/', '/')
	n := uint32(len(p.b))
	p.u.userEnd, p.u.passEnd, p.u.hostStart, p.u.hostEnd, p.u.portEnd = n, n, n, n, n
	p.u.host = HostEmpty
}

// fileSlash is the file slash state at in[i].
func (p *parser) fileSlash(i int) bool {
	in, base := p.in, p.base
	if i < len(in) && (in[i] == '/' || in[i] == '\\') {
		if in[i] == '\\' {
			p.warnAt(InvalidReverseSolidus, i)
		}
		return p.fileHost(i + 1)
	}
	if base != nil && base.scheme == schemeFile {
		p.copyAuthority(base)
		p.u.pathStart = uint32(len(p.b))
		bp := base.href[base.pathStart:base.pathEnd()]
		if !startsWithDriveLetter(in[i:]) && len(bp) >= 3 && isNormalizedDriveLetter(firstSegment(bp)) {
			p.b = append(p.b, '/')
			p.b = append(p.b, bp[1:3]...)
		}
		return p.pathFrom(i)
	}
	p.emptyHost()
	p.u.pathStart = uint32(len(p.b))
	return p.pathFrom(i)
}

// fileHost is the file host state at in[i].
func (p *parser) fileHost(i int) bool {
	in := p.in
	end := i
	for end < len(in) && in[end] != '/' && in[end] != '\\' && in[end] != '?' && in[end] != '#' {
		end++
	}
	buf := in[i:end]
	if isDriveLetter(buf) {
		p.warnAt(FileInvalidWindowsDriveLetterHost, i)
		p.emptyHost()
		p.u.pathStart = uint32(len(p.b))
		return p.pathFrom(i)
	}
	if buf == "" {
		p.emptyHost()
		return p.pathStart(end)
	}
	p.b = append(p.b, '/', '/')
	n := uint32(len(p.b))
	p.u.userEnd, p.u.passEnd, p.u.hostStart = n, n, n
	kind, ok := p.host(buf, i, false)
	if !ok {
		return false
	}
	if view(p.b[n:]) == "localhost" {
		p.b = p.b[:n]
		kind = HostEmpty
	}
	p.u.host = kind
	p.u.hostEnd = uint32(len(p.b))
	p.u.portEnd = p.u.hostEnd
	return p.pathStart(end)
}

// pathFrom is the path state at in[i], which starts a segment; the path
// so far is p.b[p.u.pathStart:]. It goes on to the query or fragment.
func (p *parser) pathFrom(i int) bool {
	in := p.in
	special := p.special()
	cls := clsSegment
	if special {
		cls = clsSpecialSegment
	}
	for {
		segStart := len(p.b)
		p.b = append(p.b, '/')
		var n int
		p.b, n = encode(p.b, in[i:], i, cls, p)
		j := i + n
		slash := j < len(in) && (in[j] == '/' || special && in[j] == '\\')
		if slash && in[j] == '\\' {
			p.warnAt(InvalidReverseSolidus, j)
		}
		buf := p.b[segStart+1:]
		switch {
		case isDoubleDot(buf):
			p.b = p.b[:segStart]
			p.shorten()
			if !slash {
				p.b = append(p.b, '/')
			}
		case isSingleDot(buf):
			p.b = p.b[:segStart]
			if !slash {
				p.b = append(p.b, '/')
			}
		case p.u.scheme == schemeFile && segStart == int(p.u.pathStart) && isDriveLetter(view(buf)):
			buf[1] = ':'
		}
		if !slash {
			return p.afterPath(j)
		}
		i = j + 1
	}
}

// shorten is the standard's "shorten a URL's path".
func (p *parser) shorten() {
	path := p.b[p.u.pathStart:]
	if p.u.scheme == schemeFile && strings.Count(view(path), "/") == 1 && isNormalizedDriveLetter(view(path[1:])) {
		return
	}
	if k := strings.LastIndexByte(view(path), '/'); k >= 0 {
		p.b = p.b[:int(p.u.pathStart)+k]
	}
}

// opaquePath is the opaque path state at in[i].
func (p *parser) opaquePath(i int) bool {
	in := p.in
	j := i
	for j < len(in) && in[j] != '?' && in[j] != '#' {
		j++
	}
	seg := in[i:j]
	for k := 0; k < len(seg); {
		n := strings.IndexByte(seg[k:], ' ')
		if n < 0 {
			p.b = p.appendUnits(p.b, seg[k:], i+k, clsC0)
			break
		}
		p.b = p.appendUnits(p.b, seg[k:k+n], i+k, clsC0)
		p.warnAt(InvalidURLUnit, i+k+n)
		k += n + 1
		// A space before '?' or '#' would be trimmed away once the query
		// or fragment is removed.
		if k == len(seg) && j < len(in) {
			p.b = append(p.b, "%20"...)
		} else {
			p.b = append(p.b, ' ')
		}
	}
	return p.afterPath(j)
}

// afterPath goes on from in[j], where a path ends: to the query, the
// fragment, or the end.
func (p *parser) afterPath(j int) bool {
	switch {
	case j == len(p.in):
		return true
	case p.in[j] == '?':
		return p.query(j + 1)
	}
	return p.fragment(j + 1)
}

// query is the query state at in[i], after the '?'.
func (p *parser) query(i int) bool {
	in := p.in
	p.u.query = uint32(len(p.b))
	p.b = append(p.b, '?')
	var j int
	if special := p.special(); p.enc != nil && special && p.u.scheme != schemeWS && p.u.scheme != schemeWSS {
		if j = strings.IndexByte(in[i:], '#'); j < 0 {
			j = len(in)
		} else {
			j += i
		}
		p.checkUnits(in[i:j], i)
		p.b = appendEncodedLegacy(p.b, in[i:j], p.enc, encSpecialQuery)
	} else {
		cls := clsQuery
		if special {
			cls = clsSpecialQuery
		}
		var n int
		p.b, n = encode(p.b, in[i:], i, cls, p)
		j = i + n
	}
	if j == len(in) {
		return true
	}
	return p.fragment(j + 1)
}

// fragment is the fragment state at in[i], after the '#'.
func (p *parser) fragment(i int) bool {
	p.u.fragment = uint32(len(p.b))
	p.b = append(p.b, '#')
	p.b = p.appendUnits(p.b, p.in[i:], i, clsFragment)
	return true
}

// finish puts "/." in front of a path that would otherwise read as an
// authority: a URL with no host whose path starts with an empty segment
// (URL Standard 4.5, the serializer's step 3).
func (p *parser) finish() {
	u := &p.u
	if u.host != HostNull || u.opaque {
		return
	}
	ps := int(u.pathStart)
	if !strings.HasPrefix(view(p.b[ps:]), "//") {
		return
	}
	p.b = append(p.b, 0, 0)
	copy(p.b[ps+2:], p.b[ps:])
	p.b[ps], p.b[ps+1] = '/', '.'
	u.pathStart += 2
	if u.query != none {
		u.query += 2
	}
	if u.fragment != none {
		u.fragment += 2
	}
}

// isSingleDot reports whether the segment is "." or "%2e", in any case.
func isSingleDot(s []byte) bool {
	return len(s) == 1 && s[0] == '.' || len(s) == 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
}

// isDoubleDot reports whether the segment is "..", ".%2e", "%2e." or
// "%2e%2e", in any case.
func isDoubleDot(s []byte) bool {
	switch len(s) {
	case 2:
		return s[0] == '.' && s[1] == '.'
	case 4:
		return s[0] == '.' && isSingleDot(s[1:]) || s[3] == '.' && isSingleDot(s[:3])
	case 6:
		return isSingleDot(s[:3]) && isSingleDot(s[3:])
	}
	return false
}

// isDriveLetter reports whether s is a Windows drive letter: an ASCII
// letter and ':' or '|'.
func isDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedDriveLetter is isDriveLetter with ':' only.
func isNormalizedDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && s[1] == ':'
}

// startsWithDriveLetter is the standard's "starts with a Windows drive
// letter".
func startsWithDriveLetter(s string) bool {
	return len(s) >= 2 && isDriveLetter(s[:2]) && (len(s) == 2 || strings.IndexByte(`/\?#`, s[2]) >= 0)
}

// firstSegment returns the first segment of the serialized path p.
func firstSegment(p string) string {
	p = p[1:]
	if k := strings.IndexByte(p, '/'); k >= 0 {
		return p[:k]
	}
	return p
}
