package whatwg

import (
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The cache gives what x/net/idna gives (for an ASCII domain, the
// domain, and its strict verdict as the warning), with more domains than
// slots, read again and from several goroutines at once.
func TestIDNACache(t *testing.T) {
	var hosts []string
	for i := range 3 * idnaCacheSize {
		hosts = append(hosts, "bücher"+strconv.Itoa(i)+".example", "xn--bcher-kva"+strconv.Itoa(i%7)+".example")
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 2 {
				for i := g; i < len(hosts); i += 2 {
					h := hosts[i]
					u, err := Parse("https://" + h + "/")
					want, werr := uts46.ToASCII(h)
					if isASCII(h) {
						want, werr = h, nil // an ASCII domain is kept as it is
					}
					if (err == nil) != (werr == nil) || err == nil && u.Hostname() != want {
						t.Errorf("round %d, %q: %q %v, x/net %q %v", round, h, u.Hostname(), err, want, werr)
						return
					}
					_, serr := uts46Strict.ToASCII(h)
					warned := len(u.Warnings()) > 0
					if err == nil && warned != (serr != nil) {
						t.Errorf("round %d, %q: warnings %v, strict x/net %v", round, h, u.Warnings(), serr)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// strictASCIIDomain is UTS 46's strict ToASCII verdict on a lowercase
// ASCII domain, without x/net/idna but for A-labels: on 20,000 random
// domains of the letters that matter it agrees with x/net/idna.
func TestStrictASCIIDomain(t *testing.T) {
	const alphabet = "ab-.0xn"
	rnd := uint64(1)
	next := func() int {
		rnd ^= rnd << 13
		rnd ^= rnd >> 7
		rnd ^= rnd << 17
		return int(rnd >> 33)
	}
	in := []string{"", ".", "a", "a.", "a..b", "-a", "a-", "ab--c", "xn--bcher-kva", "xn--a", "xn--", "a.b.c.", strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a.", 126) + "a", strings.Repeat("a.", 127)}
	for range 20000 {
		b := make([]byte, 1+next()%12)
		for i := range b {
			b[i] = alphabet[next()%len(alphabet)]
		}
		in = append(in, string(b))
	}
	for _, d := range in {
		_, err := uts46Strict.ToASCII(d)
		if strings.HasSuffix(d, "..") {
			// x/net/idna passes over every empty label at the end where
			// VerifyDnsLength allows only the root's: "b.." is refused
			// here, as UTS 46 says.
			if strictASCIIDomain(d) {
				t.Errorf("%q: passes", d)
			}
			continue
		}
		if got := strictASCIIDomain(d); got != (err == nil) {
			t.Errorf("%q: %v, x/net/idna says %v", d, got, err)
		}
	}
}
