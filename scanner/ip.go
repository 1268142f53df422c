package scanner

import "github.com/irikit/iri/tables"

// RFC 3986 section 3.2.2: IP-literal, IPv6address, IPvFuture, IPv4address.
// These run over the few bytes of a host, off the common path.

func isHex(b byte) bool   { return tables.Prod[b]&tables.ProdHEXDIG != 0 }
func isDigit(b byte) bool { return tables.Prod[b]&tables.ProdDIGIT != 0 }

// scanIPLiteral checks the IP-literal whose '[' is at s[i]. It returns the
// index after its ']' and the host kind, or the offset of the first
// offending byte and a code.
func scanIPLiteral(s string, i int) (end int, kind HostKind, bad int, code uint8) {
	j := i + 1
	for j < len(s) && tables.Prod[s[j]]&tables.ProdIPvFuture != 0 {
		j++
	}
	if j == len(s) || s[j] != ']' {
		if j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#' {
			return 0, 0, j, tables.CodeIPLiteralEnd
		}
		return 0, 0, j, tables.CodeIPLiteral
	}
	lit := s[i+1 : j]
	if len(lit) > 0 && (lit[0] == 'v' || lit[0] == 'V') {
		if k := checkIPvFuture(lit); k >= 0 {
			return 0, 0, i + 1 + k, tables.CodeIPLiteral
		}
		return j + 1, HostIPvFuture, 0, tables.CodeOK
	}
	if k := checkIPv6(lit); k >= 0 {
		return 0, 0, i + 1 + k, tables.CodeIPLiteral
	}
	return j + 1, HostIPv6, 0, tables.CodeOK
}

// checkIPvFuture returns -1 when s is an IPvFuture, otherwise the offset of
// the first byte that cannot continue one.
//
//	IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
func checkIPvFuture(s string) int {
	i := 1 // s[0] is 'v' or 'V'
	for i < len(s) && isHex(s[i]) {
		i++
	}
	if i == 1 || i == len(s) || s[i] != '.' {
		return i
	}
	i++
	if i == len(s) {
		return i
	}
	// The caller has already checked every byte against ProdIPvFuture.
	return -1
}

// checkIPv6 returns -1 when s is an IPv6address, otherwise the offset of
// the first byte that cannot continue one (len(s) when it ends too soon).
// It accepts exactly the nine alternatives of the ABNF: eight h16 pieces
// (the last two possibly an IPv4address), or fewer around one "::" that
// stands for at least one piece.
func checkIPv6(s string) int {
	n := len(s)
	pieces := 0     // h16 pieces so far, an IPv4address counting two
	elided := false // "::" seen
	i := 0
	if n >= 2 && s[0] == ':' && s[1] == ':' {
		elided = true
		i = 2
		if i == n {
			return -1 // "::"
		}
	}
	for {
		max := 8
		if elided {
			max = 7
		}
		if pieces >= max {
			return i
		}
		j := i
		for j < n && j-i < 4 && isHex(s[j]) {
			j++
		}
		if j < n && s[j] == '.' {
			// ls32 as IPv4address: only as the last two pieces.
			if pieces+2 > max || (!elided && pieces != 6) {
				return i
			}
			if k := checkIPv4(s[i:]); k >= 0 {
				return i + k
			}
			return -1
		}
		if j == i {
			return i // expected h16
		}
		pieces++
		if j == n {
			break
		}
		if s[j] != ':' {
			return j
		}
		if j+1 < n && s[j+1] == ':' {
			if elided {
				return j + 1
			}
			elided = true
			if pieces > 7 {
				return j
			}
			i = j + 2
			if i == n {
				return -1
			}
			continue
		}
		i = j + 1
		if i == n {
			return n // a lone trailing ':'
		}
	}
	if !elided && pieces != 8 {
		return n
	}
	return -1
}

// isIPv4 reports whether s is exactly an IPv4address.
func isIPv4(s string) bool {
	// Cheap rejection for the common reg-name: it must start with a digit.
	if len(s) < 7 || !isDigit(s[0]) {
		return false
	}
	return checkIPv4(s) < 0
}

// checkIPv4 returns -1 when s is an IPv4address, otherwise the offset of
// the first byte that cannot continue one.
//
//	dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
func checkIPv4(s string) int {
	i := 0
	for octet := 0; octet < 4; octet++ {
		if octet > 0 {
			if i == len(s) || s[i] != '.' {
				return i
			}
			i++
		}
		start, v := i, 0
		for i < len(s) && isDigit(s[i]) {
			if i > start && s[start] == '0' {
				return i // no leading zeros
			}
			v = v*10 + int(s[i]-'0')
			if v > 255 {
				return i
			}
			i++
		}
		if i == start {
			return i
		}
	}
	if i != len(s) {
		return i
	}
	return -1
}
