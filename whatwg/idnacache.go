package whatwg

import (
	"hash/maphash"
	"sync/atomic"
)

// The domain parser's UTS 46 steps go through x/net/idna, which
// allocates. Hosts repeat (a crawl list names a few thousand hosts
// millions of times), so the last result for each of a few hundred
// domains is kept: a hit costs a hash and no allocation, and a URL whose
// IDN host was seen is parsed with the one allocation of its href.

// idnaResult is what the domain parser's UTS 46 steps make of a domain.
type idnaResult struct {
	domain string // the key: the percent-decoded domain, or one A-label
	ascii  string // the lenient ToASCII, when ok
	ok     bool   // the lenient ToASCII succeeded
	strict bool   // the strict one did too (no domain-to-ASCII warning)
}

// idnaCacheSize is the number of slots, a power of two; maxCached the
// longest domain kept, so that the cache holds at most about 256 KiB and
// a hostile host of megabytes is not kept alive.
const (
	idnaCacheSize = 512
	maxCached     = 253
)

var (
	idnaCache [idnaCacheSize]atomic.Pointer[idnaResult]
	idnaSeed  = maphash.MakeSeed()
)

// toASCII returns the lenient and strict readings of the non-ASCII
// domain d, from the cache or x/net/idna.
func toASCII(d string) *idnaResult {
	slot := &idnaCache[maphash.String(idnaSeed, d)&(idnaCacheSize-1)]
	if r := slot.Load(); r != nil && r.domain == d {
		return r
	}
	r := &idnaResult{domain: d}
	if a, err := uts46.ToASCII(d); err == nil {
		r.ascii, r.ok = a, true
		_, err := uts46Strict.ToASCII(d)
		r.strict = err == nil
	}
	if len(d) <= maxCached {
		// d may view a buffer that is reused: the key is a copy.
		r.domain = string([]byte(d))
		slot.Store(r)
	}
	return r
}

// strictALabel reports whether the strict ToASCII accepts the A-label
// l, from the cache or x/net/idna.
func strictALabel(l string) bool {
	slot := &idnaCache[maphash.String(idnaSeed, l)&(idnaCacheSize-1)]
	if r := slot.Load(); r != nil && r.domain == l && r.ascii == l {
		return r.strict
	}
	_, err := uts46Strict.ToASCII(l)
	if len(l) <= maxCached {
		k := string([]byte(l))
		slot.Store(&idnaResult{domain: k, ascii: k, ok: true, strict: err == nil})
	}
	return err == nil
}
