package scan

import (
	"strings"
	"testing"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/simd"
)

// The AVX-512 decoder (decode512) against the Go conversion (appendIRIGo)
// and the SSSE3 decoder (decodeRun), on inputs the scan accepts: the
// three must write the same bytes.

func need512(t testing.TB) {
	if !simd.Have.Decode512 {
		t.Skip("no AVX-512 decoder on this CPU (or GODEBUG, or the purego tag)")
	}
}

// decodeAll returns the IRI form of s by each decoder, after "dst:", or
// ok false if s is not an IRI-reference.
func decodeAll(s string) (d512, vec, goForm string, ok bool) {
	var res Result
	Scan(s, IRIReference, 0, nil, false, &res)
	if !res.OK() || res.Flags&HasPercent == 0 {
		return "", "", "", false
	}
	qlo, qhi := -1, -1
	if res.Parts&HasQuery != 0 {
		qlo, qhi = int(res.QueryStart), int(res.QueryEnd)
	}
	dst := []byte("dst:")
	d512 = string(appendIRI512(dst[:4:4], s, qlo, qhi))
	goForm = string(appendIRIGo(dst[:4:4], s, qlo, qhi))
	vec = goForm
	if simd.Have.Decode {
		vec = string(appendIRIVec(dst[:4:4], s, qlo, qhi))
	}
	return d512, vec, goForm, true
}

// compareDecode checks that the decoders agree on s, and reports whether
// s was one they run on. It checks AppendIRI too, which runs convert512
// where dst has room for s, block512 and decode512 where not.
func compareDecode(t testing.TB, s string) bool {
	t.Helper()
	compareAppendIRI(t, s, IRIReference)
	d512, vec, goForm, ok := decodeAll(s)
	if !ok {
		return false
	}
	if d512 != goForm || vec != goForm {
		t.Fatalf("input %+q:\ndecode512 %+q\ndecodeRun %+q\nGo        %+q", s, d512, vec, goForm)
	}
	return true
}

// compareAppendIRI checks AppendIRI on s under rule r, into a dst with
// room for s and into one without, against AppendIRI with every
// assembly routine off.
func compareAppendIRI(t testing.TB, s string, r Rule) {
	t.Helper()
	var want Result
	wantOut, wantOK := func() ([]byte, bool) {
		defer simd.Restore()
		asmOff()
		return AppendIRI([]byte("dst:"), s, r, 0, &want)
	}()
	for _, room := range []int{0, len(s)} {
		var res Result
		dst := append(make([]byte, 0, 4+room), "dst:"...)
		got, ok := AppendIRI(dst, s, r, 0, &res)
		if ok != wantOK || string(got) != string(wantOut) || !ok && res != want {
			t.Fatalf("rule %v, input %+q, room %d: AppendIRI %+q %v %+v, with no assembly %+q %v %+v", r, s, room, got, ok, res, wantOut, wantOK, want)
		}
	}
}

// pctOf percent-encodes each byte of b, upper or lower case.
func pctOf(b []byte, lower bool) string {
	hex := ascii.UpperHex
	if lower {
		hex = "0123456789abcdef"
	}
	var out []byte
	for _, o := range b {
		out = append(out, '%', hex[o>>4], hex[o&15])
	}
	return string(out)
}

// Chains that cross the 64-byte window at every offset: characters of
// every length and kind, reserved and unreserved ASCII, bytes that stay
// encoded, after every length of prefix up to some 300 bytes in all.
func TestDecode512EveryOffset(t *testing.T) {
	need512(t)
	pieces := []string{
		pctOf([]byte("中"), false), pctOf([]byte("é"), true), pctOf([]byte("ব"), false),
		"%2F", "%3a", "%20", "%41", "%7e", "%25", "%00", "%7F",
		pctOf([]byte("\u2013"), false), pctOf([]byte("\u3000"), false), pctOf([]byte("\U0001F600"), false),
		pctOf([]byte("\ue000"), false), "%E4%B8", "%80", "%C0%AF", "%E0%80%AF", "%ED%A0%80",
		"a", "/", "é", "中",
	}
	for _, head := range []string{"http://h/", "http://h/?", "//u", "x:"} {
		for pad := 0; pad < 140; pad++ {
			for k, p := range pieces {
				// A run of one piece, and the piece between chains of others.
				chain := strings.Repeat(pctOf([]byte("ক"), k&1 == 1), 1+pad%5)
				for _, tail := range []string{strings.Repeat(p, 8), p + chain + p, chain + p + "%2F" + p} {
					s := head + strings.Repeat("a", pad) + tail
					if len(s) > 320 {
						s = s[:320]
					}
					compareDecode(t, s)
					compareDecode(t, head+strings.Repeat("%41", pad/3)+strings.Repeat("b", pad%3)+tail)
				}
			}
		}
	}
}

// Every length of a chain of each kind, up to some 300 bytes, cut at
// every length: where a triplet or a character meets the end of the
// window or of s.
func TestDecode512EveryLength(t *testing.T) {
	need512(t)
	units := []string{
		pctOf([]byte("中"), false), pctOf([]byte("é"), false), "%2F", "%41",
		pctOf([]byte("中é"), true) + "%3A", pctOf([]byte("\u2066"), false) + "%41",
	}
	for _, u := range units {
		full := "http://h/" + strings.Repeat(u, 300/len(u)+1)
		for n := len("http://h/") + 1; n <= len(full); n++ {
			compareDecode(t, full[:n])
			compareDecode(t, full[:n]+"z")
		}
	}
}

// Every code point percent-encoded at each position near the end of the
// window, in a path and in a query, in either case; and every pair of
// octets with a few third ones.
func TestDecode512EveryCharacter(t *testing.T) {
	need512(t)
	var buf []byte
	for c := rune(1); c <= 0x10FFFF; c++ {
		if c >= 0x10000 && c&0xFFF != 0 && c&0xFFFF < 0xFFFE || c >= 0xD800 && c < 0xE000 {
			continue
		}
		for _, k := range []int{0, 1, 16, 17, 18, 19, 20} {
			prefix := "http://h/"
			if c&1 == 1 {
				prefix = "http://h/?%2F"
			}
			buf = append(buf[:0], prefix...)
			for j := 0; j < k; j++ {
				buf = append(buf, "%41"...)
			}
			buf = append(buf, pctOf([]byte(string(c)), k&1 == 1)...)
			buf = append(buf, "%E4%B8%ADb"...)
			compareDecode(t, string(buf))
		}
	}
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			for _, b2 := range []byte{'A', 0x80, 0xA0, 0xBF, 0xC3} {
				for _, k := range []int{0, 18, 19, 20} {
					s := "http://h/" + strings.Repeat("%41", k) + pctOf([]byte{byte(b0), byte(b1), b2}, false) + "%B8z"
					compareDecode(t, s)
				}
			}
		}
	}
}

// Every line of the corpora, in its URI form and as it is. (kasztp.txt
// has no triplet.)
func TestDecode512OnCorpora(t *testing.T) {
	need512(t)
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt", "relative_urls_cc_10k.csv"} {
		ran := 0
		for _, l := range corpus.Lines(t, name) {
			parts := []string{l}
			if strings.HasSuffix(name, ".csv") {
				parts = strings.SplitN(l, ",", 2)
			}
			for _, p := range parts {
				u, _ := appendURI(nil, p, IRIReference, 0)
				for _, p := range []string{p, string(u)} {
					if compareDecode(t, p) {
						ran++
					}
				}
			}
		}
		t.Logf("%s: %d lines with a triplet", name, ran)
	}
}

// The decoder runs without allocating into a buffer with room for s,
// and so does AppendIRI (convert512), with a triplet left to Go or not.
func TestDecode512Allocs(t *testing.T) {
	need512(t)
	for _, s := range []string{
		"http://h/" + strings.Repeat(pctOf([]byte("中é"), false)+"%2F%41a", 20),
		"http://h/" + strings.Repeat(pctOf([]byte("\u2013中"), false), 20),
		"http://h/" + strings.Repeat("abc/", 40),
	} {
		dst := make([]byte, 0, len(s))
		if n := testing.AllocsPerRun(100, func() { dst = appendIRI512(dst[:0], s, -1, -1) }); n != 0 {
			t.Errorf("appendIRI512: %v allocations", n)
		}
		var res Result
		if n := testing.AllocsPerRun(100, func() { dst, _ = AppendIRI(dst[:0], s, IRIReference, 0, &res) }); n != 0 {
			t.Errorf("AppendIRI: %v allocations", n)
		}
	}
}

// fuzzInput builds a reference from code, two bytes a unit: a triplet of
// the second byte in upper or lower case, a run of it, a raw ASCII byte
// from a set of allowed ones, or the UTF-8 of a code point.
func fuzzInput(code []byte) string {
	const raw = "aZ09-._~/?#:@!$&'()*+,;="
	b := []byte("http://h/")
	for k := 0; k+1 < len(code); k += 2 {
		op, v := code[k], code[k+1]
		switch op & 7 {
		case 0, 1:
			b = append(b, pctOf([]byte{v}, op&1 == 1)...)
		case 2:
			b = append(b, strings.Repeat(pctOf([]byte{v}, false), int(op>>3)+1)...)
		case 3:
			b = append(b, raw[int(v)%len(raw)])
		case 4:
			b = append(b, string(rune(0x80+int(v)*int(op>>3+1)*37))...)
		default:
			// A character's triplets.
			b = append(b, pctOf([]byte(string(rune(0x80+int(v)<<(op>>4)+int(op>>3&1)*0x2000))), op&8 == 8)...)
		}
	}
	return string(b)
}

func FuzzDecode512(f *testing.F) {
	for _, s := range []string{"http://h/%E4%B8%AD%2F", "x:%C3%A9%e2%80%8e%41", "//u%F0%9F%98%80@h/%ED%A0%80?%EE%80%80"} {
		f.Add(s, []byte{0, 0xE4, 0, 0xB8, 0, 0xAD, 2 | 40, 0x2F, 5, 0x13, 3, 7})
	}
	f.Fuzz(func(t *testing.T, s string, code []byte) {
		need512(t)
		for _, in := range []string{s, fuzzInput(code)} {
			compareDecode(t, in)
			for _, r := range allRules {
				compareAppendIRI(t, in, r)
			}
		}
	})
}

// AppendIRI through convert512 on references that take every branch of
// the block path, those it declines and those that do not match
// included, under every rule.
func TestConvert512OnBlockInputs(t *testing.T) {
	need512(t)
	for _, in := range append(blockInputs, "", "http://h/%E4%B8%AD%zz", "http://h/%E4%B8%AD a", "%41%", "http://h/"+strings.Repeat("%E4%B8%AD", 30)+"\x80") {
		for _, r := range allRules {
			compareAppendIRI(t, in, r)
		}
	}
}
