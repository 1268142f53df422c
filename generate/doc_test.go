package generate

import (
	"os"
	"strings"
	"testing"
)

// The list in Mutations' documentation is Mutations(), in order.
func TestMutationsDocumented(t *testing.T) {
	b, err := os.ReadFile("mutate.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, _, _ := strings.Cut(string(b), "func Mutations() []string {")
	var names []string
	for _, l := range strings.Split(doc, "\n") {
		if rest, ok := strings.CutPrefix(l, "//\t"); ok {
			names = append(names, strings.Fields(rest)[0])
		}
	}
	if got, want := strings.Join(names, " "), strings.Join(Mutations(), " "); got != want {
		t.Errorf("Mutations' documentation lists\n%s\nMutations() returns\n%s", got, want)
	}
}
