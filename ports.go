package iri

import (
	"errors"
	"maps"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/scanner"
)

// The default ports of scheme-based normalization (RFC 3986 6.2.3). The
// table is copied on write, so that normalizing, which reads it on every
// call, takes no lock and never races with RegisterDefaultPort.
var (
	defaultPorts atomic.Pointer[map[string]string]
	portsMu      sync.Mutex // serializes RegisterDefaultPort
)

func init() {
	m := map[string]string{
		"http":  "80",
		"https": "443",
		"ws":    "80",
		"wss":   "443",
		"ftp":   "21",
	}
	defaultPorts.Store(&m)
}

// DefaultPort returns the port that scheme-based normalization drops for
// scheme (any case), and whether the scheme has one: "80" for http and ws,
// "443" for https and wss, "21" for ftp, and whatever RegisterDefaultPort
// added.
func DefaultPort(scheme string) (string, bool) {
	var buf [32]byte
	if len(scheme) > len(buf) {
		return "", false
	}
	p, ok := (*defaultPorts.Load())[string(ascii.AppendLower(buf[:0], scheme))]
	return p, ok
}

// IsDefaultPort reports whether port is the default port of scheme (any
// case), as scheme-based normalization compares them: leading zeros make
// no other port (":080" is 80).
func IsDefaultPort(scheme, port string) bool {
	def, ok := DefaultPort(scheme)
	return ok && samePort(port, def)
}

// DefaultPorts returns a copy of the table of default ports, by lowercase
// scheme. Changing the copy changes nothing; use RegisterDefaultPort.
func DefaultPorts() map[string]string { return maps.Clone(*defaultPorts.Load()) }

// RegisterDefaultPort makes port the default port of scheme (any case) for
// every Normalizer without its own Ports, and for Lint's default-port
// check. It is safe to call while other goroutines normalize; those that
// are running may still see the table as it was. The scheme must match
// the scheme rule and be at most 32 bytes long; the port must be 1 to 5
// decimal digits.
func RegisterDefaultPort(scheme, port string) error {
	if len(scheme) > 32 || !isScheme(scheme) {
		return errors.New("iri: RegisterDefaultPort: " + strconv.Quote(scheme) + " is not a scheme of at most 32 bytes (RFC 3986 3.1)")
	}
	if len(port) == 0 || len(port) > 5 || !allDigits(port) {
		return errors.New("iri: RegisterDefaultPort: " + strconv.Quote(port) + " is not a port of 1 to 5 digits")
	}
	portsMu.Lock()
	defer portsMu.Unlock()
	m := maps.Clone(*defaultPorts.Load())
	m[string(ascii.AppendLower(nil, scheme))] = port
	defaultPorts.Store(&m)
	return nil
}

// isScheme reports whether s matches scheme = ALPHA *( ALPHA / DIGIT /
// "+" / "-" / "." ).
func isScheme(s string) bool {
	r := scanner.Scan(s+":", scanner.AbsoluteURI, 0)
	return r.OK() && int(r.SchemeEnd) == len(s)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
