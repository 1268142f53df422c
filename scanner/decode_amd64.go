//go:build amd64

package scanner

// decodeRun is the hot loop of AppendIRIOf in assembly (decode_amd64.s),
// used when the CPU has SSSE3. From the '%' at s[i] it decodes the chain
// of %HH triplets fifteen at a time into dst and returns where it stopped
// and how many bytes it wrote. It writes the octets that form unreserved
// ASCII and the characters whose lead byte the scan loop decodes itself,
// except for those section 6.1 lists (tables.ProneLead, ProneNext), and
// copies the triplets of other ASCII as they are. It stops at the end of
// the chain, at a triplet it leaves to the caller (anything else, and a
// bad triplet), and where reading 46 bytes could cross into a page past
// the end of s.
//
// Each store writes sixteen bytes: dst must have room for the decoded
// chain plus sixteen.
//
//go:noescape
func decodeRun(dst *byte, s string, i int) (next, n int)
