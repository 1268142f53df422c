// Package fuzz holds native Go fuzz targets that check the scanner against
// an independent recognizer built with package regexp from the RFC 3987 and
// RFC 3986 ABNF, and against net/url.
package fuzz
