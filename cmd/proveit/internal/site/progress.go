package site

// Progress of a long build, on stderr: a bar redrawn in place on a
// terminal, plain lines otherwise. It never touches what the build
// writes: the same inputs give the same files with or without it.

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress reports the steps of a build to a writer. The zero value, and
// a nil *Progress, report nothing (--quiet).
type Progress struct {
	w   io.Writer
	tty bool

	mu          sync.Mutex
	phase       string
	done, total int
	shown       int       // plain lines: the last tenth printed
	drawn       time.Time // terminal: when the bar was last drawn
	now         func() time.Time
}

// NewProgress reports to w, as a bar when w is a terminal (a character
// device), as plain lines otherwise.
func NewProgress(w io.Writer) *Progress {
	return &Progress{w: w, tty: isTerminal(w), now: time.Now}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Start begins a step of total items ("scoring", "pages" …); a total of 0
// is a step without a count.
func (p *Progress) Start(phase string, total int) {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.end()
	p.phase, p.done, p.total, p.shown = phase, 0, total, 0
	if p.tty {
		p.draw()
		return
	}
	if total > 0 {
		fmt.Fprintf(p.w, "proveit build: %s: 0/%d\n", phase, total)
	} else {
		fmt.Fprintf(p.w, "proveit build: %s\n", phase)
	}
}

// Step counts n more items of the current step done.
func (p *Progress) Step(n int) {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	if p.tty {
		if t := p.now(); t.Sub(p.drawn) >= 100*time.Millisecond || p.done == p.total {
			p.draw()
		}
		return
	}
	// Plain lines: one per tenth of the step, so that a log stays short.
	if p.total > 0 {
		if tenth := 10 * p.done / p.total; tenth > p.shown && tenth < 10 {
			p.shown = tenth
			fmt.Fprintf(p.w, "proveit build: %s: %d/%d\n", p.phase, p.done, p.total)
		}
	}
}

// Done ends the current step.
func (p *Progress) Done() {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.end()
	p.phase = ""
}

// end closes the current step's line: the bar's last state, or the plain
// line of its count.
func (p *Progress) end() {
	if p.phase == "" {
		return
	}
	if p.tty {
		p.draw()
		fmt.Fprint(p.w, "\n")
		return
	}
	if p.total > 0 {
		fmt.Fprintf(p.w, "proveit build: %s: %d/%d\n", p.phase, p.done, p.total)
	}
}

// draw redraws the bar in place.
func (p *Progress) draw() {
	p.drawn = p.now()
	if p.total <= 0 {
		fmt.Fprintf(p.w, "\r\x1b[Kproveit build: %s", p.phase)
		return
	}
	const width = 30
	filled := width * p.done / p.total
	fmt.Fprintf(p.w, "\r\x1b[Kproveit build: %-8s [%s%s] %d/%d", p.phase, strings.Repeat("#", filled), strings.Repeat(" ", width-filled), p.done, p.total)
}
