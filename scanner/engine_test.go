package scanner

import (
	"reflect"
	"testing"

	"github.com/irikit/iri/internal/scan"
)

// The engine writes its own Result through a *Result converted by inner
// (and by package internal/inplace): the two types must have the same
// fields at the same offsets with the same sizes, and the flag and kind
// values the engine writes must be this package's.
func TestEngineLayout(t *testing.T) {
	pub, eng := reflect.TypeFor[Result](), reflect.TypeFor[scan.Result]()
	if pub.Size() != eng.Size() || pub.Align() != eng.Align() || pub.NumField() != eng.NumField() {
		t.Fatalf("Result is %d bytes, %d fields; the engine's %d bytes, %d fields", pub.Size(), pub.NumField(), eng.Size(), eng.NumField())
	}
	for i := range pub.NumField() {
		p, e := pub.Field(i), eng.Field(i)
		if p.Name != e.Name || p.Offset != e.Offset || p.Type.Size() != e.Type.Size() || p.Type.Kind() != e.Type.Kind() {
			t.Errorf("field %d: %s %v at %d, engine's %s %v at %d", i, p.Name, p.Type, p.Offset, e.Name, e.Type, e.Offset)
		}
	}
	pairs := []struct {
		name     string
		pub, eng int
	}{
		{"HasScheme", int(HasScheme), scan.HasScheme},
		{"HasAuthority", int(HasAuthority), scan.HasAuthority},
		{"HasUserinfo", int(HasUserinfo), scan.HasUserinfo},
		{"HasPort", int(HasPort), scan.HasPort},
		{"HasQuery", int(HasQuery), scan.HasQuery},
		{"HasFragment", int(HasFragment), scan.HasFragment},
		{"HasNonASCII", int(HasNonASCII), scan.HasNonASCII},
		{"HasPercent", int(HasPercent), scan.HasPercent},
		{"HasIPrivate", int(HasIPrivate), scan.HasIPrivate},
		{"HasBidi", int(HasBidi), scan.HasBidi},
		{"HostNone", int(HostNone), scan.HostNone},
		{"HostRegName", int(HostRegName), scan.HostRegName},
		{"HostIPv4", int(HostIPv4), scan.HostIPv4},
		{"HostIPv6", int(HostIPv6), scan.HostIPv6},
		{"HostIPvFuture", int(HostIPvFuture), scan.HostIPvFuture},
		{"AllowBidi", int(AllowBidi), int(scan.AllowBidi)},
		{"IRIReference", int(IRIReference), int(scan.IRIReference)},
		{"IRI", int(IRI), int(scan.IRI)},
		{"AbsoluteIRI", int(AbsoluteIRI), int(scan.AbsoluteIRI)},
		{"IRelativeRef", int(IRelativeRef), int(scan.IRelativeRef)},
		{"URIReference", int(URIReference), int(scan.URIReference)},
		{"URI", int(URI), int(scan.URI)},
		{"AbsoluteURI", int(AbsoluteURI), int(scan.AbsoluteURI)},
		{"RelativeRef", int(RelativeRef), int(scan.RelativeRef)},
	}
	for _, p := range pairs {
		if p.pub != p.eng {
			t.Errorf("%s is %d here, %d in the engine", p.name, p.pub, p.eng)
		}
	}
	if scan.ValidOnly&scan.AllowBidi != 0 {
		t.Error("the engine's ValidOnly bit is an Options bit")
	}
}
