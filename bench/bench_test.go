package bench

import (
	"net/url"
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/scanner"
	"github.com/irikit/iri/tables"
)

// sink keeps results alive so the compiler cannot drop the work.
var sink int

func perCorpus(b *testing.B, f func(b *testing.B, lines []string)) {
	for _, c := range loadCorpora(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(c.bytes)
			for b.Loop() {
				f(b, c.lines)
			}
		})
	}
}

// BenchmarkScan validates and splits each reference (rule IRI-reference).
func BenchmarkScan(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			r := scanner.Scan(l, scanner.IRIReference, 0)
			sink += int(r.PathEnd)
		}
	})
}

// BenchmarkParse is BenchmarkScan through the friendly API, errors included.
func BenchmarkParse(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			u, err := iri.ParseReference(l)
			if err == nil {
				sink += len(u.Path())
			}
		}
	})
}

// BenchmarkAppendURI validates each reference and appends its URI form to
// a reused buffer (RFC 3987 section 3.1 step 2), in one pass.
func BenchmarkAppendURI(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			buf, _ = scanner.AppendURI(buf[:0], l, scanner.IRIReference, 0)
			sink += len(buf)
		}
	})
}

// BenchmarkToURI is the IRI -> URI mapping (RFC 3987 3.1) through the
// friendly API into a reused buffer, whose errors cost one allocation
// each (kasztp has 342 invalid lines).
func BenchmarkToURI(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			buf, _ = iri.AppendURI(buf[:0], l)
			sink += len(buf)
		}
	})
}

// BenchmarkToURIIDNA is BenchmarkToURI with IDNA A-labels for non-ASCII
// hosts (Parser.IDNA), which allocates for each label it rewrites. The
// corpora's hosts are ASCII, so "jp-idn" is jp with every host replaced
// by the internationalized name 例え.テスト, so that each line takes the
// IDNA path.
func BenchmarkToURIIDNA(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	p := iri.Parser{IDNA: true}
	f := func(b *testing.B, lines []string) {
		for _, l := range lines {
			buf, _ = p.AppendURI(buf[:0], l)
			sink += len(buf)
		}
	}
	perCorpus(b, f)
	var idn []string
	var n int64
	for _, c := range loadCorpora(b) {
		if c.name != "jp" {
			continue
		}
		for _, l := range c.lines {
			u, err := iri.Parse(l)
			if err != nil || !u.HasAuthority() {
				continue
			}
			s := u.Scheme() + "://例え.テスト" + l[len(u.Scheme())+3+len(u.Authority()):]
			idn = append(idn, s)
			n += int64(len(s))
		}
	}
	b.Run("jp-idn", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(n)
		for b.Loop() {
			f(b, idn)
		}
	})
}

// BenchmarkNetURLParse is the baseline for BenchmarkScan.
func BenchmarkNetURLParse(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			u, err := url.Parse(l)
			if err == nil {
				sink += len(u.Path)
			}
		}
	})
}

// BenchmarkNetURLParseString is the baseline for BenchmarkAppendURI:
// net/url's way to put an IRI on the wire.
func BenchmarkNetURLParseString(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			u, err := url.Parse(l)
			if err == nil {
				sink += len(u.String())
			}
		}
	})
}

// floor is the cheapest loop that touches every byte: one table lookup
// ORed per byte, no state.
func floor(s string) uint16 {
	var acc uint16
	for i := 0; i < len(s); i++ {
		acc |= tables.Prod[s[i]]
	}
	return acc
}

// BenchmarkFloor is the per-byte floor the scanner is measured against.
func BenchmarkFloor(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			sink += int(floor(l))
		}
	})
}

// hostile inputs of about 1 MB each, built to hit every slow path the
// scanner has: sub-steps on every byte, long undecided authorities, long
// IP literals, and the widest UTF-8 sequences.
var hostile = []struct{ name, s string }{
	{"pct", "http://h/" + strings.Repeat("%41", 1<<20/3)},
	{"pct-bad", strings.Repeat("%", 1<<20)},
	{"colon-path", "http://h/" + strings.Repeat(":", 1<<20)},
	{"colon-authority", "//a" + strings.Repeat(":1", 1<<19)},
	{"ipvfuture", "http://[v1." + strings.Repeat("a:", 1<<19) + "]/"},
	{"bracket-run", strings.Repeat("[", 1<<20)},
	{"at-userinfo", "//" + strings.Repeat("a", 1<<20) + "@h"},
	{"at-path", "http://h/" + strings.Repeat("@", 1<<20)},
	{"4byte", "http://h/" + strings.Repeat("\U0001D11E", 1<<18)},
	{"dotdot", "http://h/" + strings.Repeat("..//", 1<<18)},
}

// BenchmarkHostileScan scans each hostile input; its per-byte cost should
// stay within a small factor of the ascii corpus. (Package bench/hostile
// runs every entry point on many more, at three sizes.)
func BenchmarkHostileScan(b *testing.B) {
	for _, h := range hostile {
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(h.s)))
			for b.Loop() {
				r := scanner.Scan(h.s, scanner.IRIReference, 0)
				sink += int(r.Offset + r.PathEnd)
			}
		})
	}
}

// BenchmarkScanFixed measures the scanner's cost per reference and per
// delimiter: the empty reference, fifteen bytes with no delimiter,
// fifteen bytes with eight (every component present), and fifteen bytes
// of the commonest shape, where "http://" takes a shortcut and three
// delimiters follow.
func BenchmarkScanFixed(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"empty", ""},
		{"plain15", "s-uxhx1xpxqxfxx"},
		{"delims15", "s://u@h:1/p?q#f"},
		{"http15", "http://h/a?b#cd"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := scanner.Scan(c.s, scanner.IRIReference, 0)
				sink += int(r.PathEnd)
			}
		})
	}
}

// BenchmarkValid is iri.Valid: the friendly API's yes or no.
func BenchmarkValid(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			if iri.Valid(l, iri.RuleIRIReference) {
				sink++
			}
		}
	})
}

// BenchmarkScanValid is scanner.Valid, BenchmarkValid's baseline.
func BenchmarkScanValid(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			if scanner.Valid(l, scanner.IRIReference, 0) {
				sink++
			}
		}
	})
}
