//go:build amd64 && !purego

package scan

// decodeRun is the hot loop of AppendIRIOf in assembly (decode_amd64.s),
// used when the CPU has SSSE3. From s[i] on, for an s that Scan accepted,
// it writes the IRI form into dst and returns where it stopped and how
// many bytes it wrote. It copies bytes up to each '%' sixteen at a time
// and decodes chains of %HH fifteen triplets at a time: it writes the
// octets that form unreserved ASCII, or characters whose lead byte the
// scan loop decodes itself, unless section 6.1 lists them
// (tables.ProneLead, ProneNext); it copies the triplets of other ASCII as
// they are. It stops at the end of s, at a triplet it leaves to the
// caller, and where a read could cross into a page past the end of s.
//
// Each store writes sixteen bytes: dst must have room for the rest of s
// plus sixteen.
//
//go:noescape
func decodeRun(dst *byte, s string, i int) (next, n int)
