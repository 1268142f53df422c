package ascii

// EncodeNonASCII appends s to dst with each byte above 0x7F written as %HH
// (uppercase hex), RFC 3987 section 3.1 step 2 for an input already known
// to be valid (scanner.AppendURI checks it in the same pass). It copies ASCII runs with one append each.
func EncodeNonASCII(dst []byte, s string) []byte {
	copied := 0
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b < 0x80 {
			continue
		}
		if copied < i {
			dst = append(dst, s[copied:i]...)
		}
		dst = AppendPct(dst, b)
		copied = i + 1
	}
	return append(dst, s[copied:]...)
}

// CountNonASCII returns the number of bytes above 0x7F in s, so callers can
// size the output of EncodeNonASCII exactly: len(s) + 2*CountNonASCII(s).
func CountNonASCII(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n += int(s[i] >> 7)
	}
	return n
}
