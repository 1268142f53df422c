package scan

// The engine's entry points as package scanner calls them, for the tests
// here.

var allRules = func() (rs []Rule) {
	for r := range numRules {
		rs = append(rs, r)
	}
	return
}()

func scanOf(s string, r Rule, opts Options) (res Result) {
	Scan(s, r, opts, nil, false, &res)
	return
}

func appendURI(dst []byte, s string, r Rule, opts Options) ([]byte, Result) {
	var res Result
	dst = Scan(s, r, opts, dst, true, &res)
	return dst, res
}

func appendIRI(dst []byte, s string, r Rule, opts Options) []byte {
	res := scanOf(s, r, opts)
	if !res.OK() {
		return dst
	}
	return AppendIRIOf(dst, s, &res)
}
