package scanner

// Result is what one scan learns: component offsets into the input, with
// -1 for an absent component, or where and why the input was rejected.
// It holds no pointers, so it never escapes to the heap.
//
// For a valid input s of length n the components are
//
//	scheme    s[:SchemeEnd]                  if SchemeEnd >= 0
//	authority s[AuthorityStart:PathStart]    if AuthorityStart >= 0
//	userinfo  s[AuthorityStart:UserinfoEnd]  if UserinfoEnd >= 0
//	host      s[HostStart:HostEnd]           if AuthorityStart >= 0
//	port      s[PortStart:PathStart]         if PortStart >= 0
//	path      s[PathStart:PathEnd]           always (maybe empty)
//	query     s[QueryStart:QueryEnd()]       if QueryStart >= 0
//	fragment  s[FragmentStart:n]             if FragmentStart >= 0
type Result struct {
	SchemeEnd      int // index of the ':' after scheme
	AuthorityStart int // index just after "//"
	UserinfoEnd    int // index of the '@' after iuserinfo
	HostStart      int // start of ihost; an IP-literal keeps its brackets
	HostEnd        int // end of ihost
	PortStart      int // index just after the ':' before port
	PathStart      int // start of ipath
	PathEnd        int // end of ipath
	QueryStart     int // index just after '?'
	FragmentStart  int // index just after '#'
	Len            int // length of the input

	HostKind HostKind
	Flags    Flags

	// Code is CodeOK for a valid input. Otherwise Offset is the byte
	// offset of the first offending byte (len(s) when the input ended too
	// soon) and Component where it lies; the offsets above are then
	// meaningless.
	Code      Code
	Component Component
	Offset    int
}

// Flags record facts about a valid input that later steps can use to skip
// work.
type Flags uint8

const (
	// HasNonASCII is set when the input has a byte above 0x7F.
	HasNonASCII Flags = 1 << iota
	// HasPercent is set when the input has a pct-encoded triplet.
	HasPercent
	// HasIPrivate is set when the query holds an iprivate character.
	HasIPrivate
	// HasBidi is set when AllowBidi let a bidi formatting character in.
	HasBidi
)

// OK reports whether the input was valid.
func (r *Result) OK() bool { return r.Code == CodeOK }

// QueryEnd returns the end of the query: the '#' or the end of the input.
func (r *Result) QueryEnd() int {
	if r.FragmentStart >= 0 {
		return r.FragmentStart - 1
	}
	return r.Len
}

// emptyResult has every optional component absent.
var emptyResult = Result{
	SchemeEnd: -1, AuthorityStart: -1, UserinfoEnd: -1, HostStart: -1,
	HostEnd: -1, PortStart: -1, PathStart: -1, PathEnd: -1, QueryStart: -1,
	FragmentStart: -1,
}
