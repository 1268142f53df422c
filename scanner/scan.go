package scanner

import (
	"unsafe"

	"github.com/irikit/iri/tables"
)

// Scan validates s against rule r and returns its component offsets, or
// where it failed. It allocates nothing and runs in time linear in len(s).
func Scan(s string, r Rule, opts Options) Result {
	var res Result
	scan(s, r, opts, nil, false, &res)
	return res
}

// ScanBytes is Scan for a byte slice, which it does not retain.
func ScanBytes(b []byte, r Rule, opts Options) Result { return Scan(bytesString(b), r, opts) }

// Valid reports whether s matches rule r.
func Valid(s string, r Rule, opts Options) bool {
	var res Result
	scan(s, r, opts, nil, false, &res)
	return res.Code == CodeOK
}

// AppendURI validates s against rule r and appends to dst its URI form per
// RFC 3987 section 3.1 step 2: each byte of each non-ASCII character
// becomes %HH with uppercase hex; every ASCII byte, existing %HH
// included, is copied as it is. On failure dst is returned unchanged.
// It allocates only when dst must grow.
func AppendURI(dst []byte, s string, r Rule, opts Options) ([]byte, Result) {
	var res Result
	dst = scan(s, r, opts, dst, true, &res)
	return dst, res
}

// AppendURIBytes is AppendURI for a byte slice, which it does not retain.
// b must not overlap the part of dst that grows.
func AppendURIBytes(dst, b []byte, r Rule, opts Options) ([]byte, Result) {
	return AppendURI(dst, bytesString(b), r, opts)
}

// bytesString views b as a string without copying. The scanner only reads
// its input during the call and never keeps it, so the view cannot outlive
// b or see it change.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

const upperHex = "0123456789ABCDEF"

// scan is the single pass behind Scan and AppendURI. It fills *res, which
// must be zero. When enc is set it appends the URI form of s to dst as it
// goes.
//
// The loop is kept small on purpose: it skips runs of bytes that keep the
// DFA in its state and takes plain moves itself; everything else (actions,
// sub-steps, errors) is done out of line by walker.step, so the few values
// the hot loop needs stay in registers.
func scan(s string, rule Rule, opts Options, dst []byte, enc bool, res *Result) []byte {
	n := len(s)
	if n > maxLen {
		res.Code = tables.CodeTooLong
		return dst
	}
	var w walker
	w.s, w.rule, w.opts, w.enc, w.dst, w.dst0, w.colon = s, rule, opts, enc, dst, len(dst), -1
	st := uint16(rule.start())
	i := 0
	for {
		stay := uint32(1) << st
		// Eight bytes at a time: independent loads, one branch.
		for i+8 <= n {
			b := s[i : i+8]
			m := tables.Stay[b[0]] & tables.Stay[b[1]] & tables.Stay[b[2]] & tables.Stay[b[3]] &
				tables.Stay[b[4]] & tables.Stay[b[5]] & tables.Stay[b[6]] & tables.Stay[b[7]]
			if m&stay == 0 {
				break
			}
			i += 8
		}
		for i < n && tables.Stay[s[i]]&stay != 0 {
			i++
		}
		c := uint8(tables.ClassEnd)
		if i < n {
			c = tables.Class[s[i]]
		}
		e := tables.Trans[int(st)*tables.NumClasses+int(c)]
		if e < tables.NumStates {
			st = e
			i++
			continue
		}
		i, st = w.step(res, i, st, c, e)
		if st >= tables.StateDone {
			break
		}
	}
	if w.code != tables.CodeOK {
		*res = Result{Code: Code(w.code), Component: Component(w.comp), Offset: int32(i)}
		if enc {
			return w.dst[:w.dst0]
		}
		return w.dst
	}
	if res.Parts&(HasAuthority|HasScheme) == HasScheme {
		res.PathStart = res.SchemeEnd + 1
	}
	switch res.Parts & (HasQuery | HasFragment) {
	case 0:
		res.PathEnd = int32(n)
	case HasQuery:
		res.QueryEnd = int32(n)
	}
	if enc {
		return append(w.dst, s[w.copied:]...)
	}
	return w.dst
}

// walker holds what the scan needs off its hot loop.
type walker struct {
	s      string
	rule   Rule
	opts   Options
	enc    bool
	dst    []byte
	dst0   int // len(dst) on entry, restored on error
	copied int // enc: s[:copied] is already in dst
	mark   int // ActMark: where a port turned out not to be one
	colon  int // the ':' that may start port, or -1
	code   uint8
	comp   uint8
}

// step takes transition e from state st on the byte at i (of class c):
// it performs the actions and sub-steps e asks for and returns where to
// go on. It returns StateDone when the input is accepted and StateError
// with w.code set when it is not; i is then the error offset.
//
//go:noinline
func (w *walker) step(res *Result, i int, st uint16, c uint8, e uint16) (int, uint16) {
	next, hi := e&(1<<tables.StateBits-1), e>>tables.StateBits
	if next == tables.StateError {
		w.code, w.comp = uint8(hi&^tables.CodeAtMark), tables.StateComponent[st]
		if hi&tables.CodeAtMark != 0 {
			i, w.comp = w.mark, tables.ComponentPort
		}
		return i, tables.StateError
	}
	if hi&tables.ActScheme != 0 {
		res.SchemeEnd = int32(i)
		res.Parts |= HasScheme
	}
	if hi&tables.ActAuthority != 0 {
		res.AuthorityStart = int32(i + 1)
		res.Parts |= HasAuthority
	}
	if hi&tables.ActColon != 0 {
		w.colon = i
	}
	if hi&tables.ActUserinfo != 0 {
		res.UserinfoEnd = int32(i)
		res.Parts |= HasUserinfo
		w.colon = -1 // a ':' before '@' belongs to iuserinfo
	}
	if hi&tables.ActAuthorityEnd != 0 {
		settleAuthority(w.s, res, w.colon, i)
	}
	if hi&tables.ActQuery != 0 {
		res.PathEnd = int32(i)
		res.QueryStart = int32(i + 1)
		res.Parts |= HasQuery
	}
	if hi&tables.ActFragment != 0 {
		if w.rule.Absolute() {
			return w.fail(i, tables.CodeFragment, tables.ComponentFragment)
		}
		if res.Parts&HasQuery == 0 {
			res.PathEnd = int32(i)
		} else {
			res.QueryEnd = int32(i)
		}
		res.FragmentStart = int32(i + 1)
		res.Parts |= HasFragment
	}
	if hi&tables.ActMark != 0 {
		w.mark = i
	}
	if next == tables.StateDone || hi&tables.ActSub == 0 {
		return i + 1, next
	}

	s := w.s
	switch c {
	case tables.ClassPercent:
		if i+2 >= len(s) || tables.Prod[s[i+1]]&tables.ProdHEXDIG == 0 || tables.Prod[s[i+2]]&tables.ProdHEXDIG == 0 {
			return w.fail(i, tables.CodePercent, tables.StateComponent[next])
		}
		res.Flags |= HasPercent
		return i + 3, next
	case tables.ClassNonASCII:
		return w.nonASCII(res, i, next)
	}
	// The only other sub-step: '[' starts an IP-literal.
	end, kind, bad, code := scanIPLiteral(s, i)
	if code != tables.CodeOK {
		return w.fail(bad, code, tables.ComponentHost)
	}
	res.HostKind = kind
	return end, tables.StateAfterIPLiteral
}

func (w *walker) fail(i int, code, comp uint8) (int, uint16) {
	w.code, w.comp = code, comp
	return i, tables.StateError
}

// nonASCII checks the run of non-ASCII characters at s[i] in state st and,
// when encoding, percent-encodes them. The generator guarantees that st
// keeps itself on further non-ASCII bytes, so the whole run is one step.
func (w *walker) nonASCII(res *Result, i int, st uint16) (int, uint16) {
	s := w.s
	if w.rule.ASCII() {
		return w.fail(i, tables.CodeNonASCII, tables.StateComponent[st])
	}
	res.Flags |= HasNonASCII
	start := i
	for i < len(s) && s[i] >= 0x80 {
		size, cp := decode(s, i)
		switch cp {
		case tables.CPUcschar:
		case tables.CPIprivate:
			if st != tables.StateQuery {
				return w.fail(i, tables.CodePrivate, tables.StateComponent[st])
			}
			res.Flags |= HasIPrivate
		case tables.CPBidi:
			if w.opts&AllowBidi == 0 {
				return w.fail(i, tables.CodeBidi, tables.StateComponent[st])
			}
			res.Flags |= HasBidi
		case tables.CPIllFormed:
			return w.fail(i, tables.CodeUTF8, tables.StateComponent[st])
		default:
			return w.fail(i, tables.CodeCodePoint, tables.StateComponent[st])
		}
		i += size
	}
	if w.enc {
		dst := append(w.dst, s[w.copied:start]...)
		for k := start; k < i; k++ {
			b := s[k]
			dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
		}
		w.dst, w.copied = dst, i
	}
	return i, st
}

// maxLen is the longest input whose offsets fit Result's int32 fields.
const maxLen = 1<<31 - 1

// decode classifies the UTF-8 sequence at s[i] with the generated trie and
// returns its length (1 when ill-formed) and class.
func decode(s string, i int) (int, uint8) {
	lead := s[i]
	e := tables.UTF8Lead[lead]
	if e == tables.CPIllFormed {
		return 1, tables.CPIllFormed
	}
	size := 2
	if lead >= 0xF0 {
		size = 4
	} else if lead >= 0xE0 {
		size = 3
	}
	if i+size > len(s) {
		return 1, tables.CPIllFormed
	}
	for k := i + 1; k < i+size; k++ {
		b := s[k]
		if b&0xC0 != 0x80 {
			return 1, tables.CPIllFormed
		}
		if e >= tables.TrieBlock {
			e = tables.UTF8Trie[int(e-tables.TrieBlock)<<6|int(b&0x3F)]
		}
	}
	return size, e
}

// settleAuthority splits iauthority, which ends at end, into ihost and
// port once its end is known, and names the host kind.
func settleAuthority(s string, res *Result, colon, end int) {
	hs := int(res.AuthorityStart)
	if res.Parts&HasUserinfo != 0 {
		hs = int(res.UserinfoEnd) + 1
	}
	he := end
	if colon >= 0 {
		he = colon
		res.PortStart = int32(colon + 1)
		res.Parts |= HasPort
	}
	res.HostStart, res.HostEnd = int32(hs), int32(he)
	res.PathStart = int32(end)
	if res.HostKind == HostNone {
		res.HostKind = HostRegName
		if isIPv4(s[hs:he]) {
			res.HostKind = HostIPv4
		}
	}
}
