// Package hostile holds the inputs an attacker would send and the entry
// points they are sent to, for the benchmarks and tests that show every
// entry point runs in time and memory linear in its input
// (bench.BenchmarkHostile, TestLinear here, and cmd/iri's test of the
// commands).
//
// A Family makes one reference of about n bytes that repeats the unit an
// attack multiplies: labels, segments, query pairs, combining marks,
// percent-encoded octets, bidi components, one long label. Each Entry
// takes such a reference and runs one public function of package iri on
// it, as a proxy would.
package hostile

import (
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/text/transform"

	"github.com/irikit/iri"
	"github.com/irikit/iri/httpiri"
	"github.com/irikit/iri/interop"
	"github.com/irikit/iri/lint"
	"github.com/irikit/iri/scanner"
	"github.com/irikit/iri/whatwg"
)

// A Family is a kind of hostile reference.
type Family struct {
	Name string
	// Make returns a reference of at least n bytes and at most n plus a
	// few units.
	Make func(n int) string
}

// repeat returns prefix, unit repeated until the whole has n bytes, and
// suffix.
func repeat(prefix, unit, suffix string) func(n int) string {
	return func(n int) string {
		k := (n - len(prefix) - len(suffix) + len(unit) - 1) / len(unit)
		if k < 1 {
			k = 1
		}
		return prefix + strings.Repeat(unit, k) + suffix
	}
}

// distinctCJK is one host label of distinct CJK ideographs: the worst
// case of a Punycode encoder, whose work is the label's length times its
// distinct code points.
func distinctCJK(n int) string {
	var b strings.Builder
	b.Grow(n + 16)
	b.WriteString("http://")
	for r := rune(0x4E00); b.Len() < n; r++ {
		if r > 0x9FFF {
			r = 0x4E00
		}
		b.WriteRune(r)
	}
	b.WriteString(".com/")
	return b.String()
}

// Families lists the hostile references, those of issue 16 first.
var Families = []Family{
	// One long host label, for IDNA.
	{"idn-distinct", distinctCJK},
	{"idn-same", repeat("http://", "é", ".com/")},
	{"xn-label", repeat("http://xn--", "a", "-x.com/")},
	// Many host labels.
	{"bidi-labels", repeat("http://", "\u05d0a.", "com/")},
	{"labels", repeat("http://", "a.", "com/")},
	{"xn-labels", repeat("http://", "xn--bcher-kva.", "com/")},
	{"mixed-script-labels", repeat("http://", "p\u0430ypal.", "com/")},
	{"fullwidth-dot-labels", repeat("http://", "a\uFF0E", "com/")},
	{"pct-dot-labels", repeat("http://", "a%EF%BC%8E", "com/")},
	{"ideographic-dot-labels", repeat("http://", "\u4f8b\u3002", "jp/")},
	// Path segments.
	{"jamo-segments", repeat("http://h/", "\u1100\u1161\u11A8", "")},
	{"twodot-segments", repeat("http://h/a/", "\u2025/", "admin")},
	{"bidi-segments", repeat("http://h/", "\u05d0a/", "")},
	{"segments", repeat("http://h/", "a/", "")},
	{"dotdot-segments", repeat("http://h/", "../", "")},
	{"updown-segments", repeat("http://h/", "a/../", "")},
	{"pct-dot-segments", repeat("http://h/", "%2E%2E/", "")},
	{"number-edge-segments", repeat("http://h/", "\u05d01/2\u05d1/", "")},
	// Combining marks, joiners, selectors, tags.
	{"marks-alternating", repeat("http://h/a", "\u0301\u0316", "")},
	{"marks-one", repeat("http://h/a", "\u0301", "")},
	{"variation-selectors", repeat("http://h/a", "\uFE0F", "")},
	{"variation-selectors-supp", repeat("http://h/a", "\U000E0100", "")},
	{"zwj", repeat("http://h/", "a\u200Db", "")},
	{"zwnj", repeat("http://h/", "\u0628\u200C", "")},
	{"tags", repeat("http://h/a", "\U000E0041", "")},
	// Tags with the WAVING BLACK FLAG that makes them an emoji tag
	// sequence (raw tags are not ucschar: a syntax error), and tags
	// percent-encoded, as an IRI can hold them: lint once walked back
	// over the run before each one.
	{"tags-flag", repeat("http://h/\U0001F3F4", "\U000E0067", "\U000E007F")},
	{"pct-tags", repeat("http://h/a", "%F3%A0%81%81", "")},
	{"pct-tags-flag", repeat("http://h/%F0%9F%8F%B4", "%F3%A0%81%A7", "%F3%A0%81%BF")},
	{"pct-tags-raw-flag", repeat("http://h/\U0001F3F4", "%F3%A0%81%A7", "%F3%A0%81%BF")},
	{"4byte", repeat("http://h/", "\U00020000", "")},
	// Query pairs and fragments.
	{"query-pairs", repeat("http://h/?", "a=b&", "")},
	{"bidi-query-pairs", repeat("http://h/?", "\u05d0=1&", "")},
	{"fragment-bidi", repeat("http://h/#", "\u05d0a", "")},
	// %HH of every kind.
	{"pct-utf8", repeat("http://h/", "%C3%A9", "")},
	{"pct-overlong", repeat("http://h/", "%C0%AE", "")},
	{"pct-non-utf8", repeat("http://h/", "%FF", "")},
	{"pct-reserved", repeat("http://h/", "%2F%3F%23", "")},
	{"pct-bidi", repeat("http://h/", "%E2%80%AE", "")},
	{"pct-host", repeat("http://", "%C3%A9", ".com/")},
	// The other components.
	{"userinfo", repeat("http://", "a:", "@h/")},
	{"userinfo-pct", repeat("http://", "%40", "@h/")},
	{"ipvfuture", repeat("http://[v1.", "a", "]/")},
	// The scanner's slow paths: sub-steps on every byte, long undecided
	// authorities, long IP literals, the widest UTF-8.
	{"pct", repeat("http://h/", "%41", "")},
	{"pct-bad", repeat("", "%", "")},
	{"colon-path", repeat("http://h/", ":", "")},
	{"colon-authority", repeat("//a", ":1", "")},
	{"ipvfuture-colons", repeat("http://[v1.", "a:", "]/")},
	{"bracket-run", repeat("", "[", "")},
	{"at-userinfo", repeat("//", "a", "@h")},
	{"at-path", repeat("http://h/", "@", "")},
	{"4byte-music", repeat("http://h/", "\U0001D11E", "")},
	{"dotdot-slashes", repeat("http://h/", "..//", "")},
	// A reference a line (scanner.ValidLines): all valid, and all not.
	{"lines", repeat("", "http://h/\n", "")},
	{"bad-lines", repeat("", "a b\n", "")},
	// What the WHATWG parser reads where the RFCs do not: runs of
	// backslashes and slashes after a special scheme, tabs and newlines
	// to remove, many '@', hex and octal IPv4 parts, long ports.
	{"backslashes", repeat("http:", "\\", "h/")},
	{"slashes-after-scheme", repeat("http:", "/", "h/")},
	{"tabs", repeat("http://h/", "a\t\n", "")},
	{"at-signs", repeat("http://", "a@", "h/")},
	{"hex-labels", repeat("http://", "0x1.", "1/")},
	{"zero-port", repeat("http://h:", "0", "80/")},
	{"backslash-segments", repeat("http://h", "\\a", "")},
	{"opaque-spaces", repeat("data:", " ", "#")},
	// Invalid at the very end, after a long valid run.
	{"invalid-at-end", repeat("http://h/", "a", " ")},
	{"invalid-host-at-end", repeat("http://", "\u4f8b", "\uFFFF/")},
}

// An Entry is a public function of package iri, or a pair of them, run
// on one hostile reference. Run returns a number that depends on the
// result (a length, a count), so that the call cannot be dropped and two
// runs can be compared.
type Entry struct {
	Name string
	Run  func(s string) int
}

func errLen(err error) int {
	if err != nil {
		return 1
	}
	return 0
}

// Entries lists every public entry point of package iri, the scanner,
// package lint, and the net/http middleware of package httpiri.
var Entries = []Entry{
	{"Scan", func(s string) int {
		r := scanner.Scan(s, scanner.IRIReference, 0)
		return int(r.Offset + r.PathEnd)
	}},
	{"ValidLines", func(s string) int {
		return byLines(s, func(s string) (int, int) { return scanner.ValidLines(s, scanner.IRIReference, 0) })
	}},
	{"AppendNormalizeLines", func(s string) int {
		n, out := iri.Normalizer{Level: iri.LevelScheme}, []byte(nil)
		return byLines(s, func(s string) (bad, lines int) {
			out, bad, lines = n.AppendNormalizeLines(out[:0], s)
			return bad, lines
		})
	}},
	{"Parse", func(s string) int { _, err := iri.Parse(s); return errLen(err) }},
	{"ParseReference", func(s string) int { u, err := iri.ParseReference(s); return len(u.Path()) + errLen(err) }},
	{"Valid", func(s string) int {
		if iri.Valid(s, iri.RuleIRIReference) {
			return 1
		}
		return 0
	}},
	{"Error", func(s string) int {
		if _, err := iri.ParseRule(s, iri.RuleURI); err != nil {
			return len(err.Error())
		}
		return 0
	}},
	{"AppendURI", func(s string) int { b, _ := iri.AppendURI(nil, s); return len(b) }},
	{"AppendURI-IDNA", func(s string) int { b, _ := iri.Parser{IDNA: true}.AppendURI(nil, s); return len(b) }},
	{"AppendURI-EncodeUnsafe", func(s string) int {
		b, _ := iri.Parser{EncodeUnsafeASCII: true}.AppendURI(nil, s)
		return len(b)
	}},
	{"ToURI", func(s string) int { t, _ := iri.ToURI(s); return len(t) }},
	{"ToURI-IDNA", func(s string) int { t, _ := iri.Parser{IDNA: true}.ToURI(s); return len(t) }},
	{"ToIRI", func(s string) int { t, _ := iri.ToIRI(s); return len(t) }},
	{"ToIRI-IDNA", func(s string) int { t, _ := iri.Parser{IDNA: true}.ToIRI(s); return len(t) }},
	{"AppendIRI", func(s string) int {
		// Into a buffer with room for s, where AppendIRI validates and
		// decodes in one call (the AVX-512 convert512).
		b, _ := iri.AppendIRI(make([]byte, 0, len(s)), s)
		return len(b)
	}},
	{"ToIRI-of-URI", func(s string) int {
		b, _ := iri.AppendURI(nil, s)
		t, _ := iri.ToIRI(string(b))
		return len(t)
	}},
	{"Resolve-ref", func(s string) int {
		b, _ := iri.AppendResolve(nil, "http://a/b/c/d;p?q", s)
		return len(b)
	}},
	{"Resolve-base", func(s string) int { b, _ := iri.AppendResolve(nil, s, "../../g?y#z"); return len(b) }},
	{"Relativize", func(s string) int {
		base, err := iri.ParseReference(s)
		if err != nil {
			return -1
		}
		t, err := base.Resolve("../x/y")
		if err != nil {
			return -1
		}
		r, _ := base.Relativize(t)
		return len(r.String())
	}},
	{"Relativize-target", func(s string) int {
		t, err := iri.ParseReference(s)
		if err != nil {
			return -1
		}
		r, _ := iri.MustParseReference("http://h/a/b/c?q").Relativize(t)
		return len(r.String())
	}},
	{"URL", func(s string) int {
		u, err := iri.ParseReference(s)
		if err != nil {
			return -1
		}
		x, err := u.URL()
		if err != nil {
			return 0
		}
		return len(x.Path)
	}},
	{"FromURL", func(s string) int {
		x, err := url.Parse(s)
		if err != nil {
			return -1
		}
		u, err := iri.FromURL(x)
		return len(u.String()) + errLen(err)
	}},
	{"URITransformer", func(s string) int {
		t, _, _ := transform.String(iri.URITransformer(), s)
		return len(t)
	}},
	{"IsNFC", func(s string) int {
		if iri.IsNFC(s) {
			return 1
		}
		return 0
	}},
	{"IsNFKC", func(s string) int {
		if iri.IsNFKC(s) {
			return 1
		}
		return 0
	}},
	{"Normalize-syntax", normalize(iri.Normalizer{})},
	{"Normalize-scheme", normalize(iri.Normalizer{Level: iri.LevelScheme})},
	{"Normalize-uri", normalize(iri.Normalizer{URI: true})},
	{"Normalize-uri-scheme", normalize(iri.Normalizer{URI: true, Level: iri.LevelScheme})},
	{"Normalize-scheme-noidna", normalize(iri.Normalizer{Level: iri.LevelScheme, NoIDNA: true})},
	{"Normalize-decode", normalize(iri.Normalizer{DecodeNonASCII: true})},
	{"Normalize-nfc", normalize(iri.Normalizer{Chars: iri.CharsNFC})},
	{"Normalize-nfkc", normalize(iri.Normalizer{Chars: iri.CharsNFKC, Level: iri.LevelScheme})},
	{"Key", func(s string) int {
		if u, err := iri.ParseReference(s); err == nil {
			return len(iri.Key(u))
		}
		return -1
	}},
	{"Compare", func(s string) int {
		u, err := iri.ParseReference(s)
		if err != nil {
			return -1
		}
		// The same reference with its scheme in capitals climbs past the
		// first rung.
		v, err := iri.ParseReference(strings.ToUpper(u.Scheme()) + s[len(u.Scheme()):])
		if err != nil {
			return -1
		}
		return int(iri.CompareRung(u, v)) + 4*iri.Compare(u, v)
	}},
	{"Equal", func(s string) int {
		u, err := iri.ParseReference(s)
		if err != nil {
			return -1
		}
		v, err := iri.ParseReference(s + "x")
		if err != nil {
			return -1
		}
		if iri.Equal(u, v) {
			return 1
		}
		return 0
	}},
	{"Lint", func(s string) int { return len(lint.Lint(s, lint.Options{})) }},
	{"Lint-strict", func(s string) int { return len(lint.Lint(s, lint.Options{Profile: lint.ProfileStrict})) }},
	{"AppendViolations", func(s string) int { return len(lint.AppendViolations(nil, s)) }},
	// A server's question: the first violation that refuses, found in a
	// strict profile (early) and at error in the default one, where most
	// checks are warnings and the whole reference is walked.
	{"FirstViolation-strict", firstViolation(lint.Options{Profile: lint.ProfileStrict}, lint.SeverityWarning)},
	{"FirstViolation-error", firstViolation(lint.Options{}, lint.SeverityError)},
	{"Display", func(s string) int { return len(lint.Display(s)) }},
	{"DisplayIsolated", func(s string) int { return len(lint.DisplayIsolated(s)) }},
	{"FromDisplay", func(s string) int {
		u, err := lint.FromDisplay(lint.DisplayIsolated(s))
		return len(u.String()) + errLen(err)
	}},
	{"FromDisplay-raw", func(s string) int { u, err := lint.FromDisplay(s); return len(u.String()) + errLen(err) }},
	{"whatwg.Parse", func(s string) int { u, err := whatwg.Parse(s); return len(u.Href()) + len(u.Warnings()) + errLen(err) }},
	{"whatwg.URL.Parse", func(s string) int { u, err := whatwgBase.Parse(s); return len(u.Href()) + errLen(err) }},
	{"interop.Read", func(s string) int {
		rep := interop.Read(s, interop.Context{})
		return int(rep.Differs) + int(rep.Causes)
	}},
	{"interop.Read-base", func(s string) int {
		rep := interop.Read(s, interop.Context{Base: "https://example.com/a/b?q#f"})
		return int(rep.Differs) + int(rep.Causes)
	}},
	{"interop.Read-target", func(s string) int {
		rep := interop.Read(s, interop.Context{Base: "http://h.example", RequestTarget: true})
		return int(rep.Differs) + int(rep.Causes)
	}},
	{"interop.Check", func(s string) int { c, _ := interop.Check(s, interop.Context{}); return int(c) }},
	{"Lint-interop", func(s string) int { return len(lint.Lint(s, lint.Options{Profile: lint.ProfileInterop})) }},
	{"httpiri", middleware(httpiri.Options{}, false)},
	{"httpiri-interop", middleware(httpiri.Options{Interop: httpiri.InteropPath}, true)},
	{"httpiri-all", middleware(allOptions, false)},
	{"httpiri-origin-all", middleware(allOptions, true)},
	{"httpiri-reject", middleware(rejectOptions, false)},
}

// whatwgBase is the base whatwg.URL.Parse resolves against.
var whatwgBase, _ = whatwg.Parse("https://example.com/a/b?q#f")

// rejectOptions turns on the lint checks of the middleware alone.
var rejectOptions = httpiri.Options{IRI: true, Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}}

func firstViolation(o lint.Options, min lint.Severity) func(s string) int {
	return func(s string) int {
		if v, ok := o.FirstViolation(s, min); ok {
			return v.Offset + int(v.Check)
		}
		return -1
	}
}

// allOptions turns on every check and rewrite of the middleware.
var allOptions = httpiri.Options{
	IRI: true, Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict},
	Normalize: httpiri.NormalizeScheme, MergeSlashes: true, EscapedSlashes: httpiri.UnescapeAndForward, CheckHost: true,
}

// middleware runs the net/http middleware on s as an absolute-form
// request target (with the Host it names), or, with origin, on s from its
// path on as an origin-form one.
func middleware(opts httpiri.Options, origin bool) func(s string) int {
	h := httpiri.Middleware(opts)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200 + len(r.RequestURI)%100)
	}))
	return func(s string) int {
		host := "h.example"
		if u, err := iri.ParseReference(s); err == nil && u.HasAuthority() {
			host = u.Authority()
		}
		if origin {
			path := "/"
			if i := strings.Index(s, "://"); i >= 0 {
				if j := strings.IndexByte(s[i+3:], '/'); j >= 0 {
					path = s[i+3+j:]
				}
			}
			s = path
		}
		r := &http.Request{Method: "GET", RequestURI: s, URL: &url.URL{}, Host: host,
			Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{}}
		w := &statusWriter{h: http.Header{}}
		h.ServeHTTP(w, r)
		return w.status
	}
}

// statusWriter is a ResponseWriter that keeps the status only.
type statusWriter struct {
	h      http.Header
	status int
}

func (w *statusWriter) Header() http.Header         { return w.h }
func (w *statusWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *statusWriter) WriteHeader(code int)        { w.status = code }

// byLines runs bulk, a function of a text with a reference a line that
// stops at the first line it cannot take, as the iri commands do: on past
// each line it stops at. It returns the number of lines bulk took.
func byLines(s string, bulk func(s string) (bad, lines int)) int {
	lines := 0
	for len(s) > 0 {
		bad, n := bulk(s)
		lines += n
		s = s[bad:]
		if k := strings.IndexByte(s, '\n'); k >= 0 {
			s = s[k+1:]
		} else {
			s = ""
		}
	}
	return lines
}

func normalize(n iri.Normalizer) func(s string) int {
	return func(s string) int {
		b, _ := n.AppendNormalize(nil, s)
		return len(b)
	}
}
