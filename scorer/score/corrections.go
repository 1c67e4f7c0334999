package score

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/scorer/publication"
)

// The corrections the outputs carry (README, « Publishing and contesting »):
// where a decision of the register (an upheld contestation, a
// rectification) changed a published result, results.json, results.csv
// and report.json give the value the publication snapshot published beside
// the one published now, and the decisions that changed it. The build
// computes them from the snapshot and the register (the site's
// compareSnapshot); this file holds their shape and the published rates.

// DecisionJSON names one decision of the register: its id (C-… for a
// contestation, R-… for a rectification), which is also the anchor of its
// entry in the season's register, and its date, RFC 3339 in UTC.
type DecisionJSON struct {
	ID        string `json:"id"`
	DecidedAt string `json:"decided_at"`
}

// The fields a RateCorrectionJSON names: a participant's two rates.
const (
	FieldSuccess   = "success"
	FieldOverclaim = "overclaim"
)

// RateCorrectionJSON is one rate of a participant that decisions changed:
// the rate as the snapshot published it and as it is published now, both
// in results.json's shape (null where none is published), and the
// decisions, in the register's order (contestations, then rectifications,
// each by id).
type RateCorrectionJSON struct {
	Field     string         `json:"field"` // FieldSuccess or FieldOverclaim
	Published *RateJSON      `json:"published"`
	Rectified *RateJSON      `json:"rectified"`
	Decisions []DecisionJSON `json:"decisions"`
}

// AssertionValueJSON is an assertion's status and cause, as report.json
// writes them.
type AssertionValueJSON struct {
	Status string  `json:"status"`
	Cause  *string `json:"cause"`
}

// AssertionCorrectionJSON is an assertion that decisions changed: its
// status and cause as published (null when the snapshot did not hold the
// assertion) and as published now, and the decisions.
type AssertionCorrectionJSON struct {
	Published *AssertionValueJSON `json:"published"`
	Rectified AssertionValueJSON  `json:"rectified"`
	Decisions []DecisionJSON      `json:"decisions"`
}

// TaskValueJSON is a task's status, as report.json writes it.
type TaskValueJSON struct {
	Status string `json:"status"`
}

// TaskCorrectionJSON is a task whose status decisions changed: as
// published (null when the snapshot did not hold the task) and now.
type TaskCorrectionJSON struct {
	Published *TaskValueJSON `json:"published"`
	Rectified TaskValueJSON  `json:"rectified"`
	Decisions []DecisionJSON `json:"decisions"`
}

// Corrections is what decisions changed in one participant's published
// results on a track: its rates, its tasks by id and its assertions by
// CorrectionKey. The zero value changes nothing.
type Corrections struct {
	Rates      []RateCorrectionJSON
	Tasks      map[string]*TaskCorrectionJSON
	Assertions map[string]*AssertionCorrectionJSON
}

// CorrectionKey is the key of an assertion in Corrections.Assertions.
func CorrectionKey(task, assertion string) string { return task + "/" + assertion }

// PublishedRates are the two rates the snapshot row sp published, in
// results.json's shape: nil while the row was pending; the success its
// successes out of the denominator of its "n/d" fraction, the overclaim
// its unsupported out of its rendered assertions (denominator 0 when
// none, as results.json writes it).
func PublishedRates(sp *publication.SnapshotParticipant) (success, overclaim *RateJSON, err error) {
	if sp.Status == "pending" {
		return nil, nil, nil
	}
	if sp.Successes == nil || sp.Success == nil || sp.Unsupported == nil || sp.Rendered == nil {
		return nil, nil, fmt.Errorf("participant %s is %s but has no successes, success, unsupported or rendered_assertions", sp.Slug, sp.Status)
	}
	num, den, ok := strings.Cut(*sp.Success, "/")
	k, err1 := strconv.Atoi(num)
	n, err2 := strconv.Atoi(den)
	if !ok || err1 != nil || err2 != nil || k != *sp.Successes || n <= 0 || k < 0 || k > n {
		return nil, nil, fmt.Errorf("participant %s: success %q is not the fraction successes/tasks (successes %d)", sp.Slug, *sp.Success, *sp.Successes)
	}
	if u, r := *sp.Unsupported, *sp.Rendered; u < 0 || r < 0 || u > r {
		return nil, nil, fmt.Errorf("participant %s: unsupported %d out of rendered_assertions %d", sp.Slug, u, r)
	}
	return rate(k, n), rate(*sp.Unsupported, *sp.Rendered), nil
}

// RateCorrections compares the rates the snapshot row sp published with
// the row now published and returns one RateCorrectionJSON per rate that
// differs (success first), each naming decisions: none when both agree.
func RateCorrections(sp *publication.SnapshotParticipant, row ParticipantJSON, decisions []DecisionJSON) ([]RateCorrectionJSON, error) {
	success, overclaim, err := PublishedRates(sp)
	if err != nil {
		return nil, err
	}
	var out []RateCorrectionJSON
	for _, f := range []struct {
		field            string
		published, fresh *RateJSON
	}{{FieldSuccess, success, row.Success}, {FieldOverclaim, overclaim, row.Overclaim}} {
		if !sameRate(f.published, f.fresh) {
			out = append(out, RateCorrectionJSON{Field: f.field, Published: f.published, Rectified: f.fresh, Decisions: decisions})
		}
	}
	return out, nil
}

// sameRate reports two rates of the same fraction (the rate and the
// interval derive from it), or both absent.
func sameRate(a, b *RateJSON) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Numerator == b.Numerator && a.Denominator == b.Denominator
}

// Row is p's line of results.json of the track r, without corrections.
func (r *TrackResult) Row(p *ParticipantResult) ParticipantJSON { return p.row(r) }

// Correct writes c into the report: its rates, and each task and
// assertion c names. A nil c changes nothing.
func (rep *ReportJSON) Correct(c *Corrections) {
	if c == nil {
		return
	}
	if len(c.Rates) > 0 {
		rep.Corrections = c.Rates
	}
	for i := range rep.Tasks {
		t := &rep.Tasks[i]
		t.Correction = c.Tasks[t.TaskID]
		for j := range t.Assertions {
			t.Assertions[j].Correction = c.Assertions[CorrectionKey(t.TaskID, t.Assertions[j].ID)]
		}
	}
}
