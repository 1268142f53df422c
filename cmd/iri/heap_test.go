package main

import (
	"io"
	"runtime"
	"sync"
	"time"
)

// heapSampler is a test's input that measures the live heap as it is
// read: before the Read that follows each `every` bytes, and at the end
// of the input, it stops (the input stops with it), lets the workers
// finish the chunks in flight, collects garbage and keeps the largest
// HeapInuse seen. Sampling by bytes rather than by a clock means a fast
// machine cannot finish a run before the first sample; stopping the
// input keeps the garbage made between the collection and the reading
// out of the figure.
type heapSampler struct {
	r     io.Reader
	every int64

	mu      sync.Mutex
	read    int64 // bytes handed out
	due     int64 // when the next sample is taken
	peak    uint64
	samples int
	ended   bool
}

// newHeapSampler samples r about n times over size bytes.
func newHeapSampler(r io.Reader, size int64, n int) *heapSampler {
	every := max(size/int64(n), 1)
	return &heapSampler{r: r, every: every, due: every}
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

func (s *heapSampler) sample() {
	time.Sleep(20 * time.Millisecond) // the workers finish their chunks
	if h := liveHeap(); h > s.peak {
		s.peak = h
	}
	s.samples++
}

func (s *heapSampler) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.read >= s.due {
		s.sample()
		s.due = s.read + s.every
	}
	n, err := s.r.Read(p)
	s.read += int64(n)
	if err == io.EOF && !s.ended {
		s.ended = true
		s.sample()
	}
	return n, err
}

// result is the largest live heap seen and the number of samples taken.
func (s *heapSampler) result() (peak uint64, samples int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak, s.samples
}
