package look

import (
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// The generated Unicode tables of this build must be of the version that
// x/text and x/net select for it: package lint reads them as
// stand-ins for x/text.
func TestUnicodeVersion(t *testing.T) {
	for name, v := range map[string]string{
		"golang.org/x/text/unicode/norm": norm.Version,
		"golang.org/x/text/unicode/bidi": bidi.UnicodeVersion,
		"golang.org/x/net/idna":          idna.UnicodeVersion,
	} {
		if v != UnicodeVersion {
			t.Errorf("%s has Unicode %s, but package look's tables were generated for %s in this build: no table was generated for %s; add it to gen's unicodeVersions and run go generate ./...", name, v, UnicodeVersion, v)
		}
	}
}
