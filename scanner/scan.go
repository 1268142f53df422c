package scanner

import "github.com/irikit/iri/tables"

// Text is the input of the generic scanner functions.
type Text interface{ ~string | ~[]byte }

// Scan validates s against rule r and returns its component offsets, or
// where it failed. It allocates nothing and runs in time linear in len(s).
func Scan[S Text](s S, r Rule, opts Options) Result {
	_, res := scan(s, r, opts, nil, false)
	return res
}

// Valid reports whether s matches rule r.
func Valid[S Text](s S, r Rule, opts Options) bool {
	_, res := scan(s, r, opts, nil, false)
	return res.Code == CodeOK
}

// AppendURI validates s against rule r and appends to dst its URI form per
// RFC 3987 section 3.1 step 2: each byte of each non-ASCII character
// becomes %HH with uppercase hex; every ASCII byte, existing %HH
// included, is copied as it is. On failure dst is returned unchanged.
// It allocates only when dst must grow.
func AppendURI[S Text](dst []byte, s S, r Rule, opts Options) ([]byte, Result) {
	return scan(s, r, opts, dst, true)
}

const upperHex = "0123456789ABCDEF"

// scan is the single pass behind Scan and AppendURI. When enc is set it
// appends the URI form of s to dst as it goes.
func scan[S Text](s S, rule Rule, opts Options, dst []byte, enc bool) ([]byte, Result) {
	var res Result
	n := len(s)
	res.Len = n
	ascii := rule.ASCII()
	st := rule.start()
	i := 0
	mark := 0   // ActMark: where a port turned out not to be one
	colon := -1 // the ':' that may start port
	copied := 0 // enc: s[:copied] is already in dst
	dst0 := len(dst)
	var code, comp uint8

loop:
	for {
		// Skip the run of bytes that keep the DFA in st.
		stay := uint32(1) << st
		for i < n && tables.Stay[s[i]]&stay != 0 {
			i++
		}
		c := uint8(tables.ClassEnd)
		if i < n {
			c = tables.Class[s[i]]
		}
		e := tables.Trans[int(st)*tables.NumClasses+int(c)]
		next, hi := uint8(e), uint8(e>>8)
		if next == tables.StateError {
			code, comp = hi&^tables.CodeAtMark, tables.StateComponent[st]
			if hi&tables.CodeAtMark != 0 {
				i, comp = mark, tables.ComponentPort
			}
			break loop
		}
		if hi != 0 {
			if hi&tables.ActScheme != 0 {
				res.SchemeEnd = i
				res.Parts |= HasScheme
			}
			if hi&tables.ActAuthority != 0 {
				res.AuthorityStart = i + 1
				res.Parts |= HasAuthority
			}
			if hi&tables.ActColon != 0 {
				colon = i
			}
			if hi&tables.ActUserinfo != 0 {
				res.UserinfoEnd = i
				res.Parts |= HasUserinfo
				colon = -1 // a ':' before '@' belongs to iuserinfo
			}
			if hi&tables.ActAuthorityEnd != 0 {
				settleAuthority(s, &res, colon, i)
			}
			if hi&tables.ActQuery != 0 {
				res.PathEnd = i
				res.QueryStart = i + 1
				res.Parts |= HasQuery
			}
			if hi&tables.ActFragment != 0 {
				if rule.Absolute() {
					code, comp = tables.CodeFragment, tables.ComponentFragment
					break loop
				}
				if res.Parts&HasQuery == 0 {
					res.PathEnd = i
				}
				res.FragmentStart = i + 1
				res.Parts |= HasFragment
			}
			if hi&tables.ActMark != 0 {
				mark = i
			}
		}
		if next == tables.StateDone {
			break loop
		}
		st = next

		switch c {
		case tables.ClassPercent:
			if i+2 >= n || tables.Prod[s[i+1]]&tables.ProdHEXDIG == 0 || tables.Prod[s[i+2]]&tables.ProdHEXDIG == 0 {
				code, comp = tables.CodePercent, tables.StateComponent[st]
				break loop
			}
			res.Flags |= HasPercent
			i += 3
		case tables.ClassNonASCII:
			if ascii {
				code, comp = tables.CodeNonASCII, tables.StateComponent[st]
				break loop
			}
			res.Flags |= HasNonASCII
			// The generator guarantees st keeps itself on further
			// non-ASCII bytes, so the whole run is decoded here.
			for i < n && s[i] >= 0x80 {
				size, cp := decode(s, i)
				switch cp {
				case tables.CPUcschar:
				case tables.CPIprivate:
					if st != tables.StateQuery {
						code = tables.CodePrivate
					}
					res.Flags |= HasIPrivate
				case tables.CPBidi:
					if opts&AllowBidi == 0 {
						code = tables.CodeBidi
					}
					res.Flags |= HasBidi
				case tables.CPIllFormed:
					code = tables.CodeUTF8
				default:
					code = tables.CodeCodePoint
				}
				if code != tables.CodeOK {
					comp = tables.StateComponent[st]
					break loop
				}
				if enc {
					dst = append(dst, s[copied:i]...)
					for k := i; k < i+size; k++ {
						b := s[k]
						dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
					}
					copied = i + size
				}
				i += size
			}
		default:
			if next == tables.StateIPLiteral {
				end, kind, bad, ipcode := scanIPLiteral(s, i)
				if ipcode != tables.CodeOK {
					i, code, comp = bad, ipcode, tables.ComponentHost
					break loop
				}
				res.HostKind = kind
				st = tables.StateAfterIPLiteral
				i = end
				continue
			}
			i++
		}
	}

	if code != tables.CodeOK {
		res.Code, res.Component, res.Offset = Code(code), Component(comp), i
		if enc {
			dst = dst[:dst0]
		}
		return dst, res
	}
	if res.Parts&(HasAuthority|HasScheme) == HasScheme {
		res.PathStart = res.SchemeEnd + 1
	}
	if res.Parts&(HasQuery|HasFragment) == 0 {
		res.PathEnd = n
	}
	if enc {
		dst = append(dst, s[copied:]...)
	}
	return dst, res
}

// decode classifies the UTF-8 sequence at s[i] with the generated trie and
// returns its length (1 when ill-formed) and class.
func decode[S Text](s S, i int) (int, uint8) {
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
func settleAuthority[S Text](s S, res *Result, colon, end int) {
	hs := res.AuthorityStart
	if res.Parts&HasUserinfo != 0 {
		hs = res.UserinfoEnd + 1
	}
	he := end
	if colon >= 0 {
		he = colon
		res.PortStart = colon + 1
		res.Parts |= HasPort
	}
	res.HostStart, res.HostEnd = hs, he
	res.PathStart = end
	if res.HostKind == HostNone {
		res.HostKind = HostRegName
		if isIPv4(s[hs:he]) {
			res.HostKind = HostIPv4
		}
	}
}
