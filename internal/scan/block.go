package scan

import (
	"math/bits"

	"github.com/irikit/iri/internal/simd"
	"github.com/irikit/iri/tables"
)

// The block path settles a reference from bit masks, 64 bytes at a time,
// instead of walking the DFA: a vector step turns a block into a mask per
// byte class (classifyGo is its Go form), and a few dozen integer
// operations on the masks find the components and check them. It takes
// what nearly every real reference is made of, and leaves the rest to the
// DFA by declining (a zero head) before anything is written:
//
//   - any byte allowed in no component, including the brackets of an IP
//     literal, so every error and every IP literal;
//   - non-ASCII text but for well-formed characters whose lead byte is
//     C2-DF, E0, E1 or E3-ED (all ucschar, none a bidi formatting
//     character: the generator checks), so iprivate, bidi controls and
//     the four-byte characters;
//   - a scheme or authority that does not end in the first block.
//
// Where it does not decline, its Result is the DFA's (the tests compare
// the two on the corpora, at every block offset and under fuzzing). The
// rules are those of RFC 3986 Appendix B, which the grammar agrees with
// once every byte is allowed where it stands: the fragment after the
// first '#', the query after the first '?' before it, a scheme before the
// first ':' if no '/', '?' or '#' comes first, and an authority after a
// "//" that starts the rest, up to the next of those three. Outside the
// scheme, the authority and the port, every byte the block path lets
// through is allowed, so only those need a closer look.

// blockMasks is a block of up to 64 bytes as masks: bit k stands for byte
// k, and bytes past the end of the input read as NUL.
type blockMasks struct {
	// delim holds the ASCII bytes with each bit of tables.BlockDelim,
	// class the bytes with each bit of tables.BlockClass, by bit number.
	delim, class [8]uint64
	high         uint64 // bytes >= 0x80
}

// blockSize is the number of bytes of a block.
const blockSize = 64

// classifyGo fills *m with the masks of the n bytes at s[i:], n in 1..64.
func classifyGo(s string, i, n int, m *blockMasks) {
	*m = blockMasks{}
	for k := range blockSize {
		var b byte
		if k < n {
			b = s[i+k]
		}
		var d uint8
		if b < 0x80 {
			d = tables.BlockDelim[b]
		} else {
			m.high |= 1 << k
		}
		c := tables.BlockClass[b]
		for j := range 8 {
			m.delim[j] |= uint64(d>>j&1) << k
			m.class[j] |= uint64(c>>j&1) << k
		}
	}
}

// below returns the mask of the bits under bit k, k in 0..64.
func below(k int) uint64 { return 1<<uint(k) - 1 }

// The rule as the block path needs it: a mask of these.
const (
	modeNoScheme   = 1 << iota // irelative-ref, relative-ref
	modeNeedScheme             // IRI, absolute-IRI, URI, absolute-URI
	modeNoFragment             // absolute-IRI, absolute-URI
	modeASCII                  // the RFC 3986 rules
	modeLine                   // ScanLookLine: s ends at its first LF (blockPathLook only)
)

// modeLineBit is modeLine's bit, for BTRQ.
const modeLineBit = 4

var blockMode = [numRules]uint32{
	IRIReference: 0,
	IRI:          modeNeedScheme,
	AbsoluteIRI:  modeNeedScheme | modeNoFragment,
	IRelativeRef: modeNoScheme,
	URIReference: modeASCII,
	URI:          modeASCII | modeNeedScheme,
	AbsoluteURI:  modeASCII | modeNeedScheme | modeNoFragment,
	RelativeRef:  modeASCII | modeNoScheme,
}

// A block path's answer is three words: head, and the offsets of the
// first '?' before the first '#' and of that '#' (-1 if none). head is
// zero when the path declines; otherwise it packs these, each a byte,
// offsets as the DFA records them (plus one, zero if none), all in the
// first block:
const (
	headOK        = 0  // bit 0: set
	headFlags     = 1  // bits 1-2: HasNonASCII, HasPercent
	headDigit     = 3  // bit 3: the host starts with a digit (it may be an IPv4address)
	headScheme    = 8  // the ':' after the scheme
	headAuthority = 16 // the second '/' of the "//" before the authority
	headUserinfo  = 24 // the '@' after the userinfo
	headPort      = 32 // the ':' before the port
	headAuthEnd   = 40 // where the authority ends
	headLookPct   = 48 // in blockPathLook: a %HH to normalize (ascii.LookPct)
)

// blockGo is the block path in Go, the reference for block512: the same
// answer for s, not empty, under the rule of mode.
func blockGo(s string, mode uint32) (head uint64, query, frag int) {
	n := len(s)
	var m blockMasks
	k := min(n, blockSize)
	classifyGo(s, 0, k, &m)
	d, c := &m.delim, &m.class
	// The classes of ASCII bytes and those of the others share bits.
	ascii := func(bit int) uint64 { return c[bit] &^ m.high }
	high := func(bit int) uint64 { return c[bit] & m.high }
	if d[tables.BlockBad]&below(k) != 0 {
		return 0, 0, 0
	}
	more := n > k
	delims := d[tables.BlockStop]
	first, colon := bits.TrailingZeros64(delims), bits.TrailingZeros64(d[tables.BlockColon])
	p := 0 // where the hierarchical part starts
	switch {
	case colon < first:
		// A scheme, or an error.
		if mode&modeNoScheme != 0 || tables.Prod[s[0]]&tables.ProdALPHA == 0 || d[tables.BlockScheme]&below(colon) != below(colon) {
			return 0, 0, 0
		}
		p = colon + 1
		head |= uint64(p) << headScheme
	case first == blockSize && more:
		return 0, 0, 0 // a scheme may end past the block
	case mode&modeNeedScheme != 0:
		return 0, 0, 0
	}
	if p+2 > k {
		if more {
			return 0, 0, 0 // "//" may start the authority past the block
		}
	} else if s[p] == '/' && s[p+1] == '/' {
		a := p + 2
		head |= uint64(a) << headAuthority
		end := blockSize
		if a < blockSize {
			end = bits.TrailingZeros64(delims >> uint(a) << uint(a))
		}
		if end == blockSize {
			if more {
				return 0, 0, 0
			}
			end = n
		}
		head |= uint64(end+1) << headAuthEnd
		auth := below(end) &^ below(a)
		host := a
		if at := ascii(tables.BlockAt) & auth; at != 0 {
			if at&(at-1) != 0 {
				return 0, 0, 0 // '@' in the host
			}
			host = bits.TrailingZeros64(at) + 1
			head |= uint64(host) << headUserinfo
		}
		if host < end && s[host]-'0' < 10 {
			head |= 1 << headDigit
		}
		if colon := d[tables.BlockColon] & auth &^ below(host); colon != 0 {
			port := bits.TrailingZeros64(colon) + 1
			head |= uint64(port) << headPort
			if auth&^below(port)&^ascii(tables.BlockDigit) != 0 {
				return 0, 0, 0
			}
		}
	}

	// What is left is the same for every block: the bytes, the
	// percent-encodings and the characters, and where '?' and '#' are.
	query, frag = -1, -1
	for base := 0; ; {
		lead, lead3 := high(tables.BlockLead), high(tables.BlockLead3)
		pct := ascii(tables.BlockPct)
		// Bits [0, cut) are this block's; a '%' in the last two bytes or
		// a character that runs past the block starts the next one.
		tail := pct&(3<<62) | lead&(1<<63) | lead3&(3<<62)
		cut := k
		if base+k < n {
			cut = bits.TrailingZeros64(tail) // k is 64
		} else if tail != 0 {
			return 0, 0, 0 // cut short by the end
		}
		if d[tables.BlockBad]&below(k) != 0 {
			return 0, 0, 0
		}
		if pct &= below(cut); pct != 0 {
			if (pct<<1|pct<<2)&^ascii(tables.BlockHex) != 0 {
				return 0, 0, 0
			}
			head |= HasPercent << headFlags
		}
		if m.high != 0 {
			// Every byte >= 0x80 a continuation byte where, and only
			// where, a lead calls for one, and the lead's next byte in
			// its range.
			contHi := high(tables.BlockContHi)
			if mode&modeASCII != 0 || high(tables.BlockOther) != 0 || lead<<1|lead3<<2 != m.high&^lead ||
				high(tables.BlockNeedHi)<<1&^contHi != 0 || high(tables.BlockNeedLo)<<1&contHi != 0 {
				return 0, 0, 0
			}
			head |= HasNonASCII << headFlags
		}
		if h := d[tables.BlockHash] & below(cut); h != 0 {
			if frag >= 0 || h&(h-1) != 0 || mode&modeNoFragment != 0 {
				return 0, 0, 0 // a second '#', or a fragment the rule forbids
			}
			at := bits.TrailingZeros64(h)
			if q := d[tables.BlockQuestion] & below(at); query < 0 && q != 0 {
				query = base + bits.TrailingZeros64(q)
			}
			frag = base + at
		} else if q := d[tables.BlockQuestion] & below(cut); query < 0 && frag < 0 && q != 0 {
			query = base + bits.TrailingZeros64(q)
		}
		base += cut
		if base >= n {
			break
		}
		k = min(n-base, blockSize)
		classifyGo(s, base, k, &m)
	}
	return head | 1<<headOK, query, frag
}

// blockAsm is the block path in assembly: block512 where simd.Block is
// set, else block256 (simd.Block256 must be).
func blockAsm(s string, mode uint32) (head uint64, query, frag int) {
	if simd.Block {
		return block512(s, mode)
	}
	return block256(s, mode)
}

// blockResult fills *res, which is zero, from the block path's answer
// for s: the reference for blockWrite, by way of the slots the DFA would
// have recorded and its finish.
func blockResult(s string, head uint64, query, frag int, res *Result) {
	res.Flags = uint8(head>>headFlags) & (HasNonASCII | HasPercent)
	var sl [16]int32
	sl[tables.SlotScheme] = int32(uint8(head >> headScheme))
	sl[tables.SlotAuthority] = int32(uint8(head >> headAuthority))
	sl[tables.SlotUserinfo] = int32(uint8(head >> headUserinfo))
	sl[tables.SlotColon] = int32(uint8(head >> headPort))
	if end := int(uint8(head>>headAuthEnd)) - 1; end >= 0 && end < len(s) && s[end] == '/' {
		sl[tables.SlotPath] = int32(end + 1)
	}
	sl[tables.SlotQuery] = int32(query + 1)
	sl[tables.SlotFragment] = int32(frag + 1)
	finish(s, &sl, res)
}

// hostIPv4 makes the host of a Result the block path wrote an IPv4 host
// where it is one.
func hostIPv4(res *Result, s string) {
	if hs, he := res.HostStart, res.HostEnd; isIPv4(s[hs:he]) {
		res.HostKind = HostIPv4
	}
}
