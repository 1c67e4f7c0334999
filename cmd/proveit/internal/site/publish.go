package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/templates"
)

// ExistsError is a snapshot proveit publish will not overwrite.
type ExistsError struct{ File string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("%s: a publication snapshot already exists, and a published result is never overwritten (README, « Publishing and contesting »): record a contestation or a rectification instead", e.File)
}

// Publish scores every track of the closed season in dir and writes its
// publication snapshot, dir/published/<track>.json (README, « Publishing and contesting »), dated
// publishedAt, or the season's closes_at when publishedAt is zero (never
// the clock), then dir/published/SHA256SUMS, the SHA-256 of every file of
// the season as published but those that change after publication by
// design (publication.SumsExcluded). It refuses an open season and, before
// writing anything, a snapshot or SHA256SUMS that already exists. It
// returns the files written; PublicationCall then gives the call the
// maintainers anchor.
func Publish(dir string, publishedAt time.Time) ([]string, error) {
	s, err := season.Load(dir)
	if err != nil {
		return nil, err
	}
	if s.Status != season.Closed {
		return nil, fmt.Errorf("%s: season %d is %s: only a closed season is published", s.Path("season.toml"), s.Number, s.Status)
	}
	if s.ContestEmail == "" {
		return nil, fmt.Errorf("%s: contest.email: missing, want the address contestations are sent to: a published season must say where its results are contested (§9.2)", s.Path("season.toml"))
	}
	if publishedAt.IsZero() {
		publishedAt = s.ClosesAt
	}
	for _, rel := range append(publication.SnapshotFiles(s.TrackNames), publication.SumsFile) {
		p := s.Path(rel)
		if _, err := os.Lstat(p); err == nil {
			return nil, &ExistsError{File: p}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return nil, err
	}
	scorer := score.New(s, material)
	files := map[string][]byte{}
	for _, tr := range s.Tracks {
		res, err := scorer.Track(tr)
		if err != nil {
			return nil, fmt.Errorf("season %d: %w", s.Number, err)
		}
		data, err := res.Snapshot(publishedAt).Marshal()
		if err != nil {
			return nil, err
		}
		files[s.Path(publication.SnapshotFile(tr.Name))] = data
	}
	if err := os.MkdirAll(s.Path(publication.Dir), 0o755); err != nil {
		return nil, err
	}
	var written []string
	for _, tr := range s.Tracks {
		p := s.Path(publication.SnapshotFile(tr.Name))
		if err := writeNew(p, files[p]); err != nil {
			return written, err
		}
		written = append(written, filepath.ToSlash(p))
	}
	sums, err := publication.ListSums(s.Dir)
	if err != nil {
		return written, err
	}
	p := s.Path(publication.SumsFile)
	if err := writeNew(p, publication.FormatSums(sums)); err != nil {
		return written, err
	}
	return append(written, filepath.ToSlash(p)), nil
}

// writeNew writes data to a file p that must not exist.
func writeNew(p string, data []byte) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return &ExistsError{File: p}
		}
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}

// PublicationCall is the anchored call that publishes the season in dir,
// from the files proveit publish wrote: POST on
// publication.Target(n), its payload publication.Payload (the
// SHA-256 of published/SHA256SUMS and of every snapshot) and the payload's
// SHA-256, the digest. The maintainers make it through the Trust Layer on
// the challenge's key and record it in season.toml's [publication].
func PublicationCall(dir string) (publication.Call, error) {
	s, err := season.Load(dir)
	if err != nil {
		return publication.Call{}, err
	}
	if len(s.Snapshots) == 0 || s.SumsRaw == nil {
		return publication.Call{}, fmt.Errorf("%s: season %d has no publication snapshot and SHA256SUMS: run proveit publish first", s.Path(publication.Dir), s.Number)
	}
	var at time.Time
	snaps := map[string]string{}
	for _, t := range s.TrackNames {
		if snap := s.Published(t); snap != nil {
			at, snaps[t] = snap.PublishedAtTime(), snap.SHA256
		}
	}
	payload := publication.Payload(s.Number, s.ClosesAt, at, s.TrackNames, hashes.SHA256Hex(s.SumsRaw), snaps)
	return publication.Call{Target: publication.Target(s.Number), Method: "POST", Payload: payload, Digest: publication.Digest(payload)}, nil
}

// UncoveredError is a build whose fresh score differs from a publication
// snapshot in places no decision covers (README, « Publishing and contesting »): a published result
// never changes silently. It lists every one.
type UncoveredError struct {
	Season      int
	Differences []score.Difference
}

func (e *UncoveredError) Error() string {
	var b []byte
	b = fmt.Appendf(b, "season %d: %d difference(s) from the publication snapshot covered by no contestation (contestations/<id>.toml, upheld) or rectification (rectifications/<id>.toml):", e.Season, len(e.Differences))
	for _, d := range e.Differences {
		task, assertion := d.Task, d.Assertion
		if task == "" {
			task = "-"
		}
		if assertion == "" {
			assertion = "-"
		}
		b = fmt.Appendf(b, "\n\ttrack %s, participant %s, task %s, assertion %s: %s before %q, after %q", d.Track, d.Participant, task, assertion, d.What, d.Before, d.After)
	}
	return string(b)
}

// comparison is what a fresh score of a track differs from its
// publication snapshot: the differences no decision of the season covers,
// and for those a decision covers, what the pages show (the history of
// each assertion by templates.HistoryKey, of each row's rates by slug)
// and what the data files carry (each participant's score.Corrections,
// by slug).
type comparison struct {
	uncovered   []score.Difference
	history     map[string]*templates.History
	rows        map[string]*templates.RowHistory
	corrections map[string]*score.Corrections
}

// compareSnapshot compares the fresh score of a track with its snapshot,
// if any (the zero comparison when none).
func compareSnapshot(s *season.Season, res *score.TrackResult) (comparison, error) {
	snap := s.Published(res.Track)
	if snap == nil {
		return comparison{}, nil
	}
	return compareWith(s, snap, res)
}

// participantComparison is compareSnapshot of one participant of res,
// computed from that participant alone: the differences of a participant
// (score.Compare) are those between its own published row and its own
// fresh one. Its report reads nothing else. published is the track's
// snapshot's Index, nil when it has none: made once per track, not once
// per participant.
func participantComparison(s *season.Season, res *score.TrackResult, p *score.ParticipantResult, published map[string]*publication.SnapshotParticipant) (comparison, error) {
	snap := s.Published(res.Track)
	if snap == nil {
		return comparison{}, nil
	}
	one := *snap
	one.Participants = nil
	if sp := published[p.Participant.Slug]; sp != nil {
		one.Participants = []publication.SnapshotParticipant{*sp}
	}
	alone := &score.TrackResult{Season: res.Season, Track: res.Track, Bareme: res.Bareme, RuleSet: res.RuleSet, Tasks: res.Tasks, BestConstant: res.BestConstant, Freezes: res.Freezes,
		Participants: []*score.ParticipantResult{p}}
	return compareWith(s, &one, alone)
}

// compareWith is compareSnapshot against the snapshot snap.
func compareWith(s *season.Season, snap *publication.Snapshot, res *score.TrackResult) (comparison, error) {
	c := comparison{history: map[string]*templates.History{}, rows: map[string]*templates.RowHistory{}, corrections: map[string]*score.Corrections{}}
	published := snap.Index()
	fresh := res.Snapshot(snap.PublishedAtTime())
	now := fresh.Index()
	results := map[string]*score.ParticipantResult{}
	for _, p := range res.Participants {
		results[p.Participant.Slug] = p
	}
	corrections := func(slug string) *score.Corrections {
		if c.corrections[slug] == nil {
			c.corrections[slug] = &score.Corrections{Tasks: map[string]*score.TaskCorrectionJSON{}, Assertions: map[string]*score.AssertionCorrectionJSON{}}
		}
		return c.corrections[slug]
	}
	for _, d := range score.Compare(snap, fresh) {
		ids := s.Covering(d.Track, d.Participant, d.Task, d.Assertion)
		if len(ids) == 0 {
			c.uncovered = append(c.uncovered, d)
			continue
		}
		decisions := make([]score.DecisionJSON, len(ids))
		refs := make([]templates.DecisionRef, len(ids))
		for i, id := range ids {
			refs[i] = decisionRef(s, id)
			decisions[i] = score.DecisionJSON{ID: id, DecidedAt: refs[i].Date}
		}
		switch {
		case d.Task == "" && d.What == "rates":
			p, fr := published[d.Participant], results[d.Participant]
			if p == nil || fr == nil {
				continue
			}
			rates, err := score.RateCorrections(p, res.Row(fr), decisions)
			if err != nil {
				return comparison{}, fmt.Errorf("%s: %w", s.Path(publication.SnapshotFile(d.Track)), err)
			}
			if len(rates) > 0 {
				corrections(d.Participant).Rates = rates
			}
			c.rows[d.Participant] = &templates.RowHistory{PublishedOverclaim: orDash(p.Overclaim), PublishedSuccess: orDash(p.Success), Rates: rates, Decisions: refs}
		case d.Task == "":
			// The participant's presence: a row absent from the snapshot
			// or from the fresh score has no published rates beside
			// current ones to correct; the register names the decision.
		case d.Assertion == "":
			if d.What != "status" && d.What != "presence" {
				continue
			}
			tc := &score.TaskCorrectionJSON{Decisions: decisions}
			if t := published[d.Participant].Task(d.Task); t != nil {
				tc.Published = &score.TaskValueJSON{Status: t.Status}
			}
			if t := now[d.Participant].Task(d.Task); t != nil {
				tc.Rectified = score.TaskValueJSON{Status: t.Status}
			} else {
				continue // no longer in the report: nothing to carry it
			}
			corrections(d.Participant).Tasks[d.Task] = tc
		default:
			key := templates.HistoryKey(d.Participant, d.Task, d.Assertion)
			if c.history[key] != nil {
				continue
			}
			h := &templates.History{PublishedStatus: "absent", PublishedCause: "—", Decisions: refs}
			ac := &score.AssertionCorrectionJSON{Decisions: decisions}
			if a := published[d.Participant].Task(d.Task).Assertion(d.Assertion); a != nil {
				h.PublishedStatus, h.PublishedCause = a.Status, "—"
				if a.Cause != nil {
					h.PublishedCause = *a.Cause
				}
				ac.Published = &score.AssertionValueJSON{Status: a.Status, Cause: a.Cause}
			}
			c.history[key] = h
			if a := now[d.Participant].Task(d.Task).Assertion(d.Assertion); a != nil {
				ac.Rectified = score.AssertionValueJSON{Status: a.Status, Cause: a.Cause}
				corrections(d.Participant).Assertions[score.CorrectionKey(d.Task, d.Assertion)] = ac
			}
		}
	}
	return c, nil
}

// rateCorrections are the rates of c's corrections, by slug, as
// score.TrackResult.Corrections holds them.
func (c comparison) rateCorrections() map[string][]score.RateCorrectionJSON {
	out := map[string][]score.RateCorrectionJSON{}
	for slug, pc := range c.corrections {
		if len(pc.Rates) > 0 {
			out[slug] = pc.Rates
		}
	}
	return out
}

func orDash(s *string) string {
	if s == nil {
		return "—"
	}
	return *s
}

// decisionRef names the decision id of s.
func decisionRef(s *season.Season, id string) templates.DecisionRef {
	for _, c := range s.Contestations {
		if c.ID == id {
			return templates.DecisionRef{ID: id, Date: c.DecidedAt.UTC().Format(time.RFC3339), Reason: c.Reason}
		}
	}
	for _, r := range s.Rectifications {
		if r.ID == id {
			return templates.DecisionRef{ID: id, Date: r.DecidedAt.UTC().Format(time.RFC3339), Reason: r.Reason}
		}
	}
	return templates.DecisionRef{ID: id}
}

// correctionsView is the register of s as its pages show it, nil while
// the season has no publication snapshot.
func correctionsView(s *season.Season) *templates.Corrections {
	if len(s.Snapshots) == 0 {
		return nil
	}
	day := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	c := &templates.Corrections{Email: s.ContestEmail, TrackTitles: trackTitles(s)}
	for _, track := range s.TrackNames {
		if snap := s.Published(track); snap != nil {
			at := snap.PublishedAtTime()
			c.Windows = append(c.Windows, templates.ContestWindow{Track: track, PublishedAt: day(at), Until: day(at.Add(publication.ContestWindow))})
		}
	}
	for _, x := range s.Contestations {
		v := templates.Contestation{ID: x.ID, Track: x.Track, Participant: x.Participant, Task: x.Task, Assertion: x.Assertion, CauseContested: x.CauseContested,
			ReceivedAt: day(x.ReceivedAt), Deadline: day(x.Deadline()), Summary: x.Summary, Decision: x.Decision, Reason: x.Reason, OutOfTime: x.OutOfTime, Late: x.Late()}
		if p := s.Participant(x.Participant); p != nil {
			v.Agent = p.Agent
		}
		if x.Decision != publication.Pending {
			v.DecidedAt = day(x.DecidedAt)
		}
		c.Contestations = append(c.Contestations, v)
	}
	for _, r := range s.Rectifications {
		v := templates.Rectification{ID: r.ID, DecidedAt: day(r.DecidedAt), Reason: r.Reason}
		for _, ch := range r.Changes {
			v.Changes = append(v.Changes, templates.Change{Track: ch.Track, Participant: ch.Participant, Task: ch.Task, Assertion: ch.Assertion})
		}
		c.Rectifications = append(c.Rectifications, v)
	}
	return c
}
