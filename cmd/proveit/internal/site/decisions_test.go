package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/season"
)

// editSnapshot rewrites published/<track>.json through edit.
func editSnapshot(t *testing.T, dir, track string, edit func(*publication.Snapshot)) {
	t.Helper()
	p := filepath.Join(dir, "published", track+".json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var snap publication.Snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatal(err)
	}
	edit(&snap)
	out, err := snap.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeDecision(t *testing.T, dir, sub, id, body string) {
	t.Helper()
	p := filepath.Join(dir, sub, id+".toml")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

const publishedAt = "2026-11-02T10:00:00Z"

func pubTime() time.Time { t, _ := time.Parse(time.RFC3339, publishedAt); return t }

// contestation is a valid contestation of honnete's first assertion, whose
// snapshot cause the tests set to "value_mismatch".
func contestation(id, decision, received, decided string) string {
	s := "id = \"" + id + "\"\ntrack = \"conformite\"\nparticipant = \"honnete\"\ntask = \"conf-01\"\nassertion = \"a1\"\ncause_contested = \"value_mismatch\"\nreceived_at = " + received + "\nsummary = { fr = \"La valeur lue est celle du corpus.\", en = \"The value read is the corpus's.\" }\ndecision = \"" + decision + "\"\nreason = { fr = \"Décision motivée.\", en = \"Reasoned decision.\" }\n"
	if decided != "" {
		s += "decided_at = " + decided + "\n"
	}
	return s
}

// contested publishes the cast season, then makes the snapshot record
// value_mismatch for honnete's conf-01 a1 (and task status
// not_rendered for surdeclare's conf-02 when both is true), as a
// scorer defect later fixed would have.
func contested(t *testing.T, both bool) (root, dir string) {
	root, dir = publishedSeason(t, pubTime())
	editSnapshot(t, dir, "conformite", func(s *publication.Snapshot) {
		a := &s.Participant("honnete").Task("conf-01").Assertions[0]
		c := "value_mismatch"
		a.Status, a.Cause = "unsupported", &c
		p := s.Participant("honnete")
		u := *p.Unsupported + 1
		o := fmt.Sprintf("%d/%d", u, *p.Rendered)
		p.Unsupported, p.Overclaim = &u, &o
		if both {
			s.Participant("surdeclare").Task("conf-02").Status = "not_rendered"
		}
	})
	return root, dir
}

func TestUncoveredDifferencesRefuseTheBuild(t *testing.T) {
	root, _ := publishedSeason(t, pubTime())
	if _, err := Build(root); err != nil {
		t.Fatalf("a build equal to its snapshot is refused: %v", err)
	}
	root, _ = contested(t, true)
	_, err := Build(root)
	var ue *UncoveredError
	if !errors.As(err, &ue) {
		t.Fatalf("got %v, want an *UncoveredError", err)
	}
	msg := err.Error()
	for _, w := range []string{
		`participant honnete, task conf-01, assertion a1: status before "unsupported", after "supported"`,
		`participant honnete, task conf-01, assertion a1: cause before "value_mismatch", after "supported"`,
		`participant surdeclare, task conf-02, assertion -: status before "not_rendered", after "scored"`,
		`participant honnete, task -, assertion -: rates before "status scored, overclaim 1/`,
	} {
		if !strings.Contains(msg, w) {
			t.Errorf("the refusal does not list %q:\n%s", w, msg)
		}
	}
}

func TestDecisionsCoverDifferences(t *testing.T) {
	root, dir := contested(t, true)
	writeDecision(t, dir, "contestations", "C-2026-001", contestation("C-2026-001", "upheld", "2026-11-05T10:00:00Z", "2026-11-20T10:00:00Z"))
	_, err := Build(root)
	if err == nil || strings.Contains(err.Error(), "honnete") || !strings.Contains(err.Error(), "surdeclare") {
		t.Fatalf("an upheld contestation covers honnete's assertion only; got %v", err)
	}
	writeDecision(t, dir, "rectifications", "R-2026-001", "id = \"R-2026-001\"\ndecided_at = 2026-11-10T10:00:00Z\nreason = { fr = \"Défaut du programme corrigé.\", en = \"Program defect fixed.\" }\n[[changes]]\ntrack = \"conformite\"\nparticipant = \"surdeclare\"\ntask = \"conf-02\"\nassertion = \"\"\n")
	if _, err := Build(root); err != nil {
		t.Fatalf("every difference is covered, got %v", err)
	}
	// A rejected contestation covers nothing.
	root, dir = contested(t, false)
	writeDecision(t, dir, "contestations", "C-2026-001", contestation("C-2026-001", "rejected", "2026-11-05T10:00:00Z", "2026-11-20T10:00:00Z"))
	if _, err := Build(root); err == nil {
		t.Fatal("a rejected contestation covered a difference")
	}
}

func TestDecisionLoaderRefusals(t *testing.T) {
	_, dir := contested(t, false)
	const rect = "id = \"R-2026-001\"\ndecided_at = 2026-11-10T10:00:00Z\nreason = { fr = \"Défaut corrigé.\", en = \"Defect fixed.\" }\n[[changes]]\ntrack = \"conformite\"\nparticipant = \"honnete\"\ntask = \"conf-01\"\nassertion = \"a1\"\n"
	ok := contestation("C-2026-001", "upheld", "2026-11-05T10:00:00Z", "2026-11-20T10:00:00Z")
	for _, c := range []struct {
		name, sub, file, body string
		wants                 []string
	}{
		{"bad file name", "contestations", "C-26-1", ok, []string{"contestations/C-26-1.toml", "^C-[0-9]{4}-[0-9]{3}$"}},
		{"id not the file's", "contestations", "C-2026-002", ok, []string{"C-2026-002.toml", "id", "the file's name"}},
		{"unknown key", "contestations", "C-2026-001", ok + "note = 1\n", []string{"note", "unknown key"}},
		{"missing key", "contestations", "C-2026-001", strings.Replace(ok, "summary =", "# summary =", 1), []string{"summary", "missing"}},
		{"local date", "contestations", "C-2026-001", strings.Replace(ok, "2026-11-05T10:00:00Z", "2026-11-05T10:00:00", 1), []string{"received_at", "time zone"}},
		{"bad decision", "contestations", "C-2026-001", strings.Replace(ok, `"upheld"`, `"accepted"`, 1), []string{"decision", "accepted"}},
		{"decided without date", "contestations", "C-2026-001", contestation("C-2026-001", "rejected", "2026-11-05T10:00:00Z", ""), []string{"decided_at", "missing"}},
		{"pending with a date", "contestations", "C-2026-001", contestation("C-2026-001", "pending", "2026-11-05T10:00:00Z", "2026-11-20T10:00:00Z"), []string{"decided_at", "pending"}},
		{"decided before received", "contestations", "C-2026-001", contestation("C-2026-001", "rejected", "2026-11-05T10:00:00Z", "2026-11-04T10:00:00Z"), []string{"decided_at", "before received_at"}},
		{"unknown track", "contestations", "C-2026-001", strings.Replace(ok, `track = "conformite"`, `track = "autre"`, 1), []string{"track", "autre"}},
		{"unknown participant", "contestations", "C-2026-001", strings.Replace(ok, `"honnete"`, `"personne"`, 1), []string{"participant", "personne"}},
		{"unknown task", "contestations", "C-2026-001", strings.Replace(ok, `"conf-01"`, `"conf-09"`, 1), []string{"task", "conf-09"}},
		{"unknown assertion", "contestations", "C-2026-001", strings.Replace(ok, `"a1"`, `"a9"`, 1), []string{"assertion", "a9"}},
		{"cause not the snapshot's", "contestations", "C-2026-001", strings.Replace(ok, `"value_mismatch"`, `"resource_mismatch"`, 1), []string{"cause_contested", "value_mismatch"}},
		{"upheld out of time", "contestations", "C-2026-001", contestation("C-2026-001", "upheld", "2026-11-16T10:00:01Z", "2026-11-20T10:00:00Z"), []string{"decision", "hors délai"}},
		{"rectification bad name", "rectifications", "R-1", rect, []string{"rectifications/R-1.toml"}},
		{"rectification no changes", "rectifications", "R-2026-001", strings.Split(rect, "[[changes]]")[0], []string{"changes", "missing"}},
		{"rectification unknown assertion", "rectifications", "R-2026-001", strings.Replace(rect, `"a1"`, `"a9"`, 1), []string{"changes[0].assertion", "a9"}},
		{"rectification missing assertion", "rectifications", "R-2026-001", strings.Replace(rect, `assertion = "a1"`, ``, 1), []string{"changes[0].assertion", "missing"}},
		{"rectification unknown key", "rectifications", "R-2026-001", rect + "field = \"x\"\n", []string{"changes.field", "unknown key"}},
		{"rectification empty reason", "rectifications", "R-2026-001", strings.Replace(rect, "Défaut corrigé.", " ", 1), []string{"reason", "empty"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.RemoveAll(filepath.Join(dir, "contestations"))
			os.RemoveAll(filepath.Join(dir, "rectifications"))
			writeDecision(t, dir, c.sub, c.file, c.body)
			_, err := season.Load(dir)
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range c.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("got %v, want it to name %q", err, w)
				}
			}
		})
	}
	// Out of time but rejected, and the valid ones, load.
	os.RemoveAll(filepath.Join(dir, "contestations"))
	os.RemoveAll(filepath.Join(dir, "rectifications"))
	writeDecision(t, dir, "contestations", "C-2026-001", contestation("C-2026-001", "rejected", "2026-11-16T10:00:01Z", "2026-12-20T10:00:00Z"))
	writeDecision(t, dir, "contestations", "C-2026-002", strings.Replace(contestation("C-2026-002", "pending", "2026-11-05T10:00:00Z", ""), `reason = { fr = "Décision motivée.", en = "Reasoned decision." }`, `reason = { fr = "", en = "" }`, 1))
	writeDecision(t, dir, "rectifications", "R-2026-001", rect)
	s, err := season.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Contestations) != 2 || !s.Contestations[0].OutOfTime || !s.Contestations[0].Late() || s.Contestations[1].OutOfTime || s.Contestations[1].Late() {
		t.Errorf("got %+v %+v, want the first out of time and late, the second neither", s.Contestations[0], s.Contestations[1])
	}
	if d := s.Contestations[1].Deadline().Format(time.RFC3339); d != "2026-12-05T10:00:00Z" {
		t.Errorf("deadline %s, want received_at + 30 days", d)
	}
}
