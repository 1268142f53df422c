// Package beamiri runs the iri checks as Apache Beam transforms, so that
// link sets too large for one machine are cleaned on the engine a data
// team already has: the same Go pipeline runs on Beam's local runner
// (Prism), Dataflow, Flink and Spark.
//
// Every transform counts what it sees, so that nothing is dropped
// silently: each input is valid or invalid, and an invalid one comes out
// of the second output with the byte offset, code and component of its
// first error. Each transform counts its inputs in two counters
// (beam.NewCounter, namespace "iri") that add up to them:
// validate.valid and validate.invalid, normalize.ok and
// normalize.invalid, dedupe.valid and dedupe.invalid (and dedupe.unique,
// what it keeps), resolve.ok and resolve.invalid.
//
// It lives in a module of its own (github.com/irikit/iri/beam), so that
// the iri module users import does not require Beam.
package beamiri
