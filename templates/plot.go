package templates

import (
	"fmt"
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

func buildPlot(r *score.TrackResult) plot {
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
		p.XTicks = append(p.XTicks, tick{Pos: x(s), Label: fmt.Sprintf("%d/%d", s, r.Tasks)})
	}
	for pc := 0; pc <= 100; pc += 25 {
		p.YTicks = append(p.YTicks, tick{Pos: y(pc * 10), Label: fmt.Sprintf("%d\u00a0%%", pc)})
	}
	p.ConstX = x(r.BestConstant.Successes)
	p.ConstTextX, p.ConstAnchor = p.ConstX+4, "start"
	if p.ConstX > plotLeft+plotInnerW/2 {
		p.ConstTextX, p.ConstAnchor = p.ConstX-4, "end"
	}
	p.ConstLabel = "meilleure réponse constante : " + Rate(r.BestConstant.Successes, r.Tasks)
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
		who := fmt.Sprintf("%d participants", len(b.names))
		if len(b.names) == 1 {
			who = "1 participant"
		}
		radius := 5
		if len(b.names) > 1 {
			radius = 7
		}
		p.Points = append(p.Points, point{X: x(k.s), Y: y(k.pm), R: radius, Negative: b.negative,
			Title: fmt.Sprintf("%s, réussite %s, overclaim %s : %s", who, Rate(k.s, r.Tasks), permille(k.pm), names(b.names, 5))})
	}
	p.Title = fmt.Sprintf("Piste %s : taux d'overclaim selon le taux de réussite", r.Track)
	p.Desc = fmt.Sprintf("Nuage de points de la piste %s seule. Axe horizontal : taux de réussite, de 0 à %d tâches sur %d. Axe vertical : taux d'overclaim, de 0 à 100 %%. "+
		"Chaque point est un participant, ou plusieurs de même réussite et même overclaim. La ligne verticale en tirets marque la réussite de la meilleure réponse constante (%s), qui n'a pas d'overclaim. "+
		"%d participants figurent sur le graphique ; %d n'y figurent pas (en attente, ou sans assertion rendue). L'overclaim ne se compare qu'à réussite égale, c'est-à-dire sur une même verticale. Les valeurs exactes sont dans le tableau.",
		r.Track, r.Tasks, r.Tasks, Rate(r.BestConstant.Successes, r.Tasks), p.Plotted, p.Excluded)
	return p
}

// permille renders a rounded per-mille as a percentage with one decimal.
func permille(pm int) string { return fmt.Sprintf("%d,%d\u00a0%%", pm/10, pm%10) }
