// Package ascii holds the byte-level helpers that the iri module's
// packages share: hex digits and %HH triplets, ASCII case and the
// RFC 3986 character classes, and word-at-a-time searches. Each exists
// here once. Nothing here is part of the module's API.
package ascii
