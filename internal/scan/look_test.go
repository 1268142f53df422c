package scan

import (
	"strings"
	"testing"

	"github.com/irikit/iri/internal/simd"
)

// compareLook checks ScanLook on s under each rule, with the switches of
// the CPU and with the block path off: the Result is ScanZeroed's, and
// the look LookOf's (0 where the scan fails).
func compareLook(t testing.TB, s string) {
	t.Helper()
	defer simd.Restore()
	for _, off := range []bool{false, true} {
		simd.Restore()
		if off {
			simd.Block, simd.Block256 = false, false
		}
		for r := range Rule(numRules) {
			var want, got Result
			ScanZeroed(&want, s, r, 0)
			look := ScanLook(&got, s, r, 0)
			if got != want {
				t.Fatalf("block path off %v, rule %v, %+q: ScanLook's Result %+v, ScanZeroed's %+v", off, r, s, got, want)
			}
			wantLook := 0
			if want.OK() {
				wantLook = LookOf(&want, s)
			}
			if look != wantLook {
				t.Fatalf("block path off %v, rule %v, %+q: ScanLook's look %04b, LookOf's %04b", off, r, s, look, wantLook)
			}
			// The line s, ended by the end, by an LF before another
			// line, and by an LF alone.
			if strings.Contains(s, "\n") {
				continue
			}
			for _, rest := range []string{"", "\n", "\nhttp://h/./\n", "\n" + strings.Repeat("x", 70)} {
				var got Result
				look, n := ScanLookLine(&got, s+rest, r, 0)
				if got != want || look != wantLook || n != len(s) {
					t.Fatalf("block path off %v, rule %v, %+q: ScanLookLine gives %+v, look %04b, length %d; want %+v, %04b, %d",
						off, r, s+rest, got, look, n, want, wantLook, len(s))
				}
			}
		}
	}
}

// lookInputs put what the look finds on each side of the places it
// looks at: the scheme and host's ends, the path's start and end, block
// boundaries and the cut before a '%' at a block's end.
var lookInputs = []string{
	"", "a", "/", "//", "//.", "//./", "/./", "./", "a/./b", "x:/./a", "x:./a", "X:a", "x:A",
	"http://h", "http://H/", "HTTP://h/", "http://h/A", "http://é/", "http://h/é", "http://u@H/", "http://U@h/",
	"http://a--b/", "http://a-b--/", "http://--/", "http://h/a--b", "http://u--@h/", "http://h:80--/",
	"http://./", "http://h/.", "http://h/a/./b", "http://h?/.", "http://h#/.", "http://h/a?b/./c", "//h/./",
	"http://h/%7e", "http://h/%7E", "http://h/%2f", "http://h/%2F", "http://h/%41", "http://h/%C3%BC", "http://h/%c3%bc",
	"http://%41/", "http://h?%7e", "http://h#%5f", "%7e", "a%2Fb", "http://[::1]/./", "http://[v1.a--b]/", "http://1.2.3.4/./",
	"http://999.2.3.4/", "http://h:8080/%2e/",
}

func TestScanLook(t *testing.T) {
	for _, s := range lookInputs {
		compareLook(t, s)
	}
	// Each find at each place around the first block's end and the next's.
	for _, find := range []string{"/.", "%7e", "%7E", "%2f", "A", "--"} {
		for pad := 50; pad < 140; pad++ {
			compareLook(t, "http://h/"+strings.Repeat("a", pad)+find+"/b")
			compareLook(t, "http://h/"+strings.Repeat("%41", pad/3)+find)
			compareLook(t, "http://"+strings.Repeat("h", pad/3)+find+"x/"+strings.Repeat("é", pad/4)+"/./")
			compareLook(t, strings.Repeat("b", pad)+"?"+find)
		}
	}
}

// Every line of the corpora, and forms of it with what the look finds.
func TestScanLookOnCorpora(t *testing.T) {
	corpusRefs(t, func(k int, p string) {
		compareLook(t, p)
		if k%5 == 0 {
			compareLook(t, strings.ToUpper(p))
			compareLook(t, strings.Replace(p, "/", "/./", 2))
			compareLook(t, strings.Replace(p, "://", "://xn--a--b.", 1))
			compareLook(t, strings.Replace(p, "/", "/%7e", 2))
		}
	})
}

func FuzzScanLook(f *testing.F) {
	for _, s := range lookInputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { compareLook(t, s) })
}
