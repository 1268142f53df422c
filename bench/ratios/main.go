// Command ratios reads `go test -bench` output of package bench (five or
// more rounds) and prints the README's tables: the median of each
// benchmark as a ratio to the baselines measured in the same run.
//
//	for i in 1 2 3 4 5 6; do go test ./bench -run '^$' -bench . -benchmem -count 1; done | tee bench.txt
//	go run ./bench/ratios < bench.txt
//
// With -hostile it reads the output of package bench/hostile instead and
// prints, for each entry point, the family that costs it most per byte at
// 16 MiB, that cost at 1 and 16 MiB, and the largest growth of the cost
// per byte from 1 to 16 MiB over all families:
//
//	go test ./bench/hostile -run '^$' -bench . -benchtime 1x -benchmem | tee hostile.txt
//	go run ./bench/ratios -hostile < hostile.txt
//
// With -asm it reads BenchmarkAsm's output and prints, for each assembly
// routine and corpus, its Go form's time over its own (the gain is that
// less one), and over the corpora together the geometric mean:
//
//	go test . -run '^$' -bench '^BenchmarkAsm$' -count 6 | tee asm.txt
//	go run ./ratios -asm < asm.txt
//
// (All from the bench module's directory; the commands above are relative
// to it: ./hostile, ./ratios.)
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var line = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op\s+([\d.]+) MB/s(?:\s+(\d+) B/op\s+(\d+) allocs/op)?`)

type sample struct{ ns, mbs, allocs, bytes []float64 }

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func main() {
	hostileTable := flag.Bool("hostile", false, "read bench/hostile's output and print the hostile-input table")
	asmTable := flag.Bool("asm", false, "read BenchmarkAsm's output and print each routine's gain over its Go form")
	flag.Parse()
	runs := map[string]*sample{}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		s := runs[m[1]]
		if s == nil {
			s = &sample{}
			runs[m[1]] = s
		}
		ns, _ := strconv.ParseFloat(m[2], 64)
		mbs, _ := strconv.ParseFloat(m[3], 64)
		allocs, _ := strconv.ParseFloat(m[5], 64)
		bytes, _ := strconv.ParseFloat(m[4], 64)
		s.ns, s.mbs, s.allocs, s.bytes = append(s.ns, ns), append(s.mbs, mbs), append(s.allocs, allocs), append(s.bytes, bytes)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *hostileTable {
		printHostile(runs)
		return
	}
	if *asmTable {
		printAsm(runs)
		return
	}
	ns := func(name string) float64 {
		if s := runs[name]; s != nil {
			return median(s.ns)
		}
		return 0
	}
	mbs := func(name string) float64 {
		if s := runs[name]; s != nil {
			return median(s.mbs)
		}
		return 0
	}
	allocs := func(name string) float64 {
		if s := runs[name]; s != nil {
			return slices.Max(s.allocs)
		}
		return 0
	}
	fmt.Println("| corpus | Scan MB/s | ÷ net/url Parse | ÷ floor (per byte) | allocs | AppendURI MB/s | ÷ net/url Parse+String | allocs |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, c := range []string{"ascii", "iri", "jp", "relative"} {
		scan, app := "Scan/"+c, "AppendURI/"+c
		fmt.Printf("| %s | %.0f | %.1fx | %.2fx | %.0f | %.0f | %.1fx | %.0f |\n", c,
			mbs(scan), ns("NetURLParse/"+c)/ns(scan), ns("Floor/"+c)/ns(scan), allocs(scan),
			mbs(app), ns("NetURLParseString/"+c)/ns(app), allocs(app))
	}
	fmt.Println()
	fmt.Println("| corpus | scanner.Valid MB/s | ÷ floor (per byte) | ParseReference ÷ scanner.Scan (time) | Valid ÷ scanner.Valid (time) |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, c := range []string{"ascii", "iri", "jp", "relative"} {
		fmt.Printf("| %s | %.0f | %.2fx | %.2fx | %.2fx |\n", c, mbs("ScanValid/"+c), ns("Floor/"+c)/ns("ScanValid/"+c),
			ns("Parse/"+c)/ns("Scan/"+c), ns("Valid/"+c)/ns("ScanValid/"+c))
	}
	fmt.Println()
	fmt.Println("| corpus | ToURI MB/s | ÷ net/url Parse+String | allocs | ToURI with IDNA MB/s | allocs | ToIRI MB/s | ÷ net/url PathUnescape | allocs |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, c := range []string{"ascii", "iri", "jp", "relative", "jp-idn", "iri-heap"} {
		to, idna, back := "ToURI/"+c, "ToURIIDNA/"+c, "ToIRI/"+c
		if runs[idna] == nil && runs[back] != nil { // iri-heap runs ToIRI only
			fmt.Printf("| %s | | | | | | %.0f | %.1fx | %.0f |\n", c,
				mbs(back), ns("NetURLPathUnescape/"+c)/ns(back), allocs(back))
			continue
		}
		if runs[idna] == nil {
			continue
		}
		if runs[to] == nil { // jp-idn runs with IDNA only
			fmt.Printf("| %s | | | | %.0f | %.0f | | | |\n", c, mbs(idna), allocs(idna))
			continue
		}
		fmt.Printf("| %s | %.0f | %.1fx | %.0f | %.0f | %.0f | %.0f | %.1fx | %.0f |\n", c,
			mbs(to), ns("NetURLParseString/"+c)/ns(to), allocs(to), mbs(idna), allocs(idna),
			mbs(back), ns("NetURLPathUnescape/"+c)/ns(back), allocs(back))
	}
	fmt.Println()
	fmt.Println("| corpus | Normalize (scheme level) MB/s | ÷ purell FlagsSafe | allocs | Resolve MB/s | ÷ net/url ResolveReference | allocs |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	for _, c := range []string{"ascii", "iri", "jp", "relative"} {
		nm := "Normalize/" + c
		if runs[nm] == nil {
			continue
		}
		res := ""
		if runs["Resolve/"+c] != nil {
			res = fmt.Sprintf(" %.0f | %.1fx | %.0f |", mbs("Resolve/"+c), ns("NetURLResolveReference/"+c)/ns("Resolve/"+c), allocs("Resolve/"+c))
		} else {
			res = " | | |"
		}
		fmt.Printf("| %s | %.0f | %.1fx | %.0f |%s\n", c, mbs(nm), ns("PurellNormalize/"+c)/ns(nm), allocs(nm), res)
	}
	if runs["LintClean/ascii"] != nil {
		fmt.Println()
		fmt.Println("| corpus | Lint MB/s | allocs | Lint, clean lines, MB/s | ÷ Scan of the same lines (cost) | allocs |")
		fmt.Println("|---|---:|---:|---:|---:|---:|")
		for _, c := range []string{"ascii", "iri", "jp", "relative"} {
			lc := "LintClean/" + c
			fmt.Printf("| %s | %.0f | %.0f | %.0f | %.2fx | %.0f |\n", c, mbs("Lint/"+c), allocs("Lint/"+c),
				mbs(lc), ns(lc)/ns("ScanClean/"+c), allocs(lc))
		}
	}
	var dots []string
	for name := range runs {
		if strings.HasPrefix(name, "RemoveDotSegments/") {
			dots = append(dots, name)
		}
	}
	if len(dots) > 0 {
		slices.SortFunc(dots, func(a, b string) int {
			pa, pb := strings.Split(a, "/"), strings.Split(b, "/")
			if pa[1] != pb[1] {
				return strings.Compare(pa[1], pb[1])
			}
			na, _ := strconv.Atoi(pa[2])
			nb, _ := strconv.Atoi(pb[2])
			return na - nb
		})
		fmt.Println()
		fmt.Println("| remove_dot_segments (hostile chains) | bytes | MB/s | allocs |")
		fmt.Println("|---|---:|---:|---:|")
		for _, name := range dots {
			p := strings.Split(name, "/")
			fmt.Printf("| %s | %s | %.0f | %.0f |\n", p[1], p[2], mbs(name), allocs(name))
		}
	}
	fmt.Println()
	fmt.Println("| hostile input (1 MiB) | MB/s | per-byte cost ÷ ascii Scan |")
	fmt.Println("|---|---:|---:|")
	var names []string
	for name := range runs {
		if strings.HasPrefix(name, "HostileScan/") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	ascii := mbs("Scan/ascii")
	for _, name := range names {
		fmt.Printf("| %s | %.0f | %.2fx |\n", strings.TrimPrefix(name, "HostileScan/"), mbs(name), ascii/mbs(name))
	}
}

// printHostile prints one row per entry point of BenchmarkHostile/ENTRY/
// FAMILY/SIZE: its costliest family at 16 MiB, the cost per byte of that
// family at 1 and 16 MiB, the bytes it allocates per input byte at 16
// MiB, and the largest ratio of the cost per byte at 16 MiB to that at 1
// MiB over every family, with the family.
func printHostile(runs map[string]*sample) {
	const pre = "Hostile/"
	type cost struct{ ns1, ns16, b16 float64 }
	entries := map[string]map[string]*cost{}
	var order []string
	for name, s := range runs {
		p := strings.Split(strings.TrimPrefix(name, pre), "/")
		if !strings.HasPrefix(name, pre) || len(p) != 3 {
			continue
		}
		fams := entries[p[0]]
		if fams == nil {
			fams = map[string]*cost{}
			entries[p[0]] = fams
			order = append(order, p[0])
		}
		c := fams[p[1]]
		if c == nil {
			c = &cost{}
			fams[p[1]] = c
		}
		n := map[string]float64{"1MiB": 1 << 20, "16MiB": 16 << 20}[p[2]]
		switch p[2] {
		case "1MiB":
			c.ns1 = median(s.ns) / n
		case "16MiB":
			c.ns16 = median(s.ns) / n
			c.b16 = median(s.bytes) / n
		}
	}
	slices.Sort(order)
	fmt.Println("| entry point | costliest family at 16 MiB | ns/byte at 1 MiB | ns/byte at 16 MiB | bytes allocated per byte | largest growth 1 -> 16 MiB (family) |")
	fmt.Println("|---|---|---:|---:|---:|---:|")
	for _, e := range order {
		var worst, grows string
		var w *cost
		growth := 0.0
		for fam, c := range entries[e] {
			if c.ns1 == 0 || c.ns16 == 0 {
				continue
			}
			if w == nil || c.ns16 > w.ns16 || c.ns16 == w.ns16 && fam < worst {
				worst, w = fam, c
			}
			if g := c.ns16 / c.ns1; g > growth || g == growth && fam < grows {
				growth, grows = g, fam
			}
		}
		if w == nil {
			continue
		}
		fmt.Printf("| %s | %s | %.2f | %.2f | %.1f | %.2fx (%s) |\n", e, worst, w.ns1, w.ns16, w.b16, growth, grows)
	}
}

// printAsm prints, for each routine of BenchmarkAsm, the median time of
// its Go form over that of the routine on each corpus, and their
// geometric mean.
func printAsm(runs map[string]*sample) {
	fmt.Println("| routine | ascii | iri | jp | relative | geometric mean |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	for _, r := range []string{"ScanLoop", "Decode", "Decode512", "Look512", "Block", "Block256"} {
		row, prod, n := "| "+r, 1.0, 0
		for _, c := range []string{"ascii", "iri", "jp", "relative"} {
			a, g := runs["Asm/"+r+"/"+c+"/asm"], runs["Asm/"+r+"/"+c+"/go"]
			if a == nil || g == nil {
				row += " | "
				continue
			}
			q := median(g.ns) / median(a.ns)
			row += fmt.Sprintf(" | %.2fx", q)
			prod *= q
			n++
		}
		if n == 0 {
			continue
		}
		fmt.Printf("%s | %.2fx |\n", row, math.Pow(prod, 1/float64(n)))
	}
}
