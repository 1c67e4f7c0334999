// Package site builds the Index's site, the pipeline of proveit build and
// check: it discovers and loads every season, scores every closed track,
// copies the cached proof views, renders the pages (package templates),
// runs the publication guard on each (package guard) and lists every file
// in SHA256SUMS (RunTo), into a Sink: a Stage writes each file as it is
// made into a sibling of the output directory and replaces the output with
// it as a whole or not at all (Stage.Commit), an output directory it has
// checked it may replace (CheckTarget).
package site

import (
	"bytes"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/guard"
	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/internal/pool"
	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/vcache"
	"github.com/ark-forge/proveit/scorer/version"
	"github.com/ark-forge/proveit/templates"
	"github.com/ark-forge/proveit/verifier"
)

// Options tune how a build runs, never what it writes: the same inputs
// give the same bytes with any options.
type Options struct {
	// Workers is how many proof views are copied and pages rendered and
	// guarded at once; 0 is one per core (GOMAXPROCS). Twice as many
	// participants are scored at once, each with its report (reading their
	// files overlaps the verifications).
	Workers int
	// Progress reports each step, or nothing when nil.
	Progress *Progress
	// Cache, when not nil, is where the scorer reads and stores its proof
	// verifications (package vcache): a proof verified under the same
	// inputs by an earlier build is not verified again. An entry is keyed
	// by everything its outcome is computed from and authenticates itself,
	// so the files are the same with a cache, warm, cold or corrupted, as
	// without one.
	Cache *vcache.Cache
	// Scored, when not nil, is called when the last track of a closed
	// season is scored, before its results.json is written: the loaded
	// season (which lists its submissions and holds none, each read when
	// its participant is scored) and what every track keeps of its
	// results, each participant's report written and dropped, are live
	// then together (proveit build --memprofile). The
	// collector's count of the live heap, which includes what is
	// allocated while it marks and the participants in flight, is larger
	// at times while scoring and rendering.
	Scored func()
}

// RunTo runs the whole pipeline over every season under seasonsDir, in
// its steps: 1. discover the season directories; per season, 2. load it
// strictly, 3. load its pinned trust material, 4. score every track of a
// closed season participant by participant, each one's report.json and
// report pages rendered as soon as it is scored, then the track's
// results.json and results.csv, 5. copy its
// cached proof views byte for byte under saison-<n>/preuves/; then 6.
// render every other page, in French and in English (under en/), 7. run
// the publication guard on every page, with its language's label word,
// and 8. list every file in SHA256SUMS. Each file goes to out as soon as it is
// made: a Stage writes it to disk, so that the build never holds the
// whole site. Proof views and pages are spread over opts.Workers
// goroutines and handed to out in a fixed order, so that neither the
// files nor the order they are written in depend on scheduling. On an
// error the caller discards out (Stage.Abort): nothing is published. It
// reads only the season directories, never the clock or the network, so
// the same inputs give the same files on any machine.
func RunTo(seasonsDir string, out Sink, opts Options) (*Summary, error) {
	// The reports' violations of the publication guard are reported with
	// every other page's, at the end.
	reports := &streamReports{}
	site, sum, err := siteOf(seasonsDir, out, opts, reports)
	if err != nil {
		return nil, err
	}
	writeback(out)
	jobs, err := templates.Jobs(site)
	if err != nil {
		return nil, err
	}
	for _, view := range site.Seasons {
		if view.Corrections == nil || !view.Closed {
			continue
		}
		jobs = append(jobs, templates.FeedJob(view))
	}
	v, err := renderPages(out, jobs, opts, "pages")
	if err != nil {
		return nil, err
	}
	if violations := append(reports.violations, v...); len(violations) > 0 {
		return nil, &guard.Error{Violations: violations}
	}
	if err := out.Add(sumsFile, out.Sums()); err != nil {
		return nil, err
	}
	return sum, nil
}

// streamReports renders each participant's report, report.json and its
// pages in both editions, as soon as the participant is scored, and then
// drops it (score.ParticipantReport): the track keeps only what its other
// pages read, and a track's assertions are never held whole. Its
// violations of the publication guard are gathered for the end of the
// build.
type streamReports struct {
	violations []guard.Violation
	// rendered, when not nil, is called with each participant's report,
	// its season's number and its track's index, once the report is
	// rendered, by the goroutine that rendered it (for the tests).
	rendered func(season, track int, p *score.ParticipantReport)
}

// scoredParticipant is one participant scored, with its report rendered.
type scoredParticipant struct {
	slug   string
	report []byte // report.json
	pages  []templates.Job
	html   []renderedPage
}

// track scores every participant of view.Tracks[idx] with sg, over twice
// as many workers as opts gives (reading a participant's files overlaps
// the verifications), and writes each one's report.json and report pages
// to out in the participants' order.
func (sr *streamReports) track(out Sink, s *season.Season, site templates.Site, view templates.Season, idx int, sg *score.Scoring, digest string, opts Options) error {
	rs, err := templates.NewReports(site, view, idx)
	if err != nil {
		return err
	}
	res := sg.Result()
	var published map[string]*publication.SnapshotParticipant
	if snap := s.Published(res.Track); snap != nil {
		published = snap.Index()
	}
	return pool.Ordered(sg.Len(), 2*workers(opts), func(i int) (scoredParticipant, error) {
		p, err := sg.Score(i)
		if err != nil {
			return scoredParticipant{}, err
		}
		cmp, err := participantComparison(s, res, p.ParticipantResult, published)
		if err != nil {
			return scoredParticipant{}, err
		}
		rep := res.Report(p)
		rep.InputsDigest = digest
		rep.Correct(cmp.corrections[p.Participant.Slug])
		data, err := score.MarshalJSON(rep)
		if err != nil {
			return scoredParticipant{}, err
		}
		sp := scoredParticipant{slug: p.Participant.Slug, report: data, pages: rs.Jobs(p, templates.ReportHistory{Assertions: cmp.history, Row: cmp.rows[p.Participant.Slug]})}
		for _, j := range sp.pages {
			page, err := renderPage(j)
			if err != nil {
				return scoredParticipant{}, err
			}
			sp.html = append(sp.html, page)
		}
		if sr.rendered != nil {
			sr.rendered(s.Number, idx, p)
		}
		return sp, nil
	}, func(i int, sp scoredParticipant) error {
		if err := out.Add(sitepath.ReportJSON(s.Number, res.Track, sp.slug).String(), sp.report); err != nil {
			return err
		}
		for k, page := range sp.html {
			sr.violations = append(sr.violations, page.violations...)
			if err := out.Add(sp.pages[k].Name, page.html); err != nil {
				return err
			}
			page.written()
		}
		opts.Progress.Step(1)
		if i%writebackPages == writebackPages-1 {
			writeback(out)
		}
		return nil
	})
}

// workers is how many goroutines opts asks for: one per core by default.
func workers(opts Options) int {
	if opts.Workers > 0 {
		return opts.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// siteOf runs the steps of RunTo before the pages (1 to 5), each
// participant's report written to out by reports as it is scored, and
// returns what the other pages show (templates.Jobs plans them).
func siteOf(seasonsDir string, out Sink, opts Options, reports *streamReports) (templates.Site, *Summary, error) {
	site := templates.Site{Version: version.Proveit}
	dirs, err := season.Discover(seasonsDir)
	if err != nil {
		return site, nil, err
	}
	sum := &Summary{}
	// The digests first, every input's line dropped before any season is
	// loaded: a line per input file need not be held while scoring.
	var all []string
	digests := make([]string, len(dirs))
	for i, dir := range dirs {
		lines, err := inputLines(dir, opts.Workers, opts.Progress)
		if err != nil {
			return site, nil, err
		}
		all = append(all, lines...)
		digests[i] = digestLines(lines)
	}
	sort.Strings(all)
	site.InputsDigest = digestLines(all)
	for i, dir := range dirs {
		view, err := buildSeason(out, sum, dir, digests[i], opts, site, reports)
		if err != nil {
			return site, nil, err
		}
		site.Seasons = append(site.Seasons, view)
	}
	for _, name := range score.SchemaNames {
		data, err := score.Schemas.ReadFile("schema/" + name)
		if err != nil {
			return site, nil, err
		}
		if err := out.Add(sitepath.Schema(name).String(), data); err != nil {
			return site, nil, err
		}
	}
	// The reader's verifier, so that a copy of the site carries what
	// re-checks it (SHA256SUMS lists it).
	if err := out.Add(sitepath.Verifier().String(), verifier.Script); err != nil {
		return site, nil, err
	}
	if err := addIndex(out, site); err != nil {
		return site, nil, err
	}
	return site, sum, nil
}

// writebackPages is how many pages are written between two calls of
// writeback.
const writebackPages = 1024

// writeback starts writing what out holds so far to disk in the
// background, when out is a Stage (Stage.Writeback).
func writeback(out Sink) {
	if st, ok := out.(*Stage); ok {
		st.Writeback()
	}
}

// renderedPage is one page rendered and guarded by a worker.
type renderedPage struct {
	html       []byte
	violations []guard.Violation
	buf        *bytes.Buffer // html's memory, from pageBufs
}

// pageBufs holds the buffers pages are rendered into. A page's buffer goes
// back once the page is written (written): the next page is rendered into
// memory already grown to a page's size, instead of a new buffer grown by
// doubling for every page, the largest part of what a build allocates
// after scoring, which the collector pays for in proportion to the heap it
// finds live (docs/benchmarks.md).
var pageBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// renderPage renders a job and runs the publication guard on its page,
// with its language's label word. The guard keeps nothing of the page's
// bytes (what it reports is copied out of them).
func renderPage(j templates.Job) (renderedPage, error) {
	buf := pageBufs.Get().(*bytes.Buffer)
	if err := j.RenderTo(buf); err != nil {
		return renderedPage{}, err
	}
	word, err := templates.Declarative(j.Lang)
	if err != nil {
		return renderedPage{}, fmt.Errorf("%s: %w", j.Name, err)
	}
	b := buf.Bytes()
	return renderedPage{html: b, violations: guard.PageIn(j.Name, b, word), buf: buf}, nil
}

// written gives p's buffer back for another page once a Sink has taken p,
// which keeps none of its bytes (Sink.Add).
func (p renderedPage) written() {
	if p.buf != nil {
		pageBufs.Put(p.buf)
	}
}

// renderPages renders every job and runs the publication guard on its
// page over opts.Workers goroutines, and hands the pages to out in the
// order of jobs, under the progress step phase. It returns every violation
// of every page, in page order.
func renderPages(out Sink, jobs []templates.Job, opts Options, phase string) ([]guard.Violation, error) {
	opts.Progress.Start(phase, len(jobs))
	defer opts.Progress.Done()
	var violations []guard.Violation
	err := pool.Ordered(len(jobs), opts.Workers, func(i int) (renderedPage, error) {
		return renderPage(jobs[i])
	}, func(i int, p renderedPage) error {
		violations = append(violations, p.violations...)
		opts.Progress.Step(1)
		if i%writebackPages == writebackPages-1 {
			writeback(out)
		}
		if err := out.Add(jobs[i].Name, p.html); err != nil {
			return err
		}
		p.written()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return violations, nil
}

// buildSeason loads, scores and copies one season into out, each
// participant's report rendered by reports as soon as the participant is
// scored, and returns what its other pages show.
func buildSeason(out Sink, sum *Summary, dir, digest string, opts Options, site templates.Site, reports *streamReports) (templates.Season, error) {
	// Loading lists every file of the season (tens of seconds at 10,000
	// participants per track): a step of its own, without a count.
	opts.Progress.Start(fmt.Sprintf("season %s: loading", filepath.Base(filepath.Clean(dir))), 0)
	s, err := season.Load(dir)
	opts.Progress.Done()
	if err != nil {
		return templates.Season{}, err
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return templates.Season{}, err
	}
	view := templates.Season{
		Number:   s.Number,
		Title:    s.Title,
		OpensAt:  s.OpensAt.UTC().Format(time.RFC3339),
		ClosesAt: s.ClosesAt.UTC().Format(time.RFC3339),
		Closed:   s.Status == season.Closed,
		Demo:     s.Demo,

		Invalidated:        s.Status == season.Invalidated,
		InvalidationReason: s.InvalidationReason,

		InputsDigest: digest,
	}
	for _, m := range s.Moderation {
		if view.Withheld == nil {
			view.Withheld = map[string]bilingual.Text{}
		}
		view.Withheld[m.Notice()] = bilingual.Text{FR: m.NoticeIn("fr"), EN: m.NoticeIn("en")}
	}
	if s.Status == season.Invalidated {
		view.InvalidatedAt = s.InvalidatedAt.UTC().Format(time.RFC3339)
	}
	// The site never shows a proof's checks (proveit explain does, with
	// its own Scorer): they are not kept, which bounds what each scored
	// participant holds until the pages are rendered.
	scoreOpts := []score.Option{score.WithoutChecks()}
	if opts.Cache != nil {
		scoreOpts = append(scoreOpts, score.WithCache(opts.Cache))
	}
	scorer := score.New(s, material, scoreOpts...)
	// The anchored publication, verified like a freeze (README, « Publishing and contesting »),
	// for a closed season and for one invalidated after its publication,
	// before anything is scored: the files must first be those anchored.
	pub, err := scorer.CheckPublication()
	if err != nil {
		return templates.Season{}, err
	}
	if pub != nil {
		view.Publication = &templates.Publication{ProofID: pub.ProofID, PublishedAt: pub.PublishedAt.UTC().Format(time.RFC3339), AnchoredAt: pub.GenTime.UTC().Format(time.RFC3339),
			Digest: pub.Digest, SumsSHA256: pub.SumsSHA256}
		view.Publication.ViewCopied = s.Status == season.Closed
	}
	// The reports link to the cached proof views of a closed season; an
	// open one lists none (§7.4).
	if s.Status == season.Closed {
		for _, p := range s.Proofs {
			view.Proofs = append(view.Proofs, p.ID)
		}
	}
	// The tracks are scored one after the other: the scorer spreads a
	// track's participants over the cores itself, and its checks at the end
	// of a track (anchors not fetched, proofs beyond the versions known) read what it
	// has verified so far, which another track scored at the same time
	// would change.
	var diffs []score.Difference
	for i, tr := range s.Tracks {
		tv := trackView(tr)
		if s.Status != season.Closed {
			// §7.4: who submitted, and what they consulted, is a hint of a
			// score: an open season publishes neither.
			tv.Participants = 0
			view.Tracks = append(view.Tracks, tv)
			continue
		}
		sg, err := scorer.Begin(tr)
		if err != nil {
			return templates.Season{}, fmt.Errorf("season %d: %w", s.Number, err)
		}
		res := sg.Result()
		tv.Scored, tv.Result = true, res
		// The key is public from the close (§5.5): the task pages show
		// it. The scorer has parsed it already; this cannot fail then.
		if tv.Key, err = score.ParseKey(tr); err != nil {
			return templates.Season{}, fmt.Errorf("season %d: %w", s.Number, err)
		}
		tv.Freezes = nil
		for _, f := range res.Freezes {
			tv.Freezes = append(tv.Freezes, templates.Freeze{Bareme: f.Bareme, ProofID: f.ProofID, AnchoredAt: f.GenTime.UTC().Format(time.RFC3339),
				Current: f.Current, SupersededBy: f.SupersededBy, Reason: f.Reason, Verified: true})
		}
		for j := range tv.Freezes {
			tv.Freezes[j].Cached = s.Cached(tv.Freezes[j].ProofID)
		}
		idx := len(view.Tracks)
		view.Tracks = append(view.Tracks, tv)
		opts.Progress.Start(fmt.Sprintf("season %d, %s: scoring", s.Number, tr.Name), sg.Len())
		err = reports.track(out, s, site, view, idx, sg, digest, opts)
		opts.Progress.Done()
		if err != nil {
			return templates.Season{}, fmt.Errorf("season %d: %w", s.Number, err)
		}
		if res, err = sg.End(); err != nil {
			return templates.Season{}, fmt.Errorf("season %d: %w", s.Number, err)
		}
		if i == len(s.Tracks)-1 && opts.Scored != nil {
			opts.Scored()
		}
		cmp, err := compareSnapshot(s, res)
		if err != nil {
			return templates.Season{}, err
		}
		diffs = append(diffs, cmp.uncovered...)
		view.Tracks[idx].History, view.Tracks[idx].RowHistory = cmp.history, cmp.rows
		res.Corrections = cmp.rateCorrections()
		if err := addResults(out, s.Number, res, view.Tracks[idx].Title, digest); err != nil {
			return templates.Season{}, err
		}
		sum.Tracks = append(sum.Tracks, summarise(res))
	}
	if len(diffs) > 0 {
		return templates.Season{}, &UncoveredError{Season: s.Number, Differences: diffs}
	}
	if s.Status != season.Closed {
		return view, nil
	}
	paths, err := dossierPaths(s)
	if err != nil {
		return templates.Season{}, err
	}
	if err := addEvidence(out, s, paths, opts); err != nil {
		return templates.Season{}, err
	}
	view.Dossier = dossierView(s, paths)
	view.Corrections = correctionsView(s)
	return view, nil
}

// addEvidence adds a closed season's dossier (addDossier, of the inputs at
// paths), then its proof views (saison-<n>/preuves/), to out, each under
// its own progress step. Each is read over opts.Workers goroutines and
// written by one, in its order, one window of it in memory at a time. The
// two are not written at the same time: writing them at once, measured,
// gave no reliable gain and used more CPU time (docs/benchmarks.md).
func addEvidence(out Sink, s *season.Season, paths []string, opts Options) error {
	step := func() { opts.Progress.Step(1) }
	opts.Progress.Start(fmt.Sprintf("season %d: dossier", s.Number), len(paths))
	err := addDossier(out, s, paths, opts.Workers, step)
	opts.Progress.Done()
	if err != nil {
		return err
	}
	opts.Progress.Start(fmt.Sprintf("season %d: proofs", s.Number), len(s.Proofs))
	defer opts.Progress.Done()
	return addOrdered(out, len(s.Proofs), opts.Workers, func(i int) string {
		return sitepath.Proof(s.Number, s.Proofs[i].ID).String()
	}, func(i int, dst []byte) ([]byte, error) {
		return s.AppendProof(dst, s.Proofs[i].ID)
	}, step)
}

// addResults writes a scored track's results.json, results.csv and the
// CSV's metadata under saison-<n>/<track>/.
func addResults(t Sink, n int, res *score.TrackResult, title templates.TrackTitle, digest string) error {
	rj := res.Results()
	rj.InputsDigest = digest
	results, err := score.MarshalJSON(rj)
	if err != nil {
		return err
	}
	if err := t.Add(sitepath.Results(n, res.Track).String(), results); err != nil {
		return err
	}
	csv, err := res.CSV()
	if err != nil {
		return err
	}
	if err := t.Add(sitepath.ResultsCSV(n, res.Track).String(), csv); err != nil {
		return err
	}
	meta, err := templates.CSVMetadata(n, res.Track, title)
	if err != nil {
		return err
	}
	return t.Add(sitepath.ResultsCSVMetadata(n, res.Track).String(), meta)
}

// trackTitles are the titles of the season's tracks, by track name, as
// the pages write them.
func trackTitles(s *season.Season) map[string]templates.TrackTitle {
	out := map[string]templates.TrackTitle{}
	for name, t := range s.TrackTitles {
		out[name] = templates.TrackTitle(t)
	}
	return out
}

func trackView(tr *season.Track) templates.Track {
	v := templates.Track{Name: tr.Name, Title: templates.TrackTitle(tr.Title), Bareme: tr.Bareme, Tasks: len(tr.Tasks), Questions: map[string]bilingual.Text{}}
	for _, task := range tr.Tasks {
		v.Questions[task.ID] = task.Question
		v.TaskIDs = append(v.TaskIDs, task.ID)
	}
	if tr.Preregistration != nil {
		for _, f := range tr.Preregistration.Freezes {
			v.Freezes = append(v.Freezes, templates.Freeze{Bareme: f.Bareme, ProofID: f.ProofID, Current: f == tr.Preregistration.Current, SupersededBy: f.SupersededBy, Reason: f.Reason})
		}
	}
	for verdict, n := range tr.Distribution {
		v.Distribution = append(v.Distribution, templates.VerdictCount{Verdict: verdict, Count: n})
	}
	// The track's verdict set first, in its order; open-set verdicts (product
	// references) after, sorted.
	rank := map[string]int{}
	for i, verdict := range tr.Verdicts {
		rank[verdict] = i + 1
	}
	sort.Slice(v.Distribution, func(i, j int) bool {
		a, b := v.Distribution[i].Verdict, v.Distribution[j].Verdict
		if rank[a] != rank[b] {
			if rank[a] == 0 || rank[b] == 0 {
				return rank[b] == 0
			}
			return rank[a] < rank[b]
		}
		return a < b
	})
	seen := map[string]bool{}
	for _, sub := range tr.Submissions {
		seen[sub.Participant] = true
	}
	v.Participants = len(seen)
	return v
}

// indexJSON is index.json at the root of the site: every season and
// track, with where its results are, for a script to start from.
type indexJSON struct {
	AIAct          score.AIActJSON `json:"ai_act_art50"`
	ProveitVersion string          `json:"proveit_version"`
	InputsDigest   string          `json:"inputs_digest"`
	Seasons        []indexSeason   `json:"seasons"`
}

type indexSeason struct {
	Number int `json:"number"`
	// Title is the season's title in French and in English, as
	// season.toml gives it.
	Title        bilingual.Text `json:"title"`
	Status       string         `json:"status"`
	Demo         bool           `json:"demo"`
	OpensAt      string         `json:"opens_at"`
	ClosesAt     string         `json:"closes_at"`
	InputsDigest string         `json:"inputs_digest"`
	Tracks       []indexTrack   `json:"tracks"`
}

type indexTrack struct {
	Name    string               `json:"name"`
	Title   templates.TrackTitle `json:"title"`
	Bareme  string               `json:"bareme"`
	Results string               `json:"results,omitempty"` // the track's results.json from index.json; absent while the season is open
	CSV     string               `json:"csv,omitempty"`
	// CSVMetadata is the CSV's CSV on the Web metadata file.
	CSVMetadata string `json:"csv_metadata,omitempty"`
}

func addIndex(t Sink, site templates.Site) error {
	idx := indexJSON{AIAct: score.AIActJSON{Label: score.AIActLabel, DigitalSourceType: score.AlgorithmicMedia}, ProveitVersion: site.Version, InputsDigest: site.InputsDigest, Seasons: []indexSeason{}}
	for _, s := range site.Seasons {
		is := indexSeason{Number: s.Number, Title: s.Title, Status: "open", Demo: s.Demo, OpensAt: s.OpensAt, ClosesAt: s.ClosesAt, InputsDigest: s.InputsDigest, Tracks: []indexTrack{}}
		switch {
		case s.Closed:
			is.Status = "closed"
		case s.Invalidated:
			is.Status = "invalidated"
		}
		for _, tr := range s.Tracks {
			it := indexTrack{Name: tr.Name, Title: tr.Title, Bareme: tr.Bareme}
			if tr.Scored {
				it.Results = sitepath.FileLink(sitepath.IndexJSON(), sitepath.Results(s.Number, tr.Name)).String()
				it.CSV = sitepath.FileLink(sitepath.IndexJSON(), sitepath.ResultsCSV(s.Number, tr.Name)).String()
				it.CSVMetadata = sitepath.FileLink(sitepath.IndexJSON(), sitepath.ResultsCSVMetadata(s.Number, tr.Name)).String()
			}
			is.Tracks = append(is.Tracks, it)
		}
		idx.Seasons = append(idx.Seasons, is)
	}
	data, err := score.MarshalJSON(idx)
	if err != nil {
		return err
	}
	return t.Add(sitepath.IndexJSON().String(), data)
}
