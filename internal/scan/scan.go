package scan

import (
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/simd"
	"github.com/irikit/iri/tables"
)

// ScanTo validates s against rule r and fills *res with its component
// offsets, or where it failed: scanner.Scan for a caller that keeps the
// Result in a larger value, which copying it out would cost (7 % of
// iri.Normalizer.AppendNormalize and of lint on the ascii corpus). opts
// holds scanner.Options, without ValidOnly.
func ScanTo(res *Result, s string, r Rule, opts Options) {
	*res = Result{}
	ScanZeroed(res, s, r, opts)
}

// scanZeroed is ScanZeroed without the block path.
func scanZeroed(res *Result, s string, r Rule, opts Options) {
	Scan(s, r, opts, nil, false, res)
}

// Scan is the single pass behind scanner.Scan, Valid and AppendURI. It fills *res, which
// must be zero. When enc is set it appends the URI form of s to dst as it
// goes.
//
// The loop is kept small on purpose: it skips runs of bytes that keep the
// DFA in its state and takes plain moves itself, recording the offset of
// each delimiter in a slot with a store and no branch. Sub-steps and errors
// are done out of line by walker.step, so the few values the hot loop
// needs stay in registers. Component boundaries are derived from the slots
// once, at the end.
//
// On amd64 with SSSE3 the skipping is assembly (scanLoop, loop_amd64.s):
// 32 bytes a step tested against the state's byte set with two PSHUFB
// nibble lookups (tables.VecSet), two- and three-byte characters whose
// lead byte makes them ucschar checked in the same step; elsewhere, and
// without SSSE3, the Go loop below. The tests run both and require
// identical results on the corpora, on every BMP code point at every
// block offset, on ill-formed UTF-8, at the end of a page followed by an
// unmapped one, and under fuzzing.
//
// The core takes a string; ScanBytes and AppendURIBytes view a []byte as
// one without copying. A generic core over ~string | ~[]byte measured
// about 10 % slower on the ascii corpus.
func Scan(s string, rule Rule, opts Options, dst []byte, enc bool, res *Result) []byte {
	n := len(s)
	if n > maxLen {
		res.Code = tables.CodeTooLong
		return dst
	}
	if rule >= numRules {
		rule = IRIReference
	}
	if enc && (simd.Block || simd.Block256) && n != 0 {
		// The block path checks s; what is left is to encode it.
		if taken, ipv4 := blockScan(res, s, blockMode[rule]); taken {
			if ipv4 {
				hostIPv4(res, s)
			}
			if res.Flags&HasNonASCII == 0 {
				return append(dst, s...)
			}
			return ascii.EncodeNonASCII(dst, s)
		}
	}
	var w walker
	w.s, w.opts, w.enc, w.dst, w.dst0 = s, opts, enc, dst, len(dst)
	st, trans := rule.tables()
	i := 0
	if st != tables.StateRelStart && n >= 8 {
		i, st = w.httpPrefix(0, st, trans)
	}
	if simd.ScanLoop {
		// The same loop in assembly; see scanLoop.
		bt := byteTransOf[rule]
		var nonASCII uint32
		if !enc && !rule.ascii() {
			nonASCII = tables.NonASCIIStay
		}
		for {
			var e uint32
			var high, pct bool
			i, st, e, high, pct = scanLoop(s, i, st, nonASCII, bt, &w.slot)
			if high {
				res.Flags |= HasNonASCII
			}
			if pct {
				res.Flags |= HasPercent
			}
			if e&tables.StateMask == tables.StateDone {
				break
			}
			c := uint8(tables.ClassEnd)
			if i < n {
				c = tables.Class[s[i]]
			}
			if i, st = w.step(res, i, st, c, e); st == tables.StateError {
				break
			}
		}
		return w.end(res, i)
	}
	for {
		// Skip the run of bytes that keep the DFA in st.
		stay := uint32(1) << st
		for i+8 <= n {
			b := s[i : i+8]
			m := tables.Stay[b[0]] & tables.Stay[b[1]] & tables.Stay[b[2]] & tables.Stay[b[3]] &
				tables.Stay[b[4]] & tables.Stay[b[5]] & tables.Stay[b[6]] & tables.Stay[b[7]]
			if m&stay == 0 {
				break
			}
			i += 8
		}
		// Fewer than eight bytes left: if the input's last eight bytes
		// all stay, the run reaches the end. (Bytes before i in that
		// block may not stay in st; then the loop below decides.)
		if i+8 > n && n >= 8 && i < n {
			b := s[n-8:]
			if tables.Stay[b[0]]&tables.Stay[b[1]]&tables.Stay[b[2]]&tables.Stay[b[3]]&
				tables.Stay[b[4]]&tables.Stay[b[5]]&tables.Stay[b[6]]&tables.Stay[b[7]]&stay != 0 {
				i = n
			}
		}
		for i < n && tables.Stay[s[i]]&stay != 0 {
			i++
		}
		c := uint8(tables.ClassEnd)
		if i < n {
			c = tables.Class[s[i]]
		}
		e := trans[int(st)*tables.NumClasses+int(c)]
		// Offsets are stored plus one, so that zero means absent.
		w.slot[e>>tables.SlotShift&tables.SlotMask] = int32(i + 1)
		if e&tables.SlowBit == 0 {
			st = e & tables.StateMask
			i++
			continue
		}
		if e&tables.StateMask == tables.StateDone {
			break
		}
		i, st = w.step(res, i, st, c, e)
		if st == tables.StateError {
			break
		}
	}
	// From here on only w is used, so that the parameters need not stay
	// in registers through the loop.
	return w.end(res, i)
}

// httpPrefix is a shortcut for the most common start of all, "http://"
// and "https://", at s[i], which has eight bytes: it takes the DFA's path
// from st through scheme, ':' and "//" in one step, and the host's first
// byte, which is nearly always a plain move. The result is the same as
// the byte-by-byte walk (the fuzz tests check).
func (w *walker) httpPrefix(i int, st uint32, trans *[tables.NumStates * tables.NumClasses]uint32) (int, uint32) {
	s := w.s
	k := httpLen(s, i)
	if k == 0 {
		return i, st
	}
	// Offsets are stored plus one: the ':' and the second '/'.
	w.slot[tables.SlotScheme], w.slot[tables.SlotAuthority] = int32(i+k-2), int32(i+k)
	st, i = tables.StateAuthStart, i+k
	if i < len(s) {
		if e := trans[int(st)*tables.NumClasses+int(tables.Class[s[i]])]; e&tables.SlowBit == 0 {
			w.slot[e>>tables.SlotShift&tables.SlotMask] = int32(i + 1)
			st = e & tables.StateMask
			i++
		}
	}
	return i, st
}

// httpLen returns the length of the "http://" or "https://" at s[i],
// which has eight bytes, or 0.
func httpLen(s string, i int) int {
	switch {
	case s[i:i+7] == "http://":
		return 7
	case s[i:i+8] == "https://":
		return 8
	}
	return 0
}

// end finishes a scan that stopped at i: it fills *res and returns dst.
func (w *walker) end(res *Result, i int) []byte {
	if w.code != tables.CodeOK {
		*res = Result{Code: w.code, Component: w.comp, Offset: int32(i)}
		if w.enc {
			return w.dst[:w.dst0]
		}
		return w.dst
	}
	if w.opts&ValidOnly == 0 {
		finish(w.s, &w.slot, res)
	}
	if w.enc {
		return append(w.dst, w.s[w.copied:]...)
	}
	return w.dst
}

// walker holds what the scan needs off its hot loop.
type walker struct {
	s      string
	slot   [16]int32 // offset+1 of each tables.Slot* delimiter, 0 if none
	opts   Options
	enc    bool
	dst    []byte
	dst0   int // len(dst) on entry, restored on error
	copied int // enc: s[:copied] is already in dst
	code   uint8
	comp   uint8
}

// finish derives the component boundaries of a valid input s from the
// recorded slots.
func finish(s string, sl *[16]int32, res *Result) {
	n := int32(len(s))
	scheme, auth, user := sl[tables.SlotScheme], sl[tables.SlotAuthority], sl[tables.SlotUserinfo]
	path, query, frag := sl[tables.SlotPath], sl[tables.SlotQuery], sl[tables.SlotFragment]
	var parts uint8
	pathStart := int32(0)
	if scheme != 0 {
		res.SchemeEnd = scheme - 1
		parts |= HasScheme
		pathStart = scheme
	}
	if auth != 0 {
		parts |= HasAuthority
		res.AuthorityStart = auth
		// iauthority ends at the first delimiter after it.
		end := n
		switch {
		case path != 0:
			end = path - 1
		case query != 0:
			end = query - 1
		case frag != 0:
			end = frag - 1
		}
		hs := auth
		if user != 0 {
			parts |= HasUserinfo
			res.UserinfoEnd = user - 1
			hs = user
		}
		he := end
		// A ':' before the '@' belongs to iuserinfo.
		if c := sl[tables.SlotColon]; c > user {
			parts |= HasPort
			res.PortStart = c
			he = c - 1
		}
		res.HostStart, res.HostEnd = hs, he
		if res.HostKind == HostNone {
			res.HostKind = HostRegName
			if he-hs >= 7 && isDigit(s[hs]) && isIPv4(s[hs:he]) {
				res.HostKind = HostIPv4
			}
		}
		pathStart = end
	}
	res.PathStart = pathStart
	pathEnd, queryEnd := n, n
	if frag != 0 {
		parts |= HasFragment
		res.FragmentStart = frag
		queryEnd = frag - 1
		pathEnd = queryEnd
	}
	if query != 0 {
		parts |= HasQuery
		pathEnd = query - 1
		res.QueryStart = query
		res.QueryEnd = queryEnd
	}
	res.PathEnd = pathEnd
	res.Parts = parts
}

// step takes the slow transition e from state st on the byte at i (of
// class c): an error, or a sub-step. It returns where to go on, or
// StateError with w.code set; i is then the error offset.
//
//go:noinline
func (w *walker) step(res *Result, i int, st uint32, c uint8, e uint32) (int, uint32) {
	next := e & tables.StateMask
	if next == tables.StateError {
		code := uint8(e >> tables.CodeShift)
		comp := uint8(tables.StateComponent[st])
		switch {
		case code&tables.CodeAtMark != 0:
			i, comp = int(w.slot[tables.SlotMark]-1), tables.ComponentPort
		case code == tables.CodeFragment:
			comp = tables.ComponentFragment
		}
		return w.fail(i, code&^tables.CodeAtMark, comp)
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

func (w *walker) fail(i int, code, comp uint8) (int, uint32) {
	w.code, w.comp = code, comp
	return i, tables.StateError
}

// nonASCII checks the run of non-ASCII characters at s[i] in state st and,
// when encoding, percent-encodes them. When only validating, the run also
// takes in the ASCII bytes that keep st. The generator guarantees that st
// keeps itself on further non-ASCII bytes, so the whole run is one step.
func (w *walker) nonASCII(res *Result, i int, st uint32) (int, uint32) {
	s := w.s
	res.Flags |= HasNonASCII
	start := i
	stay := uint32(1) << st
	for i < len(s) {
		// ASCII bytes that keep st are part of the run too: words of
		// non-ASCII text joined by '_' or '-' take one step, not one each.
		if s[i] < 0x80 {
			if w.enc || tables.Stay[s[i]]&stay == 0 {
				break // encoding wants pure runs: see below
			}
			i++
			continue
		}
		// Fast path: a well-formed ucschar, two or three bytes being
		// nearly every non-ASCII character in practice.
		if lead := s[i]; lead >= 0xC2 && lead < 0xF0 && i+2 < len(s) {
			e := tables.UTF8Lead[lead]
			b1, b2 := s[i+1], s[i+2]
			if lead < 0xE0 {
				if b1^0x80 < 0x40 {
					if e >= tables.TrieBlock {
						e = tables.TrieNext(e, b1)
					}
					if e == tables.CPUcschar {
						i += 2
						continue
					}
				}
			} else if (b1^0x80)|(b2^0x80) < 0x40 {
				if e >= tables.TrieBlock {
					e = tables.TrieNext(e, b1)
					if e >= tables.TrieBlock {
						e = tables.TrieNext(e, b2)
					}
				}
				if e == tables.CPUcschar {
					i += 3
					continue
				}
			}
		} else if lead >= 0xF0 && i+3 < len(s) {
			// Four bytes: the supplementary planes.
			e := tables.UTF8Lead[lead]
			b1, b2, b3 := s[i+1], s[i+2], s[i+3]
			if e >= tables.TrieBlock && (b1^0x80)|(b2^0x80)|(b3^0x80) < 0x40 {
				e = tables.TrieNext(e, b1)
				if e >= tables.TrieBlock {
					e = tables.TrieNext(e, b2)
					if e >= tables.TrieBlock {
						e = tables.TrieNext(e, b3)
					}
				}
				if e == tables.CPUcschar {
					i += 4
					continue
				}
			}
		}
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
			dst = ascii.AppendPct(dst, b)
		}
		w.dst, w.copied = dst, i
	}
	return i, st
}

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
			e = tables.TrieNext(e, b)
		}
	}
	if e == tables.CPIllFormed {
		return 1, tables.CPIllFormed
	}
	return size, e
}
