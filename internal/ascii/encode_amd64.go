//go:build amd64 && !purego

package ascii

// encode512 writes the URI form of s, not empty, to dst, which has room
// for it (len(s) plus two bytes for each byte above 0x7F), and returns
// its length: encodeNonASCII in AVX-512 (encode_amd64.s). A block of 64
// bytes without a byte to encode is one masked load and store; any other
// takes three steps of 21 bytes: VPERMB writes each byte three times,
// VPSHUFB puts the hex digits of its nibbles in the second and third
// copies and '%' in the first, and VPCOMPRESSB keeps all three for a byte
// to encode, the first for one not. Every load and store is masked, so it
// touches nothing past s or the encoded form.
//
//go:noescape
func encode512(dst *byte, s string) int

// The encoder's constants: encTriple[j][k] is 21j+k/3, the byte of the
// block whose copy is k in step j; encHex holds the hex digits in each
// 16-byte lane.
var (
	encTriple [3][64]byte
	encHex    [64]byte
)

func init() {
	for k := range 64 {
		for j := range encTriple {
			encTriple[j][k] = byte(21*j + min(k/3, 20))
		}
		encHex[k] = UpperHex[k%16]
	}
}
