package lint

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/labels"
)

// displayLeft returns the violations Display must not leave in d; an
// isolated display may leave digits next to right-to-left components.
// encodedShown are the checks Lint makes of %HH that Display writes on
// purpose.
var encodedShown = map[Check]bool{
	CheckTagCharacter: true, CheckVariationSelector: true,
	CheckDelimiterLookalike: true, CheckSpaceLike: true, CheckFullwidth: true, CheckHalfwidth: true,
}

func displayLeft(d string, isolated bool) []Violation {
	var left []Violation
	for _, v := range Lint(d, Options{}) {
		if !displayChecks[v.Check] || isolated && v.Check == CheckBidiNumberComponent {
			continue
		}
		// Percent-encoded tag characters and variation selectors are
		// visible as such: only a decoder makes them invisible; and
		// look-alikes are shown percent-encoded so that they fool no
		// reader, while Lint says what a decoder would show.
		if d[v.Offset] == '%' && encodedShown[v.Check] {
			continue
		}
		// An A-label or %HH is how Display shows a label it cannot show
		// as characters; Lint still says what the label holds.
		if v.Component == "ihost" && ascii.IsASCII(d[v.Offset:v.Offset+v.Length]) {
			continue
		}
		left = append(left, v)
	}
	return left
}

func TestDisplaySection44(t *testing.T) {
	for n, ex := range section44 {
		for _, script := range []string{hebrew, arabic} {
			s := rtl(ex.logical, script)
			u := iri.MustParseReference(s)
			d := Display(s)
			di := DisplayIsolated(s)
			for i, form := range []string{d, di} {
				v, err := FromDisplay(form)
				if err != nil {
					t.Fatalf("example %d: FromDisplay(%q): %v", n+1, form, err)
				}
				if iri.CompareRung(u, v) == iri.RungNone {
					t.Errorf("example %d: %q reads back as %q, not the same IRI", n+1, form, v)
				}
				if left := displayLeft(v.String(), i == 1); len(left) > 0 {
					t.Errorf("example %d: display %q still has %v", n+1, form, left)
				}
			}
			switch {
			case ex.clean && d != s:
				t.Errorf("example %d: Display(%q) = %q, want it unchanged", n+1, s, d)
			case !ex.clean && d == s:
				t.Errorf("example %d: Display(%q) left it as it is", n+1, s)
			}
			// Example 10's neighbour is a host label, which the Bidi Rule
			// of RFC 5893 maps even where isolates would keep it apart.
			if v, _ := FromDisplay(di); v.String() != d {
				t.Errorf("example %d: DisplayIsolated(%q) = %q, want %q isolated", n+1, s, di, d)
			}
			if !strings.HasPrefix(di, lri) || !strings.HasSuffix(di, pdi) {
				t.Errorf("example %d: %q is not between LRI and PDI", n+1, di)
			}
		}
	}
}

func TestDisplay(t *testing.T) {
	for _, tc := range []struct{ in, want, isolated string }{
		// Safe characters become readable (section 3.2); so does a safe
		// A-label.
		{"http://example.org/D%C3%BCrst", "http://example.org/Dürst", ""},
		{"http://xn--bcher-kva.example/", "http://bücher.example/", ""},
		// Bidi formatting characters, raw or encoded, show as %HH (4.1).
		{"http://example.org/a\u200Eb", "http://example.org/a%E2%80%8Eb", ""},
		{"http://example.org/%E2%80%AE", "http://example.org/%E2%80%AE", ""},
		// Invisible, look-alike, private-use and unnormalized text (6.1,
		// 5.3.2.2, 8), and the mark after an encoded character, which
		// would otherwise compose with its last hex digit.
		{"http://ex.org/a\u200Bb", "http://ex.org/a%E2%80%8Bb", ""},
		{"http://example.org/a\uFF0Fb", "http://example.org/a%EF%BC%8Fb", ""},
		{"http://ex.org/\u2215etc", "http://ex.org/%E2%88%95etc", ""},
		{"http://example.org/e\u0301", "http://example.org/e%CC%81", ""},
		{"http://example.org/\u0435\u0340", "http://example.org/\u0435%CD%80", ""},
		{"http://example.org/A\u0301\uFE0F", "http://example.org/A%CC%81%EF%B8%8F", ""},
		{"http://example.org/\uFF21\u0301", "http://example.org/%EF%BC%A1%CC%81", ""},
		{"http://ex.org/?q=\uE000", "http://ex.org/?q=%EE%80%80", ""},
		{"http://\uFF45xample.com/", "http://%EF%BD%85xample.com/", ""},
		{"http://ex.org/\uFE0F", "http://ex.org/%EF%B8%8F", ""},
		// An emoji keeps its variation selector; an encoded tag character
		// stays encoded.
		{"http://ex.org/😀\uFE0F", "http://ex.org/😀\uFE0F", ""},
		{"http://ex.org/%F3%A0%80%81", "http://ex.org/%F3%A0%80%81", ""},
		// Confusable hosts show their A-label (7.5, 8).
		{"http://p\u0430ypal.com/", "http://xn--pypal-4ve.com/", ""},
		{"http://xn--pypal-4ve.com/", "http://xn--pypal-4ve.com/", ""},
		// Section 4.2: whole components, mapped to URI notation; isolates
		// keep a component of digits from joining its neighbour.
		{"http://ex.org/אבc", "http://ex.org/%D7%90%D7%91c", ""},
		{"http://ex.org/אב/123", "http://ex.org/%D7%90%D7%91/123", lri + "http://ex.org/" + rli + "אב" + pdi + "/123" + pdi},
		{"http://אב.com/", "http://אב.com/", lri + "http://" + rli + "אב" + pdi + ".com/" + pdi},
		// A left-to-right label that breaks the Bidi Rule in a host with a
		// right-to-left label (it ends in %00) is mapped too, and so is
		// the right-to-left one, also where a label that is not UTF-8
		// keeps IDNA from judging the host.
		{"//%80.%d7%80.%C7%80%00", "//%80.xn--odb.%C7%80%00", ""},
		// Not an IRI: every byte outside printable ASCII encoded.
		{"http://a b/\u202E", "http://a%20b/%E2%80%AE", ""},
	} {
		if got := Display(tc.in); got != tc.want {
			t.Errorf("Display(%q) = %q, want %q", tc.in, got, tc.want)
		}
		want := tc.isolated
		if want == "" {
			want = lri + tc.want + pdi
		}
		if got := DisplayIsolated(tc.in); got != want {
			t.Errorf("DisplayIsolated(%q) = %q, want %q", tc.in, got, want)
		}
		if !iri.Valid(tc.in, iri.RuleIRIReference) && !iri.Valid(strings.ReplaceAll(tc.in, "\u200E", ""), iri.RuleIRIReference) {
			continue
		}
		for i, form := range []string{tc.want, want} {
			u, err := FromDisplay(form)
			if err != nil {
				t.Errorf("FromDisplay(%q): %v", form, err)
				continue
			}
			if left := displayLeft(u.String(), i == 1); len(left) > 0 {
				t.Errorf("display %q of %q still has %v", form, tc.in, left)
			}
		}
	}
}

func TestFromDisplay(t *testing.T) {
	s := lri + "http://a" + rli + "אב" + pdi + " b/" + pdi
	_, err := FromDisplay(s)
	e, ok := err.(*iri.Error)
	if !ok {
		t.Fatalf("FromDisplay(%q) = %v, want an *Error", s, err)
	}
	if want := strings.Index(s, " "); e.Offset != want || e.Input != s {
		t.Errorf("FromDisplay(%q): offset %d in %q, want %d in the input", s, e.Offset, e.Input, want)
	}
	u, err := FromDisplay("\u200Ehttp://ex.org/\u202Aa\u202C\u200F")
	if err != nil || u.String() != "http://ex.org/a" {
		t.Errorf("FromDisplay with marks and an embedding = %q, %v; want http://ex.org/a", u, err)
	}
	if u, err := FromDisplay("http://ex.org/a"); err != nil || u.String() != "http://ex.org/a" {
		t.Errorf("FromDisplay(plain) = %q, %v", u, err)
	}
}

// A host label shown as its A-label because it mixes scripts maps to
// itself: the rest of the IRI stays readable, where Display took the
// no-op for a change, repeated it, and fell back to URI notation for the
// whole IRI.
func TestDisplayALabelHost(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://xn--pypal-4ve.com/\u00e9", "http://xn--pypal-4ve.com/\u00e9"}, // "pаypal", a Cyrillic а
		{"http://xn--80aah2bgapnqg-xyz.example/\u00e9?q=\u65e5", "http://xn--80aah2bgapnqg-xyz.example/\u00e9?q=\u65e5"},
	} {
		if got := Display(tc.in); got != tc.want {
			t.Errorf("Display(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := DisplayIsolated(tc.in); got != lri+tc.want+pdi {
			t.Errorf("DisplayIsolated(%q) = %q", tc.in, got)
		}
		if !slices.ContainsFunc(Lint(tc.in, Options{}), func(v Violation) bool { return v.Check == CheckMixedScript }) {
			t.Errorf("Lint(%q) finds no mixed-script label", tc.in)
		}
	}
}

// aLabel by x/net alone, as it was before our decoder took the way back.
func aLabelXNet(label string) string {
	if ascii.IsASCII(label) {
		return label
	}
	if a, err := labels.ToASCII(label); err == nil && strings.HasPrefix(a, "xn--") {
		if u, err := idna.Lookup.ToUnicode(a); err == nil && u == label {
			return a
		}
	}
	return string(ascii.EncodeNonASCII(nil, label))
}

// aLabel gives x/net's answer on the non-ASCII host labels and path
// words of the corpora, in upper case and NFD too, and on labels whose
// way back x/net alone decides.
func TestALabel(t *testing.T) {
	seen := map[string]bool{}
	check := func(label string) {
		if seen[label] {
			return
		}
		seen[label] = true
		if got, want := aLabel(label), aLabelXNet(label); got != want {
			t.Errorf("aLabel(%+q) = %q, x/net alone gives %q", label, got, want)
		}
	}
	for _, l := range []string{"bücher", "BÜCHER", "faß", "ß", "ﬁ", "ǅ", "a\u0301", "á", "日本", "ＡＢＣ", "٣", "a-é", "é--a"} {
		check(l)
	}
	for _, lines := range corpus.All(t) {
		for _, s := range lines {
			u, err := iri.Parse(s)
			if err != nil {
				continue
			}
			// Host labels (few are not ASCII), and the words of paths
			// as labels.
			words := strings.FieldsFunc(u.Host()+"/"+u.Path(), func(r rune) bool { return strings.ContainsRune("./_%()", r) })
			for _, label := range words {
				if strings.HasPrefix(label, "xn--") {
					label, _ = idna.Lookup.ToUnicode(label)
				}
				if !ascii.IsASCII(label) && len(label) <= labels.MaxLen {
					check(label)
					check(strings.ToUpper(label))
					check(norm.NFD.String(label))
				}
			}
		}
	}
	if len(seen) < 100 {
		t.Fatalf("only %d labels looked at", len(seen))
	}
}
