// Package punycode encodes and decodes the Punycode of RFC 3492 without
// allocating and in bounded time: the encoder for the fast path of IDNA
// ToASCII (package labels), the decoder for the linter's checks of
// A-labels. Both work on one DNS label, at most 63 code points, which
// fit on the stack; x/net/idna's forms allocate, and its encoder's cost
// grows with the length times the distinct code points of whatever it
// is given. x/net stays the reference the tests compare both with, and
// decodes where an allocation does not matter.
package punycode

import "unicode/utf8"

// Punycode parameters (RFC 3492 5).
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

// AppendDecoded appends to dst the UTF-8 of the code points the
// Punycode string p (an A-label without its "xn--") encodes, following
// the decoding procedure of RFC 3492 6.2 with its overflow checks. ok is
// false when p is no Punycode, decodes to a surrogate or beyond
// U+10FFFF, or encodes no non-ASCII code point, which no A-label does.
// x/net/idna decodes as well, but allocates; Lint must not on clean
// input, and a label decodes to at most 63 code points, which fit on the
// stack. It reads all of p before it appends, so p may lie in dst's
// array.
func AppendDecoded(dst []byte, p string) ([]byte, bool) {
	var out [63]rune
	n := 0
	basic := 0
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '-' {
			basic = i
			break
		}
	}
	if basic > len(out) {
		return dst, false
	}
	for i := 0; i < basic; i++ {
		if p[i] >= 0x80 {
			return dst, false
		}
		out[n] = rune(p[i])
		n++
	}
	in := 0
	if basic > 0 {
		in = basic + 1
	}
	code, bias, i := rune(pcInitialN), int32(pcInitialBias), int32(0)
	added := false
	for in < len(p) {
		oldi, w := i, int32(1)
		for k := int32(pcBase); ; k += pcBase {
			if in >= len(p) {
				return dst, false
			}
			digit, ok := punyDigit(p[in])
			in++
			if !ok || digit > (1<<31-1-i)/w {
				return dst, false
			}
			i += digit * w
			t := k - bias
			switch {
			case t < pcTMin:
				t = pcTMin
			case t > pcTMax:
				t = pcTMax
			}
			if digit < t {
				break
			}
			if w > (1<<31-1)/(pcBase-t) {
				return dst, false
			}
			w *= pcBase - t
		}
		if n >= len(out) {
			return dst, false
		}
		bias = punyAdapt(i-oldi, int32(n+1), oldi == 0)
		if i/int32(n+1) > 0x10FFFF-code {
			return dst, false
		}
		code += i / int32(n+1)
		i %= int32(n + 1)
		if code < 0x80 || 0xD800 <= code && code <= 0xDFFF {
			return dst, false
		}
		copy(out[i+1:n+1], out[i:n])
		out[i] = code
		n++
		i++
		added = true
	}
	if !added {
		return dst, false
	}
	for _, r := range out[:n] {
		dst = utf8.AppendRune(dst, r)
	}
	return dst, true
}

// punyDigit returns the value of a Punycode digit: a-z (in any case) are
// 0-25, 0-9 are 26-35.
func punyDigit(c byte) (int32, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int32(c - 'a'), true
	case 'A' <= c && c <= 'Z':
		return int32(c - 'A'), true
	case '0' <= c && c <= '9':
		return int32(c-'0') + 26, true
	}
	return 0, false
}

// punyAdapt is the bias adaptation of RFC 3492 6.1.
func punyAdapt(delta, points int32, first bool) int32 {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := int32(0)
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + int32(adaptTail[delta])
}

// adaptTail holds the last term of the bias adaptation, (base - tmin +
// 1) * delta / (delta + skew), for each delta the loop before it leaves
// (at most (base - tmin) * tmax / 2): a load where the encoder and
// decoder would wait on a division for each code point.
var adaptTail = func() (t [(pcBase-pcTMin)*pcTMax/2 + 1]uint8) {
	for d := range t {
		t[d] = uint8((pcBase - pcTMin + 1) * d / (d + pcSkew))
	}
	return t
}()
