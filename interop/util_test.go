package interop

import "strconv"

func quote(s string) string { return strconv.Quote(s) }

func strconvQuote(s string) string { return strconv.Quote(s) }
