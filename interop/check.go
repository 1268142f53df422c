package interop

// Check says whether the readings of ref in ctx can differ in scheme,
// host or port, and by which rules, without reading it: ok is true when
// no rule that can change where a request goes applies. It never says ok
// where Read finds the readings of the scheme, host or port apart (the
// fuzz target FuzzCheck holds it to that), but may say not ok where they
// agree ("http://0x7f.1/" is not ok even though net/url and RFC 3986
// agree with each other: WHATWG reads 127.0.0.1). It allocates nothing.
func Check(ref string, ctx Context) (c Causes, ok bool) {
	c = triggers(ref, ctx, false) & destination
	return c, c == 0
}

// CheckComponents is Check for the components of comps: ok is true when
// no rule that can change one of them applies. CheckComponents(ref, ctx,
// Destination) is Check.
func CheckComponents(ref string, ctx Context, comps Components) (c Causes, ok bool) {
	var mask Causes
	for k := range numCauses {
		if causeInfo[k].affects&comps != 0 {
			mask |= 1 << k
		}
	}
	c = triggers(ref, ctx, comps&^Destination != 0) & mask
	return c, c == 0
}
