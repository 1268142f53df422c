package iri

import (
	"testing"

	"github.com/irikit/iri/scanner"
)

// NewError gives a scanner user the error Parse gives.
func TestNewError(t *testing.T) {
	for _, s := range []string{"a b", "http://[::1", "%zz", "1x:y"} {
		_, want := ParseRule(s, RuleIRI)
		res := scanner.Scan(s, RuleIRI, 0)
		if got := NewError(s, RuleIRI, &res); want == nil || got.Error() != want.Error() || got.Offset != want.(*Error).Offset {
			t.Errorf("NewError(%q) = %v, Parse gives %v", s, got, want)
		}
	}
}
