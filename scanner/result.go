package scanner

// Result is what one scan learns: which components are present and their
// offsets into the input, or where and why the input was rejected. It
// holds no pointers, so it never escapes to the heap. The zero Result
// describes the empty relative reference.
//
// For a valid input s of length n the components are
//
//	scheme    s[:SchemeEnd]                  if Parts&HasScheme != 0
//	authority s[AuthorityStart:PathStart]    if Parts&HasAuthority != 0
//	userinfo  s[AuthorityStart:UserinfoEnd]  if Parts&HasUserinfo != 0
//	host      s[HostStart:HostEnd]           if Parts&HasAuthority != 0
//	port      s[PortStart:PathStart]         if Parts&HasPort != 0
//	path      s[PathStart:PathEnd]           always (maybe empty)
//	query     s[QueryStart:QueryEnd]         if Parts&HasQuery != 0
//	fragment  s[FragmentStart:n]             if Parts&HasFragment != 0
//
// Offsets of absent components are zero. Offsets are int32 to keep the
// value small; inputs of 2 GiB or more fail with CodeTooLong.
type Result struct {
	SchemeEnd      int32 // index of the ':' after scheme
	AuthorityStart int32 // index just after "//"
	UserinfoEnd    int32 // index of the '@' after iuserinfo
	HostStart      int32 // start of ihost; an IP-literal keeps its brackets
	HostEnd        int32 // end of ihost
	PortStart      int32 // index just after the ':' before port
	PathStart      int32 // start of ipath
	PathEnd        int32 // end of ipath
	QueryStart     int32 // index just after '?'
	QueryEnd       int32 // end of iquery: the '#' or the end of the input
	FragmentStart  int32 // index just after '#'

	Parts    Parts
	HostKind HostKind
	Flags    Flags

	// Code is CodeOK for a valid input. Otherwise Offset is the byte
	// offset of the first offending byte (len(s) when the input ended too
	// soon) and Component where it lies; the offsets above are then
	// meaningless.
	Offset    int32
	Code      Code
	Component Component
}

// Parts says which components are present. Present may mean empty:
// "http://h?" has an empty query, "http://h" none.
type Parts uint8

const (
	HasScheme    Parts = 1 << iota // scheme ":"
	HasAuthority                   // "//" iauthority
	HasUserinfo                    // iuserinfo "@"
	HasPort                        // ":" port
	HasQuery                       // "?" iquery
	HasFragment                    // "#" ifragment
)

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
func (r Result) OK() bool { return r.Code == CodeOK }
