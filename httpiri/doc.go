// Package httpiri checks the request target of each HTTP request at the
// edge of a server or a proxy, before any handler reads it, and can
// rewrite it to a normal form so that the proxy and the backend behind it
// see the same path.
//
// Middleware reads r.RequestURI, the target exactly as the client sent
// it, and requires one of the four forms of RFC 9112 section 3.2:
// origin-form (absolute-path [ "?" query ]), absolute-form (absolute-URI),
// authority-form (uri-host ":" port, for CONNECT only) and asterisk-form
// ("*", for OPTIONS only), each held to the grammar of RFC 3986 (or, with
// Options.IRI, RFC 3987). A request that fails is answered 400 Bad Request
// with an application/problem+json body (RFC 9457) whose members offset,
// component and code say where and why, and the next handler never runs.
// A request that passes reaches it with the parsed target available
// through FromContext.
//
// net/http itself answers 400 to some malformed targets (a bad '%', a
// control character) before any handler runs; the middleware catches what
// it lets through: '{', '}', '|', '\', '^', '`', '<', '>', '"', raw
// non-ASCII bytes, a '#', a bad port or IP literal in absolute-form, a
// userinfo in authority-form, and more.
//
// Options add policy on top of the grammar: the checks of package lint at
// or above a severity (encoded dot segments and slashes, encoded authority
// delimiters, overlong or non-UTF-8 %HH, bidi and invisible characters),
// rewriting to the syntax- or scheme-based normal form of RFC 3986 section
// 6, merging slashes, the four actions on escaped slashes that Envoy's HTTP
// connection manager offers, and a check of the Host header. Options
// names, for each of them, the Envoy setting it matches.
//
// Every function is safe for concurrent use, runs in time linear in the
// target, and never panics on any input. The check allocates nothing for
// a request that passes without a rewrite; storing the parsed target for
// FromContext costs two allocations (the copy of the request that
// Request.WithContext makes, and one context node that holds the IRI),
// which Options.NoContext saves.
package httpiri
