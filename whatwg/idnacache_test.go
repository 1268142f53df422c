package whatwg

import (
	"strconv"
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
