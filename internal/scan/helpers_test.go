package scan

import (
	"strings"
	"testing"

	"github.com/irikit/iri/internal/corpus"
)

// The engine's entry points as package scanner calls them, for the tests
// here.

var allRules = func() (rs []Rule) {
	for r := range numRules {
		rs = append(rs, r)
	}
	return
}()

func scanOf(s string, r Rule, opts Options) (res Result) {
	Scan(s, r, opts, nil, false, &res)
	return
}

func appendURI(dst []byte, s string, r Rule, opts Options) ([]byte, Result) {
	var res Result
	dst = Scan(s, r, opts, dst, true, &res)
	return dst, res
}

func appendIRI(dst []byte, s string, r Rule, opts Options) []byte {
	res := scanOf(s, r, opts)
	if !res.OK() {
		return dst
	}
	return AppendIRIOf(dst, s, &res)
}

// corpusRefs calls f with each reference of the benchmark corpora (both
// columns of relative_urls_cc_10k.csv) and the number of its line; under
// the race detector, with every seventh line's only.
func corpusRefs(t testing.TB, f func(k int, ref string)) {
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt", "relative_urls_cc_10k.csv"} {
		for k, l := range corpus.Lines(t, name) {
			if raceEnabled && k%7 != 0 {
				continue
			}
			if base, rel, ok := strings.Cut(l, ","); ok && strings.HasSuffix(name, ".csv") {
				f(k, base)
				f(k, rel)
				continue
			}
			f(k, l)
		}
	}
}
