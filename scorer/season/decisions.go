package season

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ark-forge/proveit/scorer/publication"
)

// The register of decisions on a published result, contestations/ and
// rectifications/: this file reads them strictly; package publication
// holds their rules (§9.2).

var (
	contestationIDRE  = regexp.MustCompile(publication.ContestationIDPattern)
	rectificationIDRE = regexp.MustCompile(publication.RectificationIDPattern)
)

type contestationFile struct {
	ID             *string  `toml:"id"`
	Track          *string  `toml:"track"`
	Participant    *string  `toml:"participant"`
	Task           *string  `toml:"task"`
	Assertion      *string  `toml:"assertion"`
	CauseContested *string  `toml:"cause_contested"`
	ReceivedAt     dateTime `toml:"received_at"`
	Summary        text     `toml:"summary"`
	Decision       *string  `toml:"decision"`
	DecidedAt      dateTime `toml:"decided_at"`
	Reason         text     `toml:"reason"`
}

type rectificationFile struct {
	ID        *string      `toml:"id"`
	DecidedAt dateTime     `toml:"decided_at"`
	Reason    text         `toml:"reason"`
	Changes   []changeFile `toml:"changes"`
}

type changeFile struct {
	Track       *string `toml:"track"`
	Participant *string `toml:"participant"`
	Task        *string `toml:"task"`
	Assertion   *string `toml:"assertion"`
}

// registerFiles lists dir/: only regular files <id>.toml, id matching re.
func (l *loader) registerFiles(dir string, re *regexp.Regexp, pattern string) ([]string, error) {
	entries, err := l.readDir(dir)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.name, ".toml")
		if e.isDir || !ok || !re.MatchString(id) {
			return nil, l.errf(join(dir, e.name), "", "unexpected entry, want only files named <id>.toml with an id matching %s", pattern)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func (l *loader) loadContestations(s *Season) error {
	published := publication.Published{Tracks: s.TrackNames, Snapshots: s.Snapshots}
	ids, err := l.registerFiles(publication.ContestationsDir, contestationIDRE, contestationIDRE.String())
	if err != nil {
		return err
	}
	for _, id := range ids {
		rel := join(publication.ContestationsDir, id+".toml")
		data, err := l.readFile(rel, MaxTOMLBytes)
		if err != nil {
			return err
		}
		var f contestationFile
		if _, err := l.decodeTOML(rel, data, &f, "id", "track", "participant", "task", "assertion", "cause_contested", "received_at", "summary", "summary.fr", "summary.en", "decision", "decided_at", "reason", "reason.fr", "reason.en"); err != nil {
			return err
		}
		switch {
		case f.ID == nil:
			return l.missing(rel, "id", "the contestation's id, the file's name: "+quote(id))
		case f.Track == nil:
			return l.missing(rel, "track", "the track of the contested assertion")
		case f.Participant == nil:
			return l.missing(rel, "participant", "the slug of the participant who contests")
		case f.Task == nil:
			return l.missing(rel, "task", "the task id of the contested assertion")
		case f.Assertion == nil:
			return l.missing(rel, "assertion", "the assertion id, as in report.json")
		case f.CauseContested == nil:
			return l.missing(rel, "cause_contested", "the cause the snapshot published for that assertion")
		case !f.ReceivedAt.set:
			return l.missing(rel, "received_at", "an offset date-time")
		case !f.Summary.set:
			return l.missing(rel, "summary", `what is contested, in a sentence (published), in French and in English, { fr = "…", en = "…" }`)
		case f.Decision == nil:
			return l.missing(rel, "decision", `"upheld", "rejected" or "pending"`)
		case !f.Reason.set:
			return l.missing(rel, "reason", `the motivated decision (published), in French and in English, { fr = "…", en = "…" }; { fr = "", en = "" } while pending`)
		}
		c := &publication.Contestation{ID: *f.ID, File: rel, Track: *f.Track, Participant: *f.Participant, Task: *f.Task, Assertion: *f.Assertion, CauseContested: *f.CauseContested,
			ReceivedAt: f.ReceivedAt.t, Summary: f.Summary.Text, Decision: *f.Decision, Reason: f.Reason.Text, DecidedAt: f.DecidedAt.t}
		if c.ID != id {
			return l.errf(rel, "id", "got %s, want %s, the file's name", quote(c.ID), quote(id))
		}
		if err := published.CheckContestation(c, f.DecidedAt.set); err != nil {
			return l.rule(err)
		}
		s.Contestations = append(s.Contestations, c)
	}
	return nil
}

func (l *loader) loadRectifications(s *Season) error {
	published := publication.Published{Tracks: s.TrackNames, Snapshots: s.Snapshots}
	ids, err := l.registerFiles(publication.RectificationsDir, rectificationIDRE, rectificationIDRE.String())
	if err != nil {
		return err
	}
	for _, id := range ids {
		rel := join(publication.RectificationsDir, id+".toml")
		data, err := l.readFile(rel, MaxTOMLBytes)
		if err != nil {
			return err
		}
		var f rectificationFile
		if _, err := l.decodeTOML(rel, data, &f, "id", "decided_at", "reason", "reason.fr", "reason.en", "changes", "changes.track", "changes.participant", "changes.task", "changes.assertion"); err != nil {
			return err
		}
		switch {
		case f.ID == nil:
			return l.missing(rel, "id", "the rectification's id, the file's name: "+quote(id))
		case !f.DecidedAt.set:
			return l.missing(rel, "decided_at", "an offset date-time")
		case !f.Reason.set:
			return l.missing(rel, "reason", `why the published result changes (published), in French and in English, { fr = "…", en = "…" }`)
		case len(f.Changes) == 0:
			return l.missing(rel, "changes", "one [[changes]] per place the rectification changes (track, participant, task, assertion)")
		}
		r := &publication.Rectification{ID: *f.ID, File: rel, DecidedAt: f.DecidedAt.t, Reason: f.Reason.Text}
		if r.ID != id {
			return l.errf(rel, "id", "got %s, want %s, the file's name", quote(r.ID), quote(id))
		}
		for i, cf := range f.Changes {
			at := fmt.Sprintf("changes[%d]", i)
			switch {
			case cf.Track == nil:
				return l.missing(rel, at+".track", "a track of the season")
			case cf.Participant == nil:
				return l.missing(rel, at+".participant", "a participant's slug")
			case cf.Task == nil:
				return l.missing(rel, at+".task", "a task id")
			case cf.Assertion == nil:
				return l.missing(rel, at+".assertion", `an assertion id as in report.json, or "" for the task`)
			}
			r.Changes = append(r.Changes, publication.Change{Track: *cf.Track, Participant: *cf.Participant, Task: *cf.Task, Assertion: *cf.Assertion})
		}
		if err := published.CheckRectification(r); err != nil {
			return l.rule(err)
		}
		s.Rectifications = append(s.Rectifications, r)
	}
	return nil
}
