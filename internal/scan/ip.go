package scan

import (
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/tables"
)

// RFC 3986 section 3.2.2: IP-literal, IPv6address, IPvFuture, IPv4address.
// These run over the few bytes of a host, off the common path. Each scan
// stops at the first byte that cannot continue the production (so an error
// offset is the first offending byte) and says whether what came before it
// is complete.

func isDigit(b byte) bool { return tables.Prod[b]&tables.ProdDIGIT != 0 }

// scanIPLiteral checks the IP-literal whose '[' is at s[i]. It returns the
// index after its ']' and the host kind, or the offset of the first
// offending byte and a code.
func scanIPLiteral(s string, i int) (end int, kind uint8, bad int, code uint8) {
	lit := s[i+1:]
	var stop int
	var complete bool
	if len(lit) > 0 && (lit[0] == 'v' || lit[0] == 'V') {
		stop, complete = scanIPvFuture(lit)
		kind = HostIPvFuture
	} else {
		stop, complete = scanIPv6(lit)
		kind = HostIPv6
	}
	j := i + 1 + stop
	switch {
	case complete && j < len(s) && s[j] == ']':
		return j + 1, kind, 0, tables.CodeOK
	case complete && (j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#'):
		return 0, 0, j, tables.CodeIPLiteralEnd
	}
	return 0, 0, j, tables.CodeIPLiteral
}

// checkIPvFuture returns -1 when s is exactly an IPvFuture, otherwise the
// offset of the first byte that cannot continue one (len(s) when it ends
// too soon).
func checkIPvFuture(s string) int {
	if stop, complete := scanIPvFuture(s); stop < len(s) || !complete {
		return stop
	}
	return -1
}

// scanIPvFuture scans an IPvFuture at the start of s.
//
//	IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
func scanIPvFuture(s string) (stop int, complete bool) {
	if len(s) == 0 || s[0] != 'v' && s[0] != 'V' {
		return 0, false
	}
	i := 1
	for i < len(s) && ascii.IsHex(s[i]) {
		i++
	}
	if i == 1 || i == len(s) || s[i] != '.' {
		return i, false
	}
	i++
	start := i
	for i < len(s) && tables.Prod[s[i]]&tables.ProdIPvFuture != 0 {
		i++
	}
	return i, i > start
}

// checkIPv6 returns -1 when s is exactly an IPv6address, otherwise the
// offset of the first byte that cannot continue one (len(s) when it ends
// too soon).
func checkIPv6(s string) int {
	if stop, complete := scanIPv6(s); stop < len(s) || !complete {
		return stop
	}
	return -1
}

// scanIPv6 scans an IPv6address at the start of s. It accepts exactly the
// nine alternatives of the ABNF: eight h16 pieces, the last two possibly
// an IPv4address, or at most seven around one "::" that stands for at
// least one piece.
func scanIPv6(s string) (stop int, complete bool) {
	n := len(s)
	pieces := 0     // h16 pieces so far
	elided := false // "::" seen
	i := 0
	if n > 0 && s[0] == ':' {
		if n == 1 || s[1] != ':' {
			return 1, false // a lone leading ':' must start "::"
		}
		elided, i = true, 2
	}
	for {
		max := 8
		if elided {
			max = 7
		}
		// A piece may start here; after "::" it is optional.
		start := i
		for i < n && i-start < 4 && ascii.IsHex(s[i]) {
			i++
		}
		if i == start {
			return i, elided && (i == 2 || s[i-1] == ':' && s[i-2] == ':')
		}
		if pieces >= max {
			return start, false // no room for another piece
		}
		if i < n && s[i] == '.' {
			// ls32 as IPv4address: the last two pieces, digits so far
			// being its first dec-octet.
			if pieces+2 > max || !elided && pieces != 6 || !isDecOctet(s[start:i]) {
				return i, false
			}
			stop, complete := scanIPv4(s[start:])
			return start + stop, complete
		}
		pieces++
		if i == n {
			return n, elided || pieces == 8
		}
		switch {
		case ascii.IsHex(s[i]):
			return i, false // a fifth hex digit
		case s[i] != ':':
			return i, elided || pieces == 8
		case pieces >= max:
			return i, false // no room for a ':' and another piece
		case i+1 < n && s[i+1] == ':':
			if elided {
				return i + 1, false // a second "::"
			}
			elided = true
			i += 2
			if pieces == 7 {
				return i, true // "::" stands for the eighth piece
			}
		default:
			i++
			if i == n || s[i] == ':' || !ascii.IsHex(s[i]) {
				return i, false // a single ':' needs a piece after it
			}
		}
	}
}

// isDecOctet reports whether s is exactly a dec-octet.
func isDecOctet(s string) bool {
	stop, _ := scanIPv4(s + ".0.0.0")
	return stop >= len(s)+1
}

// isIPv4 reports whether s is exactly an IPv4address.
func isIPv4(s string) bool {
	// Cheap rejection for the common reg-name: it must start with a digit.
	if len(s) < 7 || !isDigit(s[0]) {
		return false
	}
	stop, complete := scanIPv4(s)
	return stop == len(s) && complete
}

// checkIPv4 returns -1 when s is exactly an IPv4address, otherwise the
// offset of the first byte that cannot continue one (len(s) when it ends
// too soon).
func checkIPv4(s string) int {
	if stop, complete := scanIPv4(s); stop < len(s) || !complete {
		return stop
	}
	return -1
}

// scanIPv4 scans an IPv4address at the start of s.
//
//	dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
func scanIPv4(s string) (stop int, complete bool) {
	i := 0
	for octet := 0; octet < 4; octet++ {
		if octet > 0 {
			if i == len(s) || s[i] != '.' {
				return i, false
			}
			i++
		}
		start, v := i, 0
		for i < len(s) && isDigit(s[i]) {
			if i > start && s[start] == '0' {
				return i, octet == 3 // no leading zeros
			}
			v = v*10 + int(s[i]-'0')
			if v > 255 {
				return i, octet == 3
			}
			i++
		}
		if i == start {
			return i, false
		}
	}
	return i, true
}
