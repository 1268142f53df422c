package iri

import (
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestDefaultPort(t *testing.T) {
	for scheme, want := range map[string]string{"http": "80", "HTTPS": "443", "ws": "80", "wss": "443", "ftp": "21"} {
		if got, ok := DefaultPort(scheme); !ok || got != want {
			t.Errorf("DefaultPort(%q) = %q, %v; want %q", scheme, got, ok, want)
		}
	}
	if got, ok := DefaultPort("gopher-not-registered"); ok {
		t.Errorf("DefaultPort of an unknown scheme = %q, true", got)
	}
	m := DefaultPorts()
	m["http"] = "8080" // a copy: the table must not change
	if got, _ := DefaultPort("http"); got != "80" {
		t.Errorf("changing DefaultPorts()'s copy changed the table: http is %q", got)
	}
}

func TestRegisterDefaultPort(t *testing.T) {
	if err := RegisterDefaultPort("X-Test-Reg", "0070"); err != nil {
		t.Fatal(err)
	}
	if got, ok := DefaultPort("x-test-reg"); !ok || got != "0070" {
		t.Errorf("DefaultPort after RegisterDefaultPort = %q, %v", got, ok)
	}
	got, err := Normalizer{Level: LevelScheme}.Normalize("X-TEST-REG://h:70/")
	if err != nil || got != "x-test-reg://h/" {
		t.Errorf("Normalize with a registered port = %q, %v; want x-test-reg://h/", got, err)
	}
	for _, bad := range [][2]string{{"", "1"}, {"1a", "1"}, {"a:b", "1"}, {"a b", "1"}, {"a", ""}, {"a", "123456"}, {"a", "8o"}, {string(make([]byte, 33)), "1"}} {
		if err := RegisterDefaultPort(bad[0], bad[1]); err == nil {
			t.Errorf("RegisterDefaultPort(%q, %q) = nil, want an error", bad[0], bad[1])
		}
	}
}

// Registering while other goroutines normalize, lint and compare: the race
// detector (go test -race) fails this test if the table is shared unsafely.
func TestRegisterDefaultPortConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := Normalizer{Level: LevelScheme}
			for i := 0; i < 200; i++ {
				if _, err := n.Normalize("http://h:80/a"); err != nil {
					t.Error(err)
					return
				}
				Key(MustParseReference("https://h:443/"))
				IsDefaultPort("HTTP", "080")
				DefaultPort("http")
			}
		}()
	}
	for i := 0; i < 200; i++ {
		if err := RegisterDefaultPort("race"+strconv.Itoa(i%7), strconv.Itoa(1000+i)); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
}

func TestIsDefaultPort(t *testing.T) {
	for _, tt := range []struct {
		scheme, port string
		want         bool
	}{
		{"http", "80", true}, {"HTTP", "080", true}, {"https", "443", true}, {"wss", "443", true},
		{"http", "8080", false}, {"http", "", false}, {"gopher", "70", false},
		{strings.Repeat("h", 40), "80", false},
	} {
		if got := IsDefaultPort(tt.scheme, tt.port); got != tt.want {
			t.Errorf("IsDefaultPort(%q, %q) = %v", tt.scheme, tt.port, got)
		}
	}
}
