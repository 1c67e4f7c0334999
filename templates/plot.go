package templates

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
)

// The plot of a track: overclaim (vertical) against success (horizontal),
// one chart per track and never two tracks in one chart (§6.6), the two
// rates side by side and never combined into one (§5.7). Every point is
// named in the SVG itself, beside it, so that a phone and a printed page
// show who is where without a tooltip; the table stays the data.
//
// Every coordinate is an integer in user units, computed with integer
// arithmetic, so that the SVG is the same bytes on any machine.
// Participants with the same success and the same overclaim to the tenth
// of a percent share one point, whose label lists them all; marker size
// encodes nothing.
//
// Legibility: the viewBox is plotW units wide and the text plotFont
// units high. The stylesheet lets the SVG take the width of its column up
// to a maximum, so that at a 390 px phone (a column of about 370 px) one
// unit is about 0.93 px and the text about 12 px; the browser test
// measures it.
//
// Labels are placed in two passes (plot.layout). First beside their
// marker: at each step, the point with the fewest free places among the
// eight around it takes the first of them, so that a crowded point is
// served before its neighbours fill its room; a point of several names may
// also take them one a line. Then, in the points' order, each label left
// takes the place nearest to its marker on a lattice over the plotting
// area, within farRadius first, joined by a leader line that crosses as
// few other markers and labels as the nearest free places allow. A place
// is free when its box stays in the plotting area and overlaps no label
// already placed and no marker. The widths of the labels are estimated
// from the advance widths of DejaVu Sans (the widest of the usual
// sans-serif faces), with a margin; when a label finds no place, the
// plotting area grows taller by a quarter and every label is placed again.
//
// Intervals (issue 32): every point carries the 95 % Wilson interval of
// its success, a horizontal bar, and of its overclaim, a vertical bar
// (score.Wilson, the interval the table prints), the bounds rounded to the
// per mille and placed as the points are. The participants of one point
// share its success interval (the same count of the same tasks) but may
// not share their overclaim's (the same rate of different counts): each
// distinct overclaim interval has its own bar, side by side, plotDodge
// units apart, centred on the point. The bars are drawn under every
// marker and label and are not obstacles to the labels, whose halo keeps
// them legible over a bar.
//
// Links: a point of one participant is a link to their report, marker and
// label; in a point of several, each name is a link to its participant's
// report. Every link's accessible name is the participant's name, then
// both rates.
//
// Colours come from the stylesheet's classes (frame, grid, graduation,
// reference, point, leader, name, axis-title in layout.templ),
// text from currentColor, never from an attribute of the SVG, so that
// another colour scheme restyles the plot. A track with fewer than
// plotMinPoints participants with an overclaim rate, or more than
// plotMaxPoints points, has no plot and a sentence that says why.

const (
	plotW       = 400 // viewBox width
	plotFont    = 13  // font size of every text, in user units
	plotLine    = 16  // line height of a label
	plotLeft    = 68  // the frame's left edge: y tick labels and the y title sit left of it
	plotRightM  = 14  // from the frame's right edge to the viewBox's
	plotTop     = 30  // the frame's top edge: the best-constant label sits above it
	plotPad     = 12  // from the frame to the nearest data coordinate: points on an axis are whole
	plotBaseH   = 260 // the frame's height, before it grows for its labels
	plotGrowDiv = 4   // the frame grows by a quarter of its height when a label finds no place
	plotMaxH    = 2400
	plotBelow   = 52 // below the frame: x tick labels and the x title
	plotR       = 5  // marker radius
	plotGap     = 3  // from a marker to a label beside it
	plotLattice = 4  // step of the lattice of far places
	plotLabelW  = 150
	// freeCandidates is how many free places a far label weighs, nearest
	// first, for the fewest crossings of its leader line.
	freeCandidates = 100
	// farRadius is how far from its marker a label is first looked for.
	farRadius = 96
	// plotMaxPoints is the most points a plot names: beyond it the
	// labels would cover the plotting area, and the table says more.
	plotMaxPoints = 30
	// plotMinPoints is the fewest participants with an overclaim rate
	// that make a plot: with one, nothing is compared.
	plotMinPoints = 2
	// plotDodge is the distance between two overclaim bars of one point,
	// and plotCap half the length of a bar's end caps.
	plotDodge = 4
	plotCap   = 3
)

type plot struct {
	ID          string
	Title, Desc string
	// Reason, when set, is the sentence that says why the track has no
	// plot; nothing else is set but the counts.
	Reason string
	W, H   int
	Frame  box
	// XTicks are at every count of tasks (gridlines), YTicks at every
	// quarter; a tick with an empty Label has a gridline only.
	XTicks, YTicks []tick
	Ref            reference
	Points         []point
	XTitle, YTitle position
	Plotted        int
	Excluded       int
}

// box is a rectangle in user units: X, Y its top left corner.
type box struct{ X, Y, W, H int }

func (b box) Right() int  { return b.X + b.W }
func (b box) Bottom() int { return b.Y + b.H }

// overlaps reports whether b and c share any area.
func (b box) overlaps(c box) bool {
	return b.X < c.Right() && c.X < b.Right() && b.Y < c.Bottom() && c.Y < b.Bottom()
}

// within reports whether b lies inside c.
func (b box) within(c box) bool {
	return b.X >= c.X && b.Y >= c.Y && b.Right() <= c.Right() && b.Bottom() <= c.Bottom()
}

// grow is b with m more units on every side.
func (b box) grow(m int) box { return box{b.X - m, b.Y - m, b.W + 2*m, b.H + 2*m} }

type position struct{ X, Y int }

type tick struct {
	Pos   int
	Label string
	Box   box // the label's estimated box, for the tests
}

// reference is the best-constant line: vertical at its success, the
// label above the frame (its overclaim has no value, §7.2).
type reference struct {
	X, Y1, Y2 int
	Text      position // text-anchor start
	Label     string
	Box       box
}

type point struct {
	X, Y, R  int
	Title    string
	Negative bool
	Names    []string
	Label    label
	// Links are the reports of the point's participants, in the order of
	// Names.
	Links []plotLink
	// SuccessBar is the interval of the point's success, OverclaimBars
	// the distinct intervals of its participants' overclaim, left to right.
	SuccessBar    bar
	OverclaimBars []bar
}

// plotLink is a participant's report, linked from the plot, and the
// link's accessible name.
type plotLink struct {
	Href  sitepath.Href
	Label string
}

// bar is an interval's bar, from (X1, Y1) to (X2, Y2): horizontal (Y1 ==
// Y2, X1 ≤ X2) or vertical (X1 == X2, Y1 ≥ Y2, from the low bound to the
// high), with end caps plotCap units each side.
type bar struct{ X1, Y1, X2, Y2 int }

// Path is the bar and its two caps as SVG path data.
func (b bar) Path() string {
	if b.Y1 == b.Y2 {
		return fmt.Sprintf("M%d %dH%dM%d %dV%dM%d %dV%d", b.X1, b.Y1, b.X2, b.X1, b.Y1-plotCap, b.Y1+plotCap, b.X2, b.Y1-plotCap, b.Y1+plotCap)
	}
	return fmt.Sprintf("M%d %dV%dM%d %dH%dM%d %dH%d", b.X1, b.Y1, b.Y2, b.X1-plotCap, b.Y1, b.X1+plotCap, b.X1-plotCap, b.Y2, b.X1+plotCap)
}

// perMille is a bound of an interval in [0, 1] rounded half up to the per
// mille; the product is rounded before the sum (an explicit conversion), so
// that no fused multiply-add changes the result on any machine.
func perMille(v float64) int { return int(math.Floor(float64(v*1000) + 0.5)) }

// label is the names of a point, one tspan a line.
type label struct {
	Box    box
	Lines  []labelLine
	Leader bool
	// LX, LY: where the leader line meets the label's box.
	LX, LY int
}

type labelLine struct {
	X, Y int // baseline start
	Text string
	// Segs are the line's text in runs: a run of one name (Name, its index
	// in the point's Names) or a separator between names (Name -1).
	Segs []labelSeg
}

// labelSeg is a run of a label's line.
type labelSeg struct {
	Text string
	Name int
}

// divRound is round(a/b) half up for a ≥ 0, b > 0.
func divRound(a, b int) int { return (2*a + b) / (2 * b) }

// advance is the advance width of a rune in thousandths of an em, about
// DejaVu Sans's, rounded up.
func advance(r rune) int {
	switch {
	case r == ' ' || r == '\u00a0' || r == '\u202f' || r == ',' || r == '.' || r == ';' || r == ':':
		return 340
	case strings.ContainsRune("iljI'!|", r):
		return 300
	case strings.ContainsRune("ft()[]/-", r):
		return 400
	case r == 'r':
		return 420
	case r == 'm' || r == 'M' || r == '%' || r == 'W' || r == '@':
		return 1000
	case r == 'w':
		return 830
	case r >= '0' && r <= '9':
		return 640
	case r < utf8.RuneSelf && unicode.IsUpper(r):
		return 780
	case r < utf8.RuneSelf && unicode.IsLower(r):
		return 640
	case r < 0x250 && unicode.IsLower(r): // accented Latin letters
		return 640
	case r < 0x250 && unicode.IsUpper(r):
		return 780
	case r >= 0x1100: // CJK and other wide scripts
		return 1000
	}
	return 800
}

// textWidth is the estimated width of s at size units, rounded up, with a
// 6 % margin.
func textWidth(s string, size int) int {
	w := 0
	for _, r := range s {
		w += advance(r)
	}
	return (w*size*106 + 99999) / 100000
}

// wrap breaks the names, comma-separated, into lines no wider than max at
// size, between words; a word wider than a line is cut between runes.
func wrap(names []string, size, max int) []string {
	var toks []string
	for i, n := range names {
		words := strings.Fields(n)
		if len(words) == 0 {
			words = []string{n}
		}
		if i < len(names)-1 {
			words[len(words)-1] += ","
		}
		toks = append(toks, words...)
	}
	var lines []string
	cur := ""
	for _, tok := range toks {
		if cur != "" && textWidth(cur+" "+tok, size) <= max {
			cur += " " + tok
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
			cur = ""
		}
		for textWidth(tok, size) > max {
			cut := 0
			for j, r := range tok {
				if j > 0 && textWidth(tok[:j+utf8.RuneLen(r)], size) > max {
					cut = j
					break
				}
			}
			if cut == 0 {
				break
			}
			lines = append(lines, tok[:cut])
			tok = tok[cut:]
		}
		cur = tok
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// bucketKey is a point: successes and the overclaim in per mille.
type bucketKey struct{ s, pm int }

type bucket struct {
	key      bucketKey
	names    []string // the members' names, in their order
	negative bool
	members  []member
}

// member is a participant of a point: its name, slug and overclaim.
type member struct {
	name, slug string
	n, d       int
}

// buildPlot is the plot of the track r of season n, on the page at, or the
// sentence that says why there is none.
func buildPlot(l *locale, n int, r *score.TrackResult, title string, at sitepath.Page) plot {
	p := plot{ID: "graphe-" + r.Track, W: plotW}
	tasks := r.Tasks
	if tasks <= 0 {
		tasks = 1
	}
	byKey := map[bucketKey]*bucket{}
	for _, pr := range r.Participants {
		n, d, ok := pr.Overclaim()
		if !ok {
			p.Excluded++
			continue
		}
		p.Plotted++
		k := bucketKey{pr.Successes, divRound(1000*n, d)}
		b := byKey[k]
		if b == nil {
			b = &bucket{key: k}
			byKey[k] = b
		}
		b.members = append(b.members, member{l.own(pr.Participant.Agent), pr.Participant.Slug, n, d})
		b.negative = b.negative || negativeParticipant(pr)
	}
	buckets := make([]*bucket, 0, len(byKey))
	for _, b := range byKey {
		sort.Slice(b.members, func(i, j int) bool {
			if b.members[i].name != b.members[j].name {
				return b.members[i].name < b.members[j].name
			}
			return b.members[i].slug < b.members[j].slug
		})
		for _, m := range b.members {
			b.names = append(b.names, m.name)
		}
		buckets = append(buckets, b)
	}
	sort.Slice(buckets, func(i, j int) bool {
		a, b := buckets[i].key, buckets[j].key
		if a.s != b.s {
			return a.s < b.s
		}
		return a.pm < b.pm
	})
	plotted := l.text("plot.who", "n", p.Plotted)
	switch {
	case p.Plotted < plotMinPoints:
		p.Reason = l.text("plot.none.too_few", "plotted", plotted)
		return p
	case len(buckets) > plotMaxPoints:
		p.Reason = l.text("plot.none.too_many", "plotted", plotted, "points", len(buckets))
		return p
	}
	p.Title = l.text("plot.title", "track", title)
	p.Desc = l.text("plot.desc", "track", title, "tasks", r.Tasks, "best", l.rate(r.BestConstant.Successes, r.Tasks), "plotted", plotted, "excluded", l.text("plot.who", "n", p.Excluded))
	for h := plotBaseH; ; h += h / plotGrowDiv {
		if h > plotMaxH {
			if l.err == nil {
				l.err = fmt.Errorf("plot of track %s: %d labels find no place in a plotting area %d units high", r.Track, len(buckets), plotMaxH)
			}
			return p
		}
		if p.layout(l, r, tasks, buckets, h) {
			p.links(l, n, r, buckets, at)
			return p
		}
	}
}

// layout computes the whole plot with a frame h units high and reports
// whether every label found a place.
func (p *plot) layout(l *locale, r *score.TrackResult, tasks int, buckets []*bucket, h int) bool {
	p.Frame = box{plotLeft, plotTop, plotW - plotRightM - plotLeft, h}
	p.H = plotTop + h + plotBelow
	x0, y0 := p.Frame.X+plotPad, p.Frame.Bottom()-plotPad
	dw, dh := p.Frame.W-2*plotPad, h-2*plotPad
	x := func(s int) int { return x0 + divRound(s*dw, tasks) }
	y := func(pm int) int { return y0 - divRound(pm*dh, 1000) }
	xpm := func(pm int) int { return x0 + divRound(pm*dw, 1000) }

	// x ticks: a gridline at every count (every step of counts when there
	// are many), a label at the first step whose labels do not touch.
	step := 1
	for tasks/step > 20 {
		step++
	}
	widest := 0
	for s := 0; s <= tasks; s += step {
		widest = max(widest, textWidth(l.percent(s, tasks), plotFont))
	}
	lstep := step
	for lstep*dw < (widest+8)*tasks {
		lstep += step
	}
	p.XTicks = p.XTicks[:0]
	for s := 0; s <= tasks; s += step {
		t := tick{Pos: x(s)}
		if s%lstep == 0 {
			t.Label = l.percent(s, tasks)
			w := textWidth(t.Label, plotFont)
			t.Box = box{t.Pos - w/2, p.Frame.Bottom() + 6, w, plotLine}
		}
		p.XTicks = append(p.XTicks, t)
	}
	p.YTicks = p.YTicks[:0]
	for pc := 0; pc <= 100; pc += 25 {
		t := tick{Pos: y(pc * 10), Label: l.text("number.percent", "value", pc)}
		w := textWidth(t.Label, plotFont)
		t.Box = box{p.Frame.X - 6 - w, t.Pos - plotLine/2, w, plotLine}
		p.YTicks = append(p.YTicks, t)
	}
	p.XTitle = position{p.Frame.X + p.Frame.W/2, p.Frame.Bottom() + plotBelow - 8}
	p.YTitle = position{16, p.Frame.Y + h/2}

	// The best constant: a dashed vertical line at its success, its label
	// above the frame, centred on the line and kept inside the viewBox.
	ref := reference{X: x(r.BestConstant.Successes), Y1: plotTop - 6, Y2: p.Frame.Bottom()}
	ref.Label = l.text("plot.best_constant", "success", l.rate(r.BestConstant.Successes, r.Tasks))
	w := textWidth(ref.Label, plotFont)
	left := min(max(ref.X-w/2, 4), plotW-4-w)
	ref.Box = box{left, plotTop - 6 - plotLine, w, plotLine}
	ref.Text = position{left, plotTop - 10}
	p.Ref = ref

	// The points, then their labels.
	p.Points = p.Points[:0]
	markers := make([]box, 0, len(buckets))
	for _, b := range buckets {
		who := l.text("plot.who", "n", len(b.names))
		pt := point{X: x(b.key.s), Y: y(b.key.pm), R: plotR, Negative: b.negative, Names: b.names,
			Title: l.text("plot.point", "who", who, "success", l.rate(b.key.s, r.Tasks), "overclaim", l.permille(b.key.pm), "names", strings.Join(b.names, ", "))}
		lo, hi := score.Wilson(b.key.s, tasks)
		pt.SuccessBar = bar{xpm(perMille(lo)), pt.Y, xpm(perMille(hi)), pt.Y}
		type span struct{ lo, hi int }
		var spans []span
		for _, m := range b.members {
			lo, hi := score.Wilson(m.n, m.d)
			if sp := (span{perMille(lo), perMille(hi)}); !slices.Contains(spans, sp) {
				spans = append(spans, sp)
			}
		}
		sort.Slice(spans, func(i, j int) bool {
			if spans[i].lo != spans[j].lo {
				return spans[i].lo < spans[j].lo
			}
			return spans[i].hi < spans[j].hi
		})
		for j, sp := range spans {
			bx := pt.X + plotDodge*j - plotDodge*(len(spans)-1)/2
			pt.OverclaimBars = append(pt.OverclaimBars, bar{bx, y(sp.lo), bx, y(sp.hi)})
		}
		p.Points = append(p.Points, pt)
		markers = append(markers, box{pt.X - plotR - 1, pt.Y - plotR - 1, 2*plotR + 2, 2*plotR + 2})
	}
	area := p.Frame.grow(-2)
	var placed []box
	free := func(c box) bool {
		if !c.within(area) {
			return false
		}
		for _, m := range markers {
			if c.overlaps(m) {
				return false
			}
		}
		for _, o := range placed {
			if c.overlaps(o.grow(2)) {
				return false
			}
		}
		return true
	}
	// Two passes. First the labels that fit beside their marker, the most
	// constrained first: at each step, the point with the fewest free
	// places beside it (ties: the points' order) takes the first of them.
	// Then the others, in the points' order, by a leader line to the
	// nearest free place, so that a far label never takes the place beside
	// a marker that another label could have had.
	shapes := make([][][]string, len(p.Points))
	for i, pt := range p.Points {
		shapes[i] = labelShapes(pt.Names)
	}
	done := make([]bool, len(p.Points))
	for {
		best, bestN := -1, 0
		var bestBox box
		var bestShape []string
		for i, pt := range p.Points {
			if done[i] {
				continue
			}
			n := 0
			var first box
			var firstShape []string
			for _, sh := range shapes[i] {
				lw, lh := shapeSize(sh)
				for _, c := range nearBoxes(pt.X, pt.Y, lw, lh) {
					if free(c) {
						if n == 0 {
							first, firstShape = c, sh
						}
						n++
					}
				}
			}
			if n > 0 && (best < 0 || n < bestN) {
				best, bestN, bestBox, bestShape = i, n, first, firstShape
			}
		}
		if best < 0 {
			break
		}
		p.Points[best].Label = newLabel(bestBox, bestShape)
		placed, done[best] = append(placed, bestBox), true
	}
	for i := range p.Points {
		if done[i] {
			continue
		}
		pt := &p.Points[i]
		// The leader line should cross no other marker (it would seem to
		// name that point) and no label: among the nearest free places,
		// the first with the fewest crossings, a marker counting for ten
		// labels.
		cost := func(c box) int {
			lx, ly := min(max(pt.X, c.X), c.Right()), min(max(pt.Y, c.Y), c.Bottom())
			n := 0
			for j, m := range markers {
				if j != i && crosses(pt.X, pt.Y, lx, ly, m) {
					n += 10
				}
			}
			for _, o := range placed {
				if crosses(pt.X, pt.Y, lx, ly, o) {
					n++
				}
			}
			return n
		}
		for _, sh := range shapes[i] {
			lw, lh := shapeSize(sh)
			if c, found := nearestFree(pt.X, pt.Y, lw, lh, area, free, cost); found {
				pt.Label = newLabel(c, sh)
				pt.Label.Leader = true
				pt.Label.LX = min(max(pt.X, c.X), c.Right())
				pt.Label.LY = min(max(pt.Y, c.Y), c.Bottom())
				placed, done[i] = append(placed, c), true
				break
			}
		}
		if !done[i] {
			return false
		}
	}
	return true
}

// crosses reports whether the segment from (x1, y1) to (x2, y2) passes
// through b, sampled at every unit with integer arithmetic.
func crosses(x1, y1, x2, y2 int, b box) bool {
	if max(x1, x2) <= b.X || min(x1, x2) >= b.Right() || max(y1, y2) <= b.Y || min(y1, y2) >= b.Bottom() {
		return false
	}
	n := max(x2-x1, x1-x2, y2-y1, y1-y2, 1)
	for k := 0; k <= n; k++ {
		x, y := x1+(x2-x1)*k/n, y1+(y2-y1)*k/n
		if x > b.X && x < b.Right() && y > b.Y && y < b.Bottom() {
			return true
		}
	}
	return false
}

// labelShapes are the shapes a label of these names may take, in the
// order they are tried: the names on as few lines as fit, and, for
// several names, one name a line (narrower, taller).
func labelShapes(names []string) [][]string {
	shapes := [][]string{wrap(names, plotFont, plotLabelW)}
	if len(names) > 1 {
		var narrow []string
		for k, n := range names {
			if k < len(names)-1 {
				n += ","
			}
			narrow = append(narrow, wrap([]string{n}, plotFont, plotLabelW)...)
		}
		shapes = append(shapes, narrow)
	}
	return shapes
}

// newLabel is a label of these lines in box b.
func newLabel(b box, lines []string) label {
	lb := label{Box: b}
	for j, s := range lines {
		lb.Lines = append(lb.Lines, labelLine{X: b.X, Y: b.Y + 12 + j*plotLine, Text: s})
	}
	return lb
}

// shapeSize is the estimated box of a label of these lines.
func shapeSize(lines []string) (w, h int) {
	for _, s := range lines {
		w = max(w, textWidth(s, plotFont))
	}
	return w, len(lines) * plotLine
}

// nearBoxes are the eight places beside a marker at (px, py) for a label
// of w × h, in the order they are tried: right, left, the four corners,
// above, below.
func nearBoxes(px, py, w, h int) []box {
	return []box{
		{px + plotR + plotGap, py - h/2, w, h},
		{px - plotR - plotGap - w, py - h/2, w, h},
		{px + plotR, py - plotR - h, w, h},
		{px + plotR, py + plotR, w, h},
		{px - plotR - w, py - plotR - h, w, h},
		{px - plotR - w, py + plotR, w, h},
		{px - w/2, py - plotR - plotGap - h, w, h},
		{px - w/2, py + plotR + plotGap, w, h},
	}
}

// nearestFree is the free box of w × h on the lattice of area nearest to
// (px, py) (by the distance from the point to the box, then highest, then
// leftmost) of the lowest cost among the first freeCandidates free ones,
// the first of cost 0 if there is one. It looks within farRadius of the
// point first, then over the whole area.
func nearestFree(px, py, w, h int, area box, free func(box) bool, cost func(box) int) (box, bool) {
	if b, ok := nearestWithin(px, py, w, h, area, free, cost, farRadius); ok {
		return b, true
	}
	return nearestWithin(px, py, w, h, area, free, cost, area.W+area.H)
}

// nearestWithin is nearestFree among the boxes at most radius from the
// point.
func nearestWithin(px, py, w, h int, area box, free func(box) bool, cost func(box) int, radius int) (box, bool) {
	type cand struct {
		b box
		d int
	}
	// The first lattice line at or after v, counting from origin.
	align := func(v, origin int) int {
		if v <= origin {
			return origin
		}
		return origin + (v-origin+plotLattice-1)/plotLattice*plotLattice
	}
	var cs []cand
	for by := align(py-h-radius, area.Y); by+h <= area.Bottom() && by <= py+radius; by += plotLattice {
		for bx := align(px-w-radius, area.X); bx+w <= area.Right() && bx <= px+radius; bx += plotLattice {
			dx := max(bx-px, 0, px-(bx+w))
			dy := max(by-py, 0, py-(by+h))
			if d := dx*dx + dy*dy; d <= radius*radius {
				cs = append(cs, cand{box{bx, by, w, h}, d})
			}
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		if cs[i].b.Y != cs[j].b.Y {
			return cs[i].b.Y < cs[j].b.Y
		}
		return cs[i].b.X < cs[j].b.X
	})
	var best box
	bestCost, seen := -1, 0
	for _, c := range cs {
		if !free(c.b) {
			continue
		}
		k := cost(c.b)
		if bestCost < 0 || k < bestCost {
			best, bestCost = c.b, k
		}
		if seen++; k == 0 || seen == freeCandidates {
			break
		}
	}
	return best, bestCost >= 0
}

// links sets each point's links to its participants' reports, from the
// page at, and cuts its label's lines into runs of one name each.
func (p *plot) links(l *locale, n int, r *score.TrackResult, buckets []*bucket, at sitepath.Page) {
	for i := range p.Points {
		pt := &p.Points[i]
		pt.Links = pt.Links[:0]
		for _, m := range buckets[i].members {
			pt.Links = append(pt.Links, plotLink{Href: sitepath.Link(at, sitepath.Report(n, r.Track, m.slug)),
				Label: l.text("plot.link", "agent", m.name, "success", l.rate(buckets[i].key.s, r.Tasks), "overclaim", l.rate(m.n, m.d))})
		}
		segLines(pt.Names, pt.Label.Lines)
	}
}

// segLines cuts the lines of a label of these names (wrap, labelShapes)
// into runs of one name each and separators: the lines hold the names'
// words in order, a comma after every name but the last, a space between
// two words on one line, and a word cut between lines. A space between
// two words of one name belongs to the name. Lines that do not hold the
// names so are left as one separator run each: no text is linked to a
// name it may not be.
func segLines(names []string, lines []labelLine) {
	type owned struct {
		r    rune
		name int
	}
	var want []owned // the names' runes but spaces, each with its name
	for i, n := range names {
		words := strings.Fields(n)
		if len(words) == 0 {
			words = []string{n}
		}
		for _, w := range words {
			for _, c := range w {
				if c != ' ' {
					want = append(want, owned{c, i})
				}
			}
		}
		if i < len(names)-1 {
			want = append(want, owned{',', -1})
		}
	}
	k := 0
	var owners [][]int
	for _, ln := range lines {
		var os []int
		for _, c := range ln.Text {
			if c == ' ' {
				os = append(os, -2) // decided below
				continue
			}
			if k >= len(want) || want[k].r != c {
				unlinked(lines)
				return
			}
			os = append(os, want[k].name)
			k++
		}
		owners = append(owners, os)
	}
	if k != len(want) {
		unlinked(lines)
		return
	}
	for j := range lines {
		rs := []rune(lines[j].Text)
		os := owners[j]
		for x := range os {
			if os[x] != -2 {
				continue
			}
			// A space inside one name's run is the name's.
			before, after := -1, -1
			for y := x - 1; y >= 0; y-- {
				if os[y] != -2 {
					before = os[y]
					break
				}
			}
			for y := x + 1; y < len(os); y++ {
				if os[y] != -2 {
					after = os[y]
					break
				}
			}
			if before >= 0 && before == after {
				os[x] = before
			} else {
				os[x] = -1
			}
		}
		lines[j].Segs = nil
		for x := 0; x < len(rs); {
			y := x
			for y < len(rs) && os[y] == os[x] {
				y++
			}
			lines[j].Segs = append(lines[j].Segs, labelSeg{Text: string(rs[x:y]), Name: os[x]})
			x = y
		}
	}
}

// unlinked makes each line one separator run: the label's text, linked to
// no name.
func unlinked(lines []labelLine) {
	for j := range lines {
		lines[j].Segs = []labelSeg{{Text: lines[j].Text, Name: -1}}
	}
}
