package beamiri

import (
	"context"
	"errors"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/irikit/iri"
)

// Invalid is an input that is not a reference of the rule, and why. It is
// the element type of the transforms' second outputs.
type Invalid struct {
	Input     string `json:"input"`
	Offset    int    `json:"offset"`    // the byte of the first error
	Code      string `json:"code"`      // the scanner's stable code name, such as "char"
	Component string `json:"component"` // the ABNF name of the component, such as "ihost"
	Message   string `json:"message"`
	// Base is set when the base of a Resolve pair is at fault.
	Base string `json:"base,omitempty"`
}

// Pair is a base IRI and a reference to resolve against it.
type Pair struct {
	Base string `json:"base"`
	Ref  string `json:"ref"`
}

func init() {
	register.DoFn4x0[context.Context, string, func(string), func(Invalid)](&validateFn{})
	register.DoFn4x0[context.Context, string, func(string), func(Invalid)](&normalizeFn{})
	register.DoFn4x0[context.Context, string, func(string, string), func(Invalid)](&keyFn{})
	register.DoFn4x0[context.Context, Pair, func(string), func(Invalid)](&resolveFn{})
	register.DoFn3x0[context.Context, string, func(string)](&countFn{})
	register.Function2x1(shorter)
	register.Emitter1[string]()
	register.Emitter1[Invalid]()
	register.Emitter2[string, string]()
	beam.RegisterType(reflect.TypeOf((*Invalid)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Pair)(nil)).Elem())
}

// invalid describes err, an error of parsing s.
func invalid(s string, err error) Invalid {
	var e *iri.Error
	if !errors.As(err, &e) {
		return Invalid{Input: s, Code: "invalid", Message: err.Error()}
	}
	return Invalid{Input: s, Offset: e.Offset, Code: e.Code.String(), Component: e.Component, Message: e.Error()}
}

// The counters, in namespace "iri": each transform counts its inputs
// as one of two, so that none goes unaccounted for.
var (
	validateValid    = beam.NewCounter("iri", "validate.valid")
	validateInvalid  = beam.NewCounter("iri", "validate.invalid")
	normalizeOK      = beam.NewCounter("iri", "normalize.ok")
	normalizeInvalid = beam.NewCounter("iri", "normalize.invalid")
	dedupeIn         = beam.NewCounter("iri", "dedupe.valid")
	dedupeInvalid    = beam.NewCounter("iri", "dedupe.invalid")
	dedupeUnique     = beam.NewCounter("iri", "dedupe.unique")
	resolveOK        = beam.NewCounter("iri", "resolve.ok")
	resolveInvalid   = beam.NewCounter("iri", "resolve.invalid")
)

// Validate splits refs, a PCollection of strings, into the references
// that match rule (the first output) and the others (the second, of
// Invalid). allowBidi accepts the bidi formatting characters RFC 3987
// section 4.1 forbids.
func Validate(s beam.Scope, refs beam.PCollection, rule iri.Rule, allowBidi bool) (valid, bad beam.PCollection) {
	s = s.Scope("iri.Validate")
	return beam.ParDo2(s, &validateFn{Rule: int(rule), AllowBidi: allowBidi}, refs)
}

type validateFn struct {
	Rule      int  `json:"rule"`
	AllowBidi bool `json:"allow_bidi"`
}

// ProcessElement checks one reference.
func (f *validateFn) ProcessElement(ctx context.Context, s string, ok func(string), bad func(Invalid)) {
	p := iri.Parser{Rule: iri.Rule(f.Rule), AllowBidi: f.AllowBidi}
	if _, err := p.Parse(s); err != nil {
		validateInvalid.Inc(ctx, 1)
		bad(invalid(s, err))
		return
	}
	validateValid.Inc(ctx, 1)
	ok(s)
}

// Normalize maps each IRI reference of refs to its normal form under n
// (the first output); references that are not valid, or that n cannot
// normalize (an IDNA failure), go to the second.
func Normalize(s beam.Scope, refs beam.PCollection, n iri.Normalizer) (normal, bad beam.PCollection) {
	s = s.Scope("iri.Normalize")
	return beam.ParDo2(s, &normalizeFn{N: n}, refs)
}

type normalizeFn struct {
	N iri.Normalizer `json:"normalizer"`
}

// ProcessElement normalizes one reference.
func (f *normalizeFn) ProcessElement(ctx context.Context, s string, ok func(string), bad func(Invalid)) {
	out, err := f.N.Normalize(s)
	if err != nil {
		normalizeInvalid.Inc(ctx, 1)
		bad(invalid(s, err))
		return
	}
	normalizeOK.Inc(ctx, 1)
	ok(out)
}

// Dedupe keeps one reference of each set that is equal on the RFC 3987
// 5.3 comparison ladder, as iri.Key has it (so "HTTP://h/%7e" and
// "http://h/~" collapse): of each set, the shortest, the least of those
// in byte order, so that the result does not depend on the runner.
// Invalid references go to the second output.
func Dedupe(s beam.Scope, refs beam.PCollection) (unique, bad beam.PCollection) {
	s = s.Scope("iri.Dedupe")
	keyed, bad := beam.ParDo2(s, &keyFn{}, refs)
	unique = beam.ParDo(s, &countFn{}, beam.DropKey(s, beam.CombinePerKey(s, shorter, keyed)))
	return unique, bad
}

type keyFn struct{}

// ProcessElement keys one reference by iri.Key.
func (f *keyFn) ProcessElement(ctx context.Context, s string, ok func(string, string), bad func(Invalid)) {
	u, err := iri.ParseReference(s)
	if err != nil {
		dedupeInvalid.Inc(ctx, 1)
		bad(invalid(s, err))
		return
	}
	dedupeIn.Inc(ctx, 1)
	ok(iri.Key(u), s)
}

// countFn counts the references Dedupe keeps.
type countFn struct{}

// ProcessElement counts and passes on one reference.
func (f *countFn) ProcessElement(ctx context.Context, s string, emit func(string)) {
	dedupeUnique.Inc(ctx, 1)
	emit(s)
}

// shorter picks the representative of a set of equal references.
func shorter(a, b string) string {
	if len(b) < len(a) || len(b) == len(a) && b < a {
		return b
	}
	return a
}

// Resolve resolves each pair's reference against its base (RFC 3986 5.2,
// iri.IRI.ResolveIRI): the targets are the first output; pairs whose
// base is not an absolute IRI or whose reference is not valid go to the
// second, with Base set.
func Resolve(s beam.Scope, pairs beam.PCollection) (targets, bad beam.PCollection) {
	s = s.Scope("iri.Resolve")
	return beam.ParDo2(s, &resolveFn{}, pairs)
}

type resolveFn struct{}

// ProcessElement resolves one pair.
func (f *resolveFn) ProcessElement(ctx context.Context, p Pair, ok func(string), bad func(Invalid)) {
	b, err := iri.Parse(p.Base)
	if err == nil && !b.IsAbsolute() {
		err = iri.ErrRelativeBase
	}
	if err != nil {
		resolveInvalid.Inc(ctx, 1)
		in := invalid(p.Base, err)
		in.Input, in.Base = p.Ref, p.Base
		in.Message = "base: " + in.Message
		bad(in)
		return
	}
	u, err := b.Resolve(p.Ref)
	if err != nil {
		resolveInvalid.Inc(ctx, 1)
		in := invalid(p.Ref, err)
		in.Base = p.Base
		bad(in)
		return
	}
	resolveOK.Inc(ctx, 1)
	ok(u.String())
}
