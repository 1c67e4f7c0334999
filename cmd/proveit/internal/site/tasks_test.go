package site

import (
	"html/template"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/templates/messages"
)

// demoScored is the demo season (seasons/0) built and scored once: the
// site, and each track's results as the scorer gives them, to check the
// task pages, the grid and the participant pages against.
var demoScored = sync.OnceValues(func() (demo, error) {
	dir := filepath.Join(repoRoot, "seasons")
	tree, err := Build(dir)
	if err != nil {
		return demo{}, err
	}
	s, err := season.Load(filepath.Join(dir, "0"))
	if err != nil {
		return demo{}, err
	}
	m, err := trust.Load(s.Path("trust"))
	if err != nil {
		return demo{}, err
	}
	d := demo{tree: tree, season: s, results: map[string]*score.TrackResult{}}
	sc := score.New(s, m)
	for _, tr := range s.Tracks {
		if d.results[tr.Name], err = sc.Track(tr); err != nil {
			return demo{}, err
		}
	}
	return d, nil
})

type demo struct {
	tree    Tree
	season  *season.Season
	results map[string]*score.TrackResult
}

func loadDemo(t *testing.T) demo {
	t.Helper()
	d, err := demoScored()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// tableOrder is the participants in the order of the table (score.TableOrder).
func tableOrder(r *score.TrackResult) []*score.ParticipantResult {
	groups, pending := score.TableOrder(r.Participants)
	var out []*score.ParticipantResult
	for _, g := range groups {
		out = append(out, g...)
	}
	return append(out, pending...)
}

// outcomeWords is what a task page and the grid must say of a
// participant's task.
func outcomeWords(p *score.ParticipantResult, tr *score.TaskResult) string {
	switch {
	case p.Status == "pending":
		return "en attente, rien n&#39;est compté"
	case tr.Success():
		return "réussie"
	case tr.Status == score.Scored:
		return "non réussie"
	default:
		return "non scorée"
	}
}

func statusWords(t *testing.T, s score.TaskStatus) string {
	t.Helper()
	w, err := messages.French.Text("status." + string(s) + ".label")
	if err != nil {
		t.Fatal(err)
	}
	return template.HTMLEscapeString(w)
}

var (
	taskRowRe = regexp.MustCompile(`(?s)<tr data-task-participant="([^"]*)"[^>]*>(.*?)</tr>`)
	cellRe    = regexp.MustCompile(`(?s)<td[^>]*>(.*?)</td>`)
)

// TestTaskPageListsEveryParticipant: each task page of the demo season
// lists every participant of the track, in the table's order, each with
// the verdict, the status in the words of §4.1, the outcome and the
// causes the scorer gives them on that task, and links their report's
// anchor of the task; the question, the family in words, the expected
// verdict and every founding fact of the key are on it.
func TestTaskPageListsEveryParticipant(t *testing.T) {
	d := loadDemo(t)
	checked := 0
	for _, track := range []string{"conformite", "generique"} {
		res := d.results[track]
		tr := d.season.Track(track)
		key, err := score.ParseKey(tr)
		if err != nil {
			t.Fatal(err)
		}
		order := tableOrder(res)
		for _, task := range tr.Tasks {
			name := "saison-0/" + track + "/taches/" + task.ID + ".html"
			page := string(d.tree[name])
			if page == "" {
				t.Errorf("%s is missing", name)
				continue
			}
			e := key[task.ID]
			en := string(d.tree["en/"+name])
			if !strings.Contains(en, template.HTMLEscapeString(task.Question.EN)) || strings.Contains(en, template.HTMLEscapeString(task.Question.FR)) {
				t.Errorf("en/%s: want the English question %q, never the French one", name, task.Question.EN)
			}
			for _, want := range []string{template.HTMLEscapeString(task.Question.FR), "<code>" + e.Family + "</code>", "<dt>Verdict attendu</dt><dd><code>" + e.Verdict + "</code></dd>"} {
				if !strings.Contains(page, want) {
					t.Errorf("%s lacks %q", name, want)
				}
			}
			for _, f := range e.Facts {
				if !strings.Contains(page, "<li><code>"+f.ID+"</code>") {
					t.Errorf("%s lacks the founding fact %s", name, f.ID)
				}
			}
			rows := taskRowRe.FindAllStringSubmatch(page, -1)
			if len(rows) != len(order) {
				t.Errorf("%s lists %d participants, want %d", name, len(rows), len(order))
				continue
			}
			for i, p := range order {
				slug, row := rows[i][1], rows[i][2]
				if slug != p.Participant.Slug {
					t.Errorf("%s: row %d is %s, want %s (the table's order)", name, i+1, slug, p.Participant.Slug)
					continue
				}
				var got *score.TaskResult
				for _, x := range p.Tasks {
					if x.TaskID == task.ID {
						got = x
					}
				}
				cells := cellRe.FindAllStringSubmatch(row, -1)
				if got == nil || len(cells) != 4 {
					t.Errorf("%s: %s: task %v, %d cells", name, slug, got, len(cells))
					continue
				}
				verdict := "—"
				if got.Status != score.Missing && got.Status != score.RejectedAtEntry && got.Status != score.PendingTask {
					verdict = "<code>" + got.Verdict + "</code>"
				}
				if cells[0][1] != verdict {
					t.Errorf("%s: %s: verdict %q, want %q", name, slug, cells[0][1], verdict)
				}
				if w := statusWords(t, got.Status); cells[1][1] != w {
					t.Errorf("%s: %s: status %q, want %q", name, slug, cells[1][1], w)
				}
				if w := outcomeWords(p, got); !strings.HasSuffix(cells[2][1], "</span> "+w+"</span>") {
					t.Errorf("%s: %s: outcome %q, want %q", name, slug, cells[2][1], w)
				}
				if n := len(got.Causes); n > 0 && !strings.Contains(cells[3][1], ")") {
					t.Errorf("%s: %s: %d assertions and no count by cause: %q", name, slug, n, cells[3][1])
				}
				if !strings.Contains(row, `href="../participants/`+slug+`/index.html#tache-`+task.ID+`"`) {
					t.Errorf("%s: %s's row does not link the report's task", name, slug)
				}
				checked++
			}
		}
	}
	if checked < 200 {
		t.Errorf("checked %d cells only", checked)
	}
}

// TestTaskPageCells pins three cells of the demo against the scorer by
// hand: a success, a scored task without success and a task rejected at
// entry, with their counts by cause.
func TestTaskPageCells(t *testing.T) {
	d := loadDemo(t)
	for _, c := range []struct {
		track, task, slug string
		want              []string
	}{
		{"conformite", "conf-03", "boussole", []string{"<code>indeterminable</code>", ">scorée</td>", "réussie</span>", "étayée (4)"}},
		{"conformite", "conf-03", "albatros", []string{"<code>conforme</code>", ">scorée</td>", "non réussie</span>", "non étayée : valeur ne correspondant pas (2), étayée (3)"}},
		{"conformite", "conf-03", "carrefour", []string{">—</td>", "rejetée à l&#39;entrée (incident du service de saison)", "non scorée</span>", "aucune assertion"}},
	} {
		page := string(d.tree["saison-0/"+c.track+"/taches/"+c.task+".html"])
		var row string
		for _, r := range taskRowRe.FindAllStringSubmatch(page, -1) {
			if r[1] == c.slug {
				row = r[2]
			}
		}
		for _, w := range c.want {
			if !strings.Contains(row, w) {
				t.Errorf("%s %s: %s's row lacks %q:\n%s", c.track, c.task, c.slug, w, row)
			}
		}
	}
}

// TestGrid: the track page's grid has a row per participant in the
// table's order and a cell per task, each cell linking the report's task
// anchor and saying the outcome in words; each column heading links the
// task's page; the grid scrolls in its own region.
func TestGrid(t *testing.T) {
	d := loadDemo(t)
	for _, track := range []string{"conformite", "generique"} {
		res := d.results[track]
		tr := d.season.Track(track)
		page := string(d.tree["saison-0/"+track+"/index.html"])
		i := strings.Index(page, `<table class="grid">`)
		if i < 0 {
			t.Errorf("%s has no grid", track)
			continue
		}
		if !strings.Contains(page[:i], `<div class="scroll" role="region" aria-labelledby="grille-`+track+`" tabindex="0">`) {
			t.Errorf("%s: the grid is not in a scroll region", track)
		}
		grid := page[i : i+strings.Index(page[i:], "</table>")]
		for _, task := range tr.Tasks {
			href := "taches/" + task.ID + ".html"
			if !strings.Contains(grid, `<th scope="col"><a href="`+href+`">`+task.ID+`</a></th>`) {
				t.Errorf("%s: no column heading links %s", track, href)
			}
			if d.tree["saison-0/"+track+"/"+href] == nil {
				t.Errorf("%s: %s does not exist", track, href)
			}
		}
		rows := regexp.MustCompile(`(?s)<tr data-grid="([^"]*)"[^>]*>(.*?)</tr>`).FindAllStringSubmatch(grid, -1)
		order := tableOrder(res)
		if len(rows) != len(order) {
			t.Fatalf("%s: the grid has %d rows, want %d participants", track, len(rows), len(order))
		}
		cells := 0
		for k, p := range order {
			if rows[k][1] != p.Participant.Slug {
				t.Errorf("%s: grid row %d is %s, want %s", track, k+1, rows[k][1], p.Participant.Slug)
				continue
			}
			tds := regexp.MustCompile(`(?s)<td data-task="([^"]*)">(.*?)</td>`).FindAllStringSubmatch(rows[k][2], -1)
			if len(tds) != len(tr.Tasks) {
				t.Errorf("%s: %s has %d cells, want %d tasks", track, p.Participant.Slug, len(tds), len(tr.Tasks))
				continue
			}
			for j, task := range p.Tasks {
				cell := tds[j][2]
				if tds[j][1] != task.TaskID || !strings.Contains(cell, `<a href="participants/`+p.Participant.Slug+`/index.html#tache-`+task.TaskID+`">`) {
					t.Errorf("%s: %s: cell %d is %s, not a link to the report's %s", track, p.Participant.Slug, j+1, tds[j][1], task.TaskID)
				}
				if w := outcomeWords(p, task); !strings.Contains(cell, "</span> "+w+"</span>") {
					t.Errorf("%s: %s %s: cell %q, want %q", track, p.Participant.Slug, task.TaskID, cell, w)
				}
				cells++
			}
		}
		if cells != len(order)*len(tr.Tasks) {
			t.Errorf("%s: %d cells, want %d × %d", track, cells, len(order), len(tr.Tasks))
		}
	}
}

// TestParticipantPages: every participant of a scored track has a page
// that links the report and the table of every track they submitted to,
// and of no other, shows both rates of each, and labels the stack
// declarative; each report and each table row links it.
func TestParticipantPages(t *testing.T) {
	d := loadDemo(t)
	tracksOf := map[string][]string{}
	for _, tr := range d.season.Tracks {
		for _, p := range d.results[tr.Name].Participants {
			tracksOf[p.Participant.Slug] = append(tracksOf[p.Participant.Slug], tr.Name)
		}
	}
	if len(tracksOf) < 10 {
		t.Fatalf("the demo has %d participants", len(tracksOf))
	}
	for slug, tracks := range tracksOf {
		name := "saison-0/participants/" + slug + ".html"
		page := string(d.tree[name])
		if page == "" {
			t.Errorf("%s is missing", name)
			continue
		}
		if !strings.Contains(page, `data-declarative="true"`) || !strings.Contains(page, "(déclarative, non vérifiée)") {
			t.Errorf("%s does not label the stack declarative", name)
		}
		// One table per track: two tracks' values never share a table (§6.6).
		for _, table := range regexp.MustCompile(`(?s)<table class="by-track">.*?</table>`).FindAllString(page, -1) {
			if n := strings.Count(table, "<tr data-track="); n != 1 {
				t.Errorf("%s: a table holds %d tracks, want 1: %q", name, n, table)
			}
		}
		for _, tr := range d.season.Tracks {
			report := `href="../` + tr.Name + `/participants/` + slug + `/index.html"`
			in := strings.Contains(page, report)
			want := strings.Contains(strings.Join(tracks, " "), tr.Name)
			if in != want {
				t.Errorf("%s links the %s report: %v, want %v", name, tr.Name, in, want)
			}
			if want && !strings.Contains(page, `href="../`+tr.Name+`/index.html"`) {
				t.Errorf("%s does not link the %s table", name, tr.Name)
			}
			if !want {
				continue
			}
			row := regexp.MustCompile(`(?s)<tr data-track="` + tr.Name + `".*?</tr>`).FindString(page)
			if strings.Count(row, `<td class="rate">`) != 2 || !strings.Contains(row, "tâches scorées : ") {
				t.Errorf("%s: the %s row does not show both rates and the tasks rendered: %q", name, tr.Name, row)
			}
			rep := string(d.tree["saison-0/"+tr.Name+"/participants/"+slug+"/index.html"])
			if !strings.Contains(rep, `href="../../../participants/`+slug+`.html"`) {
				t.Errorf("the %s report of %s does not link the participant's page", tr.Name, slug)
			}
			table := string(d.tree["saison-0/"+tr.Name+"/index.html"])
			row = regexp.MustCompile(`(?s)<tr data-participant="` + slug + `".*?</tr>`).FindString(table)
			if !strings.Contains(row, `href="../participants/`+slug+`.html"`) {
				t.Errorf("the %s table row of %s does not link the participant's page", tr.Name, slug)
			}
		}
	}
	for _, name := range d.tree.Names() {
		if m := regexp.MustCompile(`^saison-0/participants/([^/]*)\.html$`).FindStringSubmatch(name); m != nil && tracksOf[m[1]] == nil {
			t.Errorf("%s is published for a participant of no track", name)
		}
	}
}

// TestNoTaskPageWhileOpen: an open season has no task page, no
// participant page and no expected verdict anywhere (the key is sealed
// until the close, §5.5, §7.4), while the closed season of the same
// fixture has both.
func TestNoTaskPageWhileOpen(t *testing.T) {
	tree := buildTree(t)
	var closedTasks, closedParticipants int
	for _, name := range tree.Names() {
		isTask, isParticipant := strings.Contains(name, "/taches/"), regexp.MustCompile(`^saison-\d+/participants/`).MatchString(name)
		switch {
		case strings.HasPrefix(name, "saison-1/") || strings.HasPrefix(name, "saison-2/"):
			if isTask || isParticipant {
				t.Errorf("open season publishes %s", name)
			}
			if strings.Contains(string(tree[name]), "Verdict attendu") || strings.Contains(string(tree[name]), "Faits fondateurs") {
				t.Errorf("%s of an open season shows an expected verdict or founding facts", name)
			}
		case strings.HasPrefix(name, "saison-3/"):
			if isTask {
				closedTasks++
			}
			if isParticipant {
				closedParticipants++
			}
		}
	}
	if closedTasks == 0 || closedParticipants == 0 {
		t.Errorf("the closed season has %d task pages and %d participant pages: the check above sees nothing", closedTasks, closedParticipants)
	}
}
