package iri_test

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// No compiled program is tracked, and the one go build writes in cmd/iri is
// ignored: a stale binary in the tree misleads anyone who runs it, and an
// untracked one dirties every checkout that builds (issue 27, item 4). No
// tracked file outside a testdata directory is over 1 MiB (issue 30).
func TestNoBinaryTracked(t *testing.T) {
	if _, err := os.Stat(".git"); err != nil {
		t.Skip("not a git checkout")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	// The magic numbers of ELF, Mach-O (both byte orders, 32 and 64 bits,
	// and universal), PE and WebAssembly.
	magics := [][]byte{
		[]byte("\x7fELF"),
		{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe},
		{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe},
		{0xca, 0xfe, 0xba, 0xbe},
		[]byte("MZ"),
		[]byte("\x00asm"),
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		f, err := os.Open(name)
		if err != nil {
			continue // deleted in the work tree
		}
		head := make([]byte, 4)
		n, _ := f.Read(head)
		fi, err := f.Stat()
		f.Close()
		// Data that large belongs with the tests that read it.
		if err == nil && fi.Size() > 1<<20 && !strings.Contains("/"+name, "/testdata/") {
			t.Errorf("%s is %d bytes, over 1 MiB, outside a testdata directory", name, fi.Size())
		}
		for _, m := range magics {
			if bytes.HasPrefix(head[:n], m) {
				t.Errorf("%s is a compiled program (starts %q) and is tracked", name, head[:n])
			}
		}
	}
	for _, built := range []string{"cmd/iri/iri", "iri"} {
		if err := exec.Command("git", "check-ignore", "-q", built).Run(); err != nil {
			t.Errorf("%s, which go build writes, is not ignored by .gitignore", built)
		}
	}
}
