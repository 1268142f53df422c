// Package generate draws references from the RFC 3987 grammar, each
// labelled with its verdict, for fuzz harnesses, benchmark suites and the
// authors of other parsers.
//
// A Generator walks the section 2.2 ABNF at random, so that every
// production and every state of the scanner's DFA is reached, and leans on
// the edges where parsers disagree: the nine IPv6address forms and
// IPvFuture, empty versus absent components, pct-encoded triplets,
// four-byte ucschar, dot segments, ':' in a path and userinfo holding '@'
// and ':'. A valid Sample carries the components the generator wrote (the
// scanner.Result that scanner.Scan must return), the productions it was
// drawn from and its edge-case features.
//
// An invalid Sample is a valid one changed once, by a named mutation, and
// carries the byte offset, code and component at which the scanner
// rejects it. The mutation names are stable:
//
//	forbidden-byte          a control, space, DEL or one of "<>\"{}|\\^`" anywhere
//	backslash               a '\' in place of a '/' delimiter
//	bracket                 '[' or ']' outside an IP-literal
//	second-at               an '@' in the host, after iuserinfo "@"
//	hash-in-fragment        a second '#'
//	fragment-in-absolute    a '#' ifragment where the rule (absolute-IRI) has none
//	scheme-digit            a scheme that starts with a digit
//	scheme-char             a character scheme does not allow, such as '_'
//	missing-scheme          a relative reference where the rule needs a scheme
//	unexpected-scheme       a scheme where the rule (irelative-ref) has none
//	colon-in-first-segment  a ':' in the first segment of a relative path
//	port-letter             a letter in the port
//	port-colon              a second ':' in the port
//	bad-percent             '%' not followed by two HEXDIG
//	bad-utf8                ill-formed UTF-8: stray, overlong, cut-short or impossible bytes
//	surrogate               a UTF-16 surrogate encoded as UTF-8 (CESU-8)
//	not-ucschar             a code point in neither ucschar nor iprivate (C1 control, noncharacter, tag)
//	iprivate                an iprivate character outside the query
//	bidi                    a bidi formatting character, which section 4.1 forbids
//	non-ascii               a character beyond ASCII in an RFC 3986 rule
//	ipv6-piece-count        too few or too many h16 pieces
//	ipv6-double-colon       two "::"
//	ipv6-long-piece         an h16 of five digits
//	ipv6-bad-char           a character that is not HEXDIG, ':' or '.' in an IPv6address
//	ipv6-bad-ipv4           a bad dec-octet, or too few or many, in an ls32 IPv4address
//	ipv6-zone               an RFC 6874 zone identifier, which RFC 3987 has not
//	ipvfuture-malformed     IPvFuture without its version, '.' or text
//	ip-literal-unclosed     an IP-literal without its ']'
//	after-ip-literal        a character other than ':' port after the ']'
//
// Mutations that need something of the rule (a fragment, a scheme, a
// relative form, non-ASCII) are drawn only for the rules that have it;
// see MutationApplies. No sample holds a LF or CR, so that every sample is
// one line of text.
//
// A Generator is deterministic: the same Options, Seed included, give the
// same samples on every platform and Go release (see New for why).
package generate
