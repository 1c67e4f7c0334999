package templates

import (
	"sort"

	"github.com/ark-forge/proveit/scorer/score"
)

// The plot of a track: overclaim (vertical) against success (horizontal),
// one chart per track and never two tracks in one chart (§6.6). Every
// coordinate is computed with integers, so the SVG is the same bytes on
// any machine. Participants with the same success and the same overclaim
// to the tenth of a percent share one point, whose title names them.

const (
	plotW, plotH         = 640, 400
	plotLeft, plotTop    = 64, 20
	plotRight, plotBotom = 20, 56
	plotInnerW           = plotW - plotLeft - plotRight
	plotInnerH           = plotH - plotTop - plotBotom
)

type plot struct {
	ID                string
	Title, Desc       string
	W, H              int
	Left, Top, Right  int
	Bottom            int
	XTicks, YTicks    []tick
	Points            []point
	ConstX            int
	ConstTextX        int
	ConstAnchor       string
	ConstLabel        string
	XLabelX, XLabelY  int
	YLabelX, YLabelY  int
	Plotted, Excluded int
}

type tick struct {
	Pos   int
	Label string
}

type point struct {
	X, Y, R  int
	Title    string
	Negative bool
}

// divRound is round(a/b) half up for a ≥ 0, b > 0.
func divRound(a, b int) int { return (2*a + b) / (2 * b) }

func buildPlot(l *locale, r *score.TrackResult) plot {
	p := plot{ID: "graphe-" + r.Track, W: plotW, H: plotH, Left: plotLeft, Top: plotTop, Right: plotW - plotRight, Bottom: plotTop + plotInnerH,
		XLabelX: plotLeft + plotInnerW/2, XLabelY: plotH - 12, YLabelX: 16, YLabelY: plotTop + plotInnerH/2}
	tasks := r.Tasks
	if tasks <= 0 {
		tasks = 1
	}
	x := func(s int) int { return plotLeft + divRound(s*plotInnerW, tasks) }
	y := func(permille int) int { return plotTop + plotInnerH - divRound(permille*plotInnerH, 1000) }
	step := 1
	for tasks/step > 10 {
		step++
	}
	for s := 0; s <= tasks; s += step {
		p.XTicks = append(p.XTicks, tick{Pos: x(s), Label: l.count(s, r.Tasks)})
	}
	for pc := 0; pc <= 100; pc += 25 {
		p.YTicks = append(p.YTicks, tick{Pos: y(pc * 10), Label: l.text("number.percent", "value", pc)})
	}
	p.ConstX = x(r.BestConstant.Successes)
	p.ConstTextX, p.ConstAnchor = p.ConstX+4, "start"
	if p.ConstX > plotLeft+plotInnerW/2 {
		p.ConstTextX, p.ConstAnchor = p.ConstX-4, "end"
	}
	p.ConstLabel = l.text("plot.best_constant", "success", l.rate(r.BestConstant.Successes, r.Tasks))
	type key struct{ s, pm int }
	type bucket struct {
		names    []string
		negative bool
	}
	buckets := map[key]*bucket{}
	for _, pr := range r.Participants {
		n, d, ok := pr.Overclaim()
		if !ok {
			p.Excluded++
			continue
		}
		p.Plotted++
		k := key{pr.Successes, divRound(1000*n, d)}
		b := buckets[k]
		if b == nil {
			b = &bucket{}
			buckets[k] = b
		}
		b.names = append(b.names, pr.Participant.Agent)
		b.negative = b.negative || negativeParticipant(pr)
	}
	keys := make([]key, 0, len(buckets))
	for k := range buckets {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].s != keys[j].s {
			return keys[i].s < keys[j].s
		}
		return keys[i].pm < keys[j].pm
	})
	for _, k := range keys {
		b := buckets[k]
		sort.Strings(b.names)
		who := l.text("plot.who", "n", len(b.names))
		radius := 5
		if len(b.names) > 1 {
			radius = 7
		}
		p.Points = append(p.Points, point{X: x(k.s), Y: y(k.pm), R: radius, Negative: b.negative,
			Title: l.text("plot.point", "who", who, "success", l.rate(k.s, r.Tasks), "overclaim", l.permille(k.pm), "names", l.names(b.names, 5))})
	}
	p.Title = l.text("plot.title", "track", r.Track)
	p.Desc = l.text("plot.desc", "track", r.Track, "tasks", r.Tasks, "best", l.rate(r.BestConstant.Successes, r.Tasks), "plotted", l.text("plot.who", "n", p.Plotted), "excluded", l.text("plot.who", "n", p.Excluded))
	return p
}
