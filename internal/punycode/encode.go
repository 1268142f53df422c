package punycode

// AppendEncoded appends to dst the Punycode of the code points rs (an
// A-label without its "xn--"), following the encoding procedure of
// RFC 3492 6.3 with its overflow checks, and reports whether it did. It
// refuses, appending nothing, when the encoding would take more than max
// octets, which it sees before the main loop when the label has too many
// code points and as soon as the output passes max otherwise, so a caller that bounds a DNS
// label to 63 octets bounds the work too; when a code point is a
// surrogate or beyond U+10FFFF; and on overflow, which no such bound
// lets happen. Basic code points are copied as they are; digits are
// lowercase, as x/net/idna writes them.
func AppendEncoded(dst []byte, rs []rune, max int) ([]byte, bool) {
	const maxInt32 = 1<<31 - 1
	start := len(dst)
	// The basic code points, with the smallest other code point found on
	// the way, and then the delimiter.
	basic := 0
	m := rune(maxInt32)
	for _, c := range rs {
		switch {
		case uint32(c) < 0x80:
			dst = append(dst, byte(c))
			basic++
		case c < 0 || c > 0x10FFFF || 0xD800 <= c && c <= 0xDFFF:
			return dst[:start], false
		case c < m:
			m = c
		}
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	// Each other code point takes at least one digit.
	if len(dst)-start+len(rs)-basic > max {
		return dst[:start], false
	}
	limit := start + max
	n, delta, bias := rune(pcInitialN), int32(0), int32(pcInitialBias)
	for h := basic; h < len(rs); {
		// m is the smallest code point >= n, which the pass over rs
		// before this one found.
		d := int64(delta) + int64(m-n)*int64(h+1)
		if d > maxInt32 {
			return dst[:start], false
		}
		delta, n, m = int32(d), m, maxInt32
		for _, c := range rs {
			if c < n {
				if delta == maxInt32 {
					return dst[:start], false
				}
				delta++
				continue
			}
			if c > n {
				m = min(m, c)
				continue
			}
			// Write delta as a generalized variable-length integer, in
			// unsigned arithmetic (delta >= 0), whose division is the
			// cheaper one.
			q := uint32(delta)
			for k := int32(pcBase); ; k += pcBase {
				t := k - bias
				switch {
				case t < pcTMin:
					t = pcTMin
				case t > pcTMax:
					t = pcTMax
				}
				if q < uint32(t) {
					break
				}
				r := pcBase - uint32(t)
				dst = append(dst, digitChars[uint32(t)+(q-uint32(t))%r])
				q = (q - uint32(t)) / r
			}
			dst = append(dst, digitChars[q])
			if len(dst) > limit {
				return dst[:start], false
			}
			bias = punyAdapt(delta, int32(h+1), h == basic)
			delta = 0
			h++
		}
		if delta == maxInt32 {
			return dst[:start], false
		}
		delta++
		n++
	}
	return dst, true
}

// digitChars holds the lowercase Punycode digits, 0 to 35: a-z, then 0-9.
const digitChars = "abcdefghijklmnopqrstuvwxyz0123456789"
