package hostile

import (
	"strconv"
	"sync"
	"testing"

	"github.com/irikit/iri"
)

// TestConcurrent runs every entry point from several goroutines at once,
// on small hostile references and ordinary ones, while the default-port
// table changes, and checks that each gives what it gives alone. Under
// go test -race it is the proof that they are safe for concurrent use.
func TestConcurrent(t *testing.T) {
	inputs := []string{
		"http://user@例え.jp:80/パス/../a?q=値#節", "HTTP://Example.COM:443/%7e/./x", "https://ÉVIL_x\uFF0Ecom/",
		"//[v1.x]:8/a", "a/b/../\u2025/c", "xn--bcher-kva.example", "mailto:a@b", "http://xn--pypal-4ve.example/",
	}
	for _, fam := range Families {
		inputs = append(inputs, fam.Make(300))
	}
	want := make([][]int, len(Entries))
	for i, e := range Entries {
		for _, s := range inputs {
			want[i] = append(want[i], e.Run(s))
		}
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each goroutine starts at another entry, so that different
			// entry points overlap.
			for k := range Entries {
				i := (k + g*len(Entries)/4) % len(Entries)
				for j, s := range inputs {
					if got := Entries[i].Run(s); got != want[i][j] {
						t.Errorf("%s(%q) = %d run concurrently, %d alone", Entries[i].Name, s, got, want[i][j])
					}
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 100; i++ {
			if err := iri.RegisterDefaultPort("concurrent"+strconv.Itoa(i%5), "1"+strconv.Itoa(i)); err != nil {
				t.Error(err)
			}
		}
	}()
	wg.Wait()
}
