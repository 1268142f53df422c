package labels

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

// checkToUnicode checks AppendToUnicode on the A-label a against the
// round trip through x/net it stands for: where it vouches, ToUnicode
// gives its U-label and ToASCII of that gives a in lowercase. It reports
// whether the fast path vouched.
func checkToUnicode(t testing.TB, a string) bool {
	t.Helper()
	got, ok := AppendToUnicode([]byte("p"), a)
	if !ok {
		if string(got) != "p" {
			t.Fatalf("AppendToUnicode(%q) declined but appended %q", a, got[1:])
		}
		return false
	}
	u, err := idna.Lookup.ToUnicode(a)
	if err != nil || string(got[1:]) != u {
		t.Fatalf("AppendToUnicode(%q) = %q; x/net's ToUnicode: %q, %v", a, got[1:], u, err)
	}
	// ToASCII of the A-label itself, which then skips x/net too.
	if want, err := lookupToASCII(a); err != nil || want != strings.ToLower(a) {
		t.Fatalf("AppendToUnicode vouched for %q, whose ToASCII through x/net is %q, %v", a, want, err)
	}
	if got, err := AppendToASCII(nil, a); err != nil || string(got) != strings.ToLower(a) {
		t.Fatalf("AppendToASCII(%q) = %q, %v; want %q", a, got, err, strings.ToLower(a))
	}
	if back, err := idna.Lookup.ToASCII(u); err != nil || back != strings.ToLower(a) {
		t.Fatalf("AppendToUnicode(%q) = %q, whose ToASCII is %q, %v", a, u, back, err)
	}
	return true
}

// The A-labels of the fast set's sample, alone and in pairs and random
// strings with ASCII, in their own case and upper, and with Punycode
// digits changed, vouched for only where x/net agrees; and the labels
// that must go to x/net.
func TestToUnicode(t *testing.T) {
	rs := sample()
	ascii := []rune("az09-AZ")
	r := rand.New(rand.NewPCG(3, 4))
	vouched := 0
	try := func(l string) {
		a, err := idna.Lookup.ToASCII(l)
		if err != nil || !strings.HasPrefix(a, "xn--") {
			return
		}
		for _, v := range []string{a, strings.ToUpper(a), "XN--" + a[4:], a[:len(a)-1] + "a", a[:len(a)-1]} {
			if checkToUnicode(t, v) {
				vouched++
			}
		}
	}
	for _, c := range rs {
		try(string(c))
		try("a" + string(c) + "-9")
	}
	for range 5000 {
		l := make([]rune, 1+r.IntN(20))
		for i := range l {
			if r.IntN(3) == 0 {
				l[i] = ascii[r.IntN(len(ascii))]
			} else {
				l[i] = rs[r.IntN(len(rs))]
			}
		}
		try(string(l))
	}
	if vouched < len(rs) {
		t.Errorf("the fast path vouched for %d A-labels of %d samples", vouched, len(rs))
	}
	for _, a := range []string{"xn--", "xn--abc", "xn--abc-", "xn--BCHER-kva", "xn--bcher-kva", "xn--a-ecp", "ab--cd", "xn--zz", strings.Repeat("x", 64)} {
		checkToUnicode(t, a)
	}
	if _, ok := AppendToUnicode(nil, "xn--bcher-kva"); !ok {
		t.Error("AppendToUnicode(xn--bcher-kva): declined")
	}
	if _, ok := AppendToUnicode(nil, "xn--BCHER-kva"); ok {
		t.Error("AppendToUnicode(xn--BCHER-kva): vouched, but Lookup maps the uppercase letters")
	}
}

func FuzzToUnicode(f *testing.F) {
	f.Add("bcher-kva")
	f.Add("r8jz45g")
	f.Fuzz(func(t *testing.T, p string) {
		if len(p) > 80 {
			p = p[:80]
		}
		checkToUnicode(t, "xn--"+p)
	})
}
