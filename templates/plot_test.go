package templates

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/messages"
)

// pt is one participant of a plot test: its name, successes, unsupported
// and rendered assertions.
type pt struct {
	name         string
	s, uns, rend int
}

// plotOf builds the plot of a track of ten tasks (or tasks) with these
// participants and best-constant successes.
func plotOf(t *testing.T, tasks, best int, ps []pt) plot {
	t.Helper()
	r := &score.TrackResult{Track: "conformite", Tasks: tasks, BestConstant: score.BestConstant{Verdict: "conforme", Successes: best}}
	for i, p := range ps {
		pr := result(fmt.Sprintf("p%02d", i), p.s, p.uns, p.rend, false)
		pr.Participant.Agent = p.name
		r.Participants = append(r.Participants, pr)
	}
	l := &locale{cat: messages.French}
	pl := buildPlot(l, 3, r, r.Track, sitepath.Track(3, r.Track).In(sitepath.French))
	if l.err != nil {
		t.Fatal(l.err)
	}
	return pl
}

// demoConformite and demoGenerique are the demo season's points (seasons/0,
// as public/saison-0/*/index.html shows them): successes, and unsupported
// over rendered assertions giving the same per mille.
var (
	demoConformite = []pt{{"Albatros", 0, 23, 100}, {"Métronome", 1, 0, 40}, {"Sextant", 5, 51, 100}, {"Archipel", 6, 0, 40},
		{"Périscope", 7, 0, 40}, {"Mirage", 7, 8, 100}, {"Sablier", 7, 26, 100}, {"Cascade", 8, 25, 100}, {"Boussole", 9, 0, 40}, {"Héron", 9, 0, 40}}
	demoGenerique = []pt{{"Métronome", 0, 0, 40}, {"Mirage", 0, 33, 100}, {"Héron", 0, 40, 40}, {"Albatros", 1, 27, 100},
		{"Périscope", 2, 0, 40}, {"Archipel", 8, 0, 40}, {"Boussole", 9, 0, 40}, {"Cascade", 10, 25, 100}}
)

func same(n int, p pt) []pt {
	ps := make([]pt, n)
	for i := range ps {
		ps[i] = p
		ps[i].name = fmt.Sprintf("%s %02d", p.name, i+1)
	}
	return ps
}

// spread is 30 points of long names over the plot: their labels need a
// taller frame.
var spread = func() []pt {
	var ps []pt
	for i := 0; i < 30; i++ {
		ps = append(ps, pt{fmt.Sprintf("Participant numéro %02d au nom long", i), i % 11, (i * 37) % 100, 100})
	}
	return ps
}()

// TestPlotGrows: the frame keeps its height where the labels fit, and
// grows where they do not.
func TestPlotGrows(t *testing.T) {
	base := plotTop + plotBaseH + plotBelow
	if p := plotOf(t, 10, 4, demoConformite); p.H != base {
		t.Errorf("demo: height %d, want %d", p.H, base)
	}
	if p := plotOf(t, 10, 4, spread); p.H <= base || p.Frame.H <= plotBaseH {
		t.Errorf("30 long names: height %d, frame %v, want taller than %d", p.H, p.Frame, base)
	}
}

// TestPlotLabels: every point's label lies in the plotting area, overlaps
// no other label and no marker, and names every participant of the point;
// every marker lies whole inside the frame (points on the axes are not cut).
func TestPlotLabels(t *testing.T) {
	var column, corners []pt
	for i := 0; i < 30; i++ {
		column = append(column, pt{fmt.Sprintf("Agent-%02d", i), 7, i, 100})
	}
	for _, s := range []int{0, 10} {
		for _, u := range []int{0, 100} {
			corners = append(corners, pt{fmt.Sprintf("Coin %d-%d", s, u), s, u, 100})
		}
	}
	corners = append(corners, pt{"Très long nom d'agent qui ne tient pas sur une seule ligne du graphique", 10, 100, 100}, pt{"Milieu", 5, 50, 100})
	// leaders is the most leader lines a set may need (-1: any number);
	// where it is set, no leader line crosses another point's marker.
	for _, c := range []struct {
		name    string
		ps      []pt
		leaders int
	}{
		{"demo conformite", demoConformite, 2},
		{"demo generique", demoGenerique, 1},
		{"30 at the same coordinates", same(30, pt{"Agent", 7, 0, 40}), 1},
		{"30 at 100 % and 10/10", same(30, pt{"Haut", 10, 100, 100}), 1},
		{"30 on one vertical, 1 % apart", column, -1},
		{"corners at 0 % and 100 %", corners, 1},
		{"30 long names, spread", spread, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := plotOf(t, 10, 4, c.ps)
			if p.Reason != "" {
				t.Fatalf("no plot: %s", p.Reason)
			}
			view := box{0, 0, p.W, p.H}
			named := map[string]int{}
			for i, a := range p.Points {
				m := box{a.X - a.R, a.Y - a.R, 2 * a.R, 2 * a.R}
				if !m.within(p.Frame.grow(-1)) {
					t.Errorf("marker %v of %v is not whole inside the frame %v", m, a.Names, p.Frame)
				}
				if !a.Label.Box.within(p.Frame) || !a.Label.Box.within(view) {
					t.Errorf("label %v of %v leaves the frame %v", a.Label.Box, a.Names, p.Frame)
				}
				for j, b := range p.Points {
					if j != i && a.Label.Box.overlaps(b.Label.Box) {
						t.Errorf("labels of %v %v and %v %v overlap", a.Names, a.Label.Box, b.Names, b.Label.Box)
					}
					if a.Label.Box.overlaps(box{b.X - b.R, b.Y - b.R, 2 * b.R, 2 * b.R}) {
						t.Errorf("label of %v %v covers the marker of %v at %d,%d", a.Names, a.Label.Box, b.Names, b.X, b.Y)
					}
				}
				if a.Label.Box.overlaps(p.Ref.Box) {
					t.Errorf("label of %v covers the best-constant label", a.Names)
				}
				var text []string
				for _, l := range a.Label.Lines {
					text = append(text, l.Text)
				}
				joined := strings.Join(text, " ")
				for _, n := range a.Names {
					named[n]++
					if !strings.Contains(strings.ReplaceAll(joined, " ", ""), strings.ReplaceAll(n, " ", "")) {
						t.Errorf("the label %q does not name %q", joined, n)
					}
				}
				if w, h := shapeSize(text); w != a.Label.Box.W || h != a.Label.Box.H {
					t.Errorf("label box %v is not its lines' size %d × %d", a.Label.Box, w, h)
				}
			}
			leaders := 0
			for i, a := range p.Points {
				if !a.Label.Leader {
					continue
				}
				leaders++
				for j, b := range p.Points {
					if j != i && c.leaders >= 0 && crosses(a.X, a.Y, a.Label.LX, a.Label.LY, box{b.X - b.R, b.Y - b.R, 2 * b.R, 2 * b.R}) {
						t.Errorf("the leader line of %v crosses the marker of %v", a.Names, b.Names)
					}
				}
			}
			if c.leaders >= 0 && leaders > c.leaders {
				t.Errorf("%d leader lines, want at most %d", leaders, c.leaders)
			}
			for _, q := range c.ps {
				if named[q.name] != 1 {
					t.Errorf("%s is named %d times", q.name, named[q.name])
				}
			}
		})
	}
}

// TestPlotLabelsLegible: the viewBox is narrow enough for the text to be
// at least 11 px in the column of a 390 px phone (about 369 px wide).
func TestPlotLabelsLegible(t *testing.T) {
	const column = 369
	if px := plotFont * column * 100 / plotW; px < 1100 {
		t.Errorf("text of %d units in a %d-unit viewBox is %d.%02d px in a %d px column, want ≥ 11", plotFont, plotW, px/100, px%100, column)
	}
}

// TestPlotBestConstant: the best-constant line is at its success on the
// x axis, the same x as a participant's point of that success, from its
// label above the frame to the frame's bottom; its label names it and
// stays inside the viewBox wherever the line is.
func TestPlotBestConstant(t *testing.T) {
	for _, best := range []int{0, 4, 10} {
		p := plotOf(t, 10, best, []pt{{"Égal", best, 1, 10}, {"Autre", 5, 0, 10}})
		if p.Points[0].Names[0] != "Égal" && p.Points[1].Names[0] != "Égal" {
			t.Fatal("no point for Égal")
		}
		var x int
		for _, q := range p.Points {
			if q.Names[0] == "Égal" {
				x = q.X
			}
		}
		if p.Ref.X != x {
			t.Errorf("best %d/10: line at x = %d, the point of %d/10 at %d", best, p.Ref.X, best, x)
		}
		if want := p.Frame.X + plotPad + divRound(best*(p.Frame.W-2*plotPad), 10); p.Ref.X != want {
			t.Errorf("best %d/10: line at x = %d, want %d", best, p.Ref.X, want)
		}
		if p.Ref.Y2 != p.Frame.Bottom() || p.Ref.Y1 >= p.Frame.Y || p.Ref.Y1 < p.Ref.Box.Bottom()-plotLine/2 {
			t.Errorf("best %d/10: line from %d to %d, frame %v, label %v", best, p.Ref.Y1, p.Ref.Y2, p.Frame, p.Ref.Box)
		}
		want := fmt.Sprintf("meilleure réponse constante : %d/10 (%d\u00a0%%)", best, best*10)
		if p.Ref.Label != want {
			t.Errorf("best %d/10: label %q, want %q", best, p.Ref.Label, want)
		}
		if !p.Ref.Box.within(box{0, 0, p.W, p.Frame.Y}) || p.Ref.Box.X > p.Ref.X || p.Ref.Box.Right() < p.Ref.X {
			t.Errorf("best %d/10: label %v not above the frame, inside the viewBox, over the line at %d", best, p.Ref.Box, p.Ref.X)
		}
	}
}

// TestPlotTicks: the tick labels are percentages as the site writes them,
// at the data coordinates, and no two x labels touch.
func TestPlotTicks(t *testing.T) {
	ps := []pt{{"A", 0, 0, 10}, {"B", 1, 5, 10}}
	for _, c := range []struct {
		tasks int
		want  string
	}{
		{10, "0 %|20 %|40 %|60 %|80 %|100 %"},
		{1, "0 %|100 %"},
		{3, "0 %|33 %|67 %|100 %"},
		{7, "0 %|29 %|57 %|86 %"},
		{20, "0 %|20 %|40 %|60 %|80 %|100 %"},
		{100, "0 %|20 %|40 %|60 %|80 %|100 %"},
	} {
		p := plotOf(t, c.tasks, 0, ps)
		var got []string
		var prev *tick
		for i := range p.XTicks {
			tk := &p.XTicks[i]
			if tk.Label == "" {
				continue
			}
			got = append(got, strings.ReplaceAll(tk.Label, "\u00a0", " "))
			if prev != nil && tk.Box.overlaps(prev.Box.grow(2)) {
				t.Errorf("%d tasks: tick labels %q and %q touch", c.tasks, prev.Label, tk.Label)
			}
			if !tk.Box.within(box{0, 0, p.W, p.H}) {
				t.Errorf("%d tasks: tick label %q leaves the viewBox", c.tasks, tk.Label)
			}
			prev = tk
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%d tasks: x ticks %s, want %s", c.tasks, g, c.want)
		}
		if first, last := p.XTicks[0].Pos, p.XTicks[len(p.XTicks)-1].Pos; first != p.Frame.X+plotPad || (c.tasks%max(1, c.tasks/20) == 0 && last != p.Frame.Right()-plotPad) {
			t.Errorf("%d tasks: x ticks from %d to %d, frame %v", c.tasks, first, last, p.Frame)
		}
	}
	p := plotOf(t, 10, 0, ps)
	var got []string
	for _, tk := range p.YTicks {
		got = append(got, strings.ReplaceAll(tk.Label, "\u00a0", " ")+"@"+fmt.Sprint(tk.Pos))
	}
	bottom, top := p.Frame.Bottom()-plotPad, p.Frame.Y+plotPad
	want := fmt.Sprintf("0 %%@%d|25 %%@%d|50 %%@%d|75 %%@%d|100 %%@%d", bottom, bottom-divRound(250*(bottom-top), 1000), bottom-divRound(500*(bottom-top), 1000), bottom-divRound(750*(bottom-top), 1000), top)
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("y ticks %s, want %s", g, want)
	}
}

// TestPlotAbsent: no plot, and a sentence, below two participants with an
// overclaim rate and above plotMaxPoints points.
func TestPlotAbsent(t *testing.T) {
	var many []pt
	for i := 0; i <= plotMaxPoints; i++ {
		many = append(many, pt{fmt.Sprint("P", i), i % 11, i, 100})
	}
	for _, c := range []struct {
		name string
		ps   []pt
		want string
	}{
		{"none", nil, "0 participant avec un taux d'overclaim, il en faut au moins deux"},
		{"one", []pt{{"Seul", 3, 1, 10}}, "1 participant avec un taux d'overclaim"},
		{"one and one without assertion", []pt{{"Seul", 3, 1, 10}, {"Vide", 0, 0, 0}}, "1 participant avec"},
		{"too many", many, fmt.Sprintf("%d participants sur %d points distincts", plotMaxPoints+1, plotMaxPoints+1)},
		{"two", []pt{{"A", 3, 1, 10}, {"B", 4, 0, 10}}, ""},
		{"many at one point", same(plotMaxPoints+5, pt{"Même", 3, 1, 10}), ""},
	} {
		p := plotOf(t, 10, 4, c.ps)
		if !strings.Contains(p.Reason, c.want) || (c.want == "") != (p.Reason == "") {
			t.Errorf("%s: reason %q, want %q", c.name, p.Reason, c.want)
		}
		if (p.Reason == "") != (len(p.Points) > 0) {
			t.Errorf("%s: reason %q and %d points", c.name, p.Reason, len(p.Points))
		}
	}
}

// TestWrap: names are kept whole on lines no wider than the limit where
// they fit, broken between words where one does not, and a word wider than
// a line is cut between runes.
func TestWrap(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"Boussole", "Héron"}, "Boussole, Héron"},
		{[]string{"Boussole", "Héron", "Albatros", "Métronome", "Périscope"}, "Boussole, Héron,|Albatros,|Métronome,|Périscope"},
		{[]string{strings.Repeat("m", 30)}, strings.Repeat("m", 10) + "|" + strings.Repeat("m", 10) + "|" + strings.Repeat("m", 10)},
		{[]string{"Très long nom d'agent qui ne tient pas sur une ligne"}, "Très long nom|d'agent qui ne tient|pas sur une ligne"},
		{[]string{"A", "Nom  à   espaces"}, "A, Nom à espaces"},
	} {
		lines := wrap(c.names, plotFont, plotLabelW)
		if g := strings.Join(lines, "|"); g != c.want {
			t.Errorf("wrap(%q) = %q, want %q", c.names, g, c.want)
		}
		for _, l := range lines {
			if textWidth(l, plotFont) > plotLabelW {
				t.Errorf("line %q is %d units wide, limit %d", l, textWidth(l, plotFont), plotLabelW)
			}
		}
	}
}

// TestLabelShapes: a point of several names may take two shapes, as few
// lines as fit and one name a line; every line of both fits the limit.
func TestLabelShapes(t *testing.T) {
	long := "Très long nom d'agent qui ne tient pas sur une seule ligne"
	shapes := labelShapes([]string{"Boussole", "Héron", long})
	if len(shapes) != 2 {
		t.Fatalf("%d shapes, want 2", len(shapes))
	}
	if g := strings.Join(shapes[1][:2], "|"); g != "Boussole,|Héron," {
		t.Errorf("narrow shape starts %q, want one name a line", g)
	}
	for _, sh := range shapes {
		if !strings.Contains(strings.Join(sh, " "), "seule ligne") {
			t.Errorf("shape %q loses a name", sh)
		}
		for _, l := range sh {
			if textWidth(l, plotFont) > plotLabelW {
				t.Errorf("line %q of shape %q is %d units wide, limit %d", l, sh, textWidth(l, plotFont), plotLabelW)
			}
		}
	}
	if got := labelShapes([]string{"Seul"}); len(got) != 1 {
		t.Errorf("one name: %d shapes, want 1", len(got))
	}
}

// TestPlotIntervals: every point carries its success's 95 % Wilson
// interval as a horizontal bar through it and each distinct interval of
// its participants' overclaim as a vertical bar, the bounds rounded to the
// per mille and placed on the axes as the points are; two participants of
// one point with different intervals have a bar each, side by side around
// the point; the same interval is drawn once.
func TestPlotIntervals(t *testing.T) {
	p := plotOf(t, 10, 4, []pt{{"Sept", 7, 0, 40}, {"Deux", 2, 20, 40}, {"Autre", 7, 0, 20}, {"Même", 2, 20, 40}})
	x0, y0 := p.Frame.X+plotPad, p.Frame.Bottom()-plotPad
	dw, dh := p.Frame.W-2*plotPad, p.Frame.H-2*plotPad
	xpm := func(pm int) int { return x0 + divRound(pm*dw, 1000) }
	ypm := func(pm int) int { return y0 - divRound(pm*dh, 1000) }
	byName := map[string]point{}
	for _, q := range p.Points {
		byName[q.Names[0]] = q
	}
	// 7/10: Wilson 0.3968–0.8922; 0/40: 0–0.0876; 0/20: 0–0.1611; 2/10:
	// 0.0567–0.5098; 20/40: 0.3520–0.6480.
	for _, c := range []struct {
		name       string
		success    [2]int
		overclaims [][2]int
	}{
		{"Autre", [2]int{397, 892}, [][2]int{{0, 88}, {0, 161}}},
		{"Deux", [2]int{57, 510}, [][2]int{{352, 648}}},
	} {
		q, ok := byName[c.name]
		if !ok {
			t.Fatalf("no point named %s first: %v", c.name, p.Points)
		}
		if want := (bar{xpm(c.success[0]), q.Y, xpm(c.success[1]), q.Y}); q.SuccessBar != want {
			t.Errorf("%s: success bar %v, want %v", c.name, q.SuccessBar, want)
		}
		if q.SuccessBar.X1 > q.X || q.SuccessBar.X2 < q.X {
			t.Errorf("%s: success bar %v does not pass through the point at x = %d", c.name, q.SuccessBar, q.X)
		}
		if len(q.OverclaimBars) != len(c.overclaims) {
			t.Fatalf("%s: %d overclaim bars %v, want %d", c.name, len(q.OverclaimBars), q.OverclaimBars, len(c.overclaims))
		}
		for j, o := range c.overclaims {
			bx := q.X
			if len(c.overclaims) == 2 {
				bx = q.X - plotDodge/2 + j*plotDodge
			}
			if want := (bar{bx, ypm(o[0]), bx, ypm(o[1])}); q.OverclaimBars[j] != want {
				t.Errorf("%s: overclaim bar %d %v, want %v", c.name, j, q.OverclaimBars[j], want)
			}
			if b := q.OverclaimBars[j]; b.Y1 < q.Y || b.Y2 > q.Y {
				t.Errorf("%s: overclaim bar %v does not pass through the point at y = %d", c.name, b, q.Y)
			}
		}
	}
	if got := (bar{10, 20, 30, 20}).Path(); got != "M10 20H30M10 17V23M30 17V23" {
		t.Errorf("horizontal bar path %q", got)
	}
	if got := (bar{10, 40, 10, 20}).Path(); got != "M10 40V20M7 40H13M7 20H13" {
		t.Errorf("vertical bar path %q", got)
	}
	for _, c := range []struct {
		v    float64
		want int
	}{{0, 0}, {1, 1000}, {0.0875, 88}, {0.08749, 87}, {0.3968, 397}} {
		if got := perMille(c.v); got != c.want {
			t.Errorf("perMille(%v) = %d, want %d", c.v, got, c.want)
		}
	}
}

// TestPlotLinks: a point of one participant links to the report, a point
// of several links each name to its participant's report, from the track's
// page; every link's accessible name begins with the participant's name
// and gives both rates; the runs of a label's lines hold its text and
// link each name's words, and only them.
func TestPlotLinks(t *testing.T) {
	long := "Très long nom d'agent qui ne tient pas sur une seule ligne"
	p := plotOf(t, 10, 4, []pt{{"Seul", 3, 1, 10}, {"Boussole", 9, 0, 40}, {"Héron", 9, 0, 40}, {long, 9, 0, 40}})
	at := sitepath.Track(3, "conformite").In(sitepath.French)
	slugs := map[string]string{"Seul": "p00", "Boussole": "p01", "Héron": "p02", long: "p03"}
	for _, q := range p.Points {
		if len(q.Links) != len(q.Names) {
			t.Fatalf("%v: %d links", q.Names, len(q.Links))
		}
		for i, n := range q.Names {
			if want := sitepath.Link(at, sitepath.Report(3, "conformite", slugs[n])); q.Links[i].Href != want {
				t.Errorf("%s links %s, want %s", n, q.Links[i].Href, want)
			}
			if !strings.HasPrefix(q.Links[i].Label, n+" : rapport individuel ; réussite ") || !strings.Contains(q.Links[i].Label, "overclaim ") {
				t.Errorf("%s: accessible name %q", n, q.Links[i].Label)
			}
		}
		linked := map[int]string{}
		for _, ln := range q.Label.Lines {
			var text string
			runs := map[int]int{}
			for _, sg := range ln.Segs {
				text += sg.Text
				if sg.Name >= 0 {
					// A name's words on one line are one link.
					if runs[sg.Name]++; runs[sg.Name] > 1 {
						t.Errorf("%v: name %d is cut into several links on the line %q", q.Names, sg.Name, ln.Text)
					}
					linked[sg.Name] += sg.Text + " "
				} else if strings.Trim(sg.Text, ", ") != "" {
					t.Errorf("%v: separator %q holds more than a comma and spaces", q.Names, sg.Text)
				}
			}
			if text != ln.Text {
				t.Errorf("%v: runs %q do not make the line %q", q.Names, text, ln.Text)
			}
		}
		for i, n := range q.Names {
			if got := strings.Join(strings.Fields(linked[i]), " "); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(n, " ", "") {
				t.Errorf("name %d of %v: linked text %q, want %q", i, q.Names, got, n)
			}
		}
	}
	// Lines that do not hold the names are linked to no name.
	lines := []labelLine{{Text: "Boussole, Autre"}}
	segLines([]string{"Boussole", "Héron"}, lines)
	if len(lines[0].Segs) != 1 || lines[0].Segs[0].Name != -1 {
		t.Errorf("mismatched line: runs %v, want one separator", lines[0].Segs)
	}
}
