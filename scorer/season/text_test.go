package season

import (
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/bilingual"
)

// textPlace is where the fixture holds a text the maintainers write: the
// file, and set, which writes the TOML value v there (and whatever the
// text needs beside it). key is the key a decoding error names, blank the
// key an empty French version is refused at.
type textPlace struct {
	name, file, key, blank string
	set                    func(t *testing.T, f *fixture, v string)
}

const (
	testContestation = `id = "C-2026-001"
track = "conformite"
participant = "alice"
task = "conf-01"
assertion = "a1"
cause_contested = "value_mismatch"
received_at = 2026-10-10T10:00:00Z
summary = SUMMARY
decision = "upheld"
decided_at = 2026-10-12T10:00:00Z
reason = REASON
`
	testRectification = `id = "R-2026-001"
decided_at = 2026-10-12T10:00:00Z
reason = REASON
[[changes]]
track = "conformite"
participant = "alice"
task = "conf-01"
assertion = "a1"
`
	validText = `{ fr = "Texte des mainteneurs.", en = "The maintainers' text." }`
)

func textPlaces() []textPlace {
	return []textPlace{
		{"season title", "season.toml", "title", "title.fr", func(t *testing.T, f *fixture, v string) {
			edit(t, f, "season.toml", `title = { fr = "Saison 1", en = "Season 1" }`, "title = "+v)
		}},
		{"invalidation reason", "season.toml", "reason", "reason.fr", func(t *testing.T, f *fixture, v string) {
			edit(t, f, "season.toml", `status = "closed"`, "status = \"invalidated\"\nreason = "+v+"\ninvalidated_at = 2026-09-25T10:00:00Z")
		}},
		{"superseded freeze's reason", "conformite/preregistration.toml", "freezes.reason", "freezes[0].reason.fr", func(t *testing.T, f *fixture, v string) {
			edit(t, f, "conformite/preregistration.toml", freezeReason, "reason = "+v)
		}},
		{"moderation decision", ModerationFile, "moderated.decision", "moderated[0].decision.fr", func(t *testing.T, f *fixture, v string) {
			f.files[ModerationFile] = strings.Replace(moderation("alice", "agent", "", "", "intent", "Alice"), moderationDecision, "decision = "+v, 1)
		}},
		{"contestation summary", "contestations/C-2026-001.toml", "summary", "summary.fr", func(t *testing.T, f *fixture, v string) {
			f.files["contestations/C-2026-001.toml"] = strings.NewReplacer("SUMMARY", v, "REASON", validText).Replace(testContestation)
		}},
		{"contestation reason", "contestations/C-2026-001.toml", "reason", "reason.fr", func(t *testing.T, f *fixture, v string) {
			f.files["contestations/C-2026-001.toml"] = strings.NewReplacer("SUMMARY", validText, "REASON", v).Replace(testContestation)
		}},
		{"rectification reason", "rectifications/R-2026-001.toml", "reason", "reason.fr", func(t *testing.T, f *fixture, v string) {
			f.files["rectifications/R-2026-001.toml"] = strings.Replace(testRectification, "REASON", v, 1)
		}},
	}
}

// TestMaintainerTextsRefused: every text the maintainers write for the
// pages is a table of its French and English versions, decoded strictly;
// each refusal names the file and the key. The valid form gets past the
// text (the register's decisions then stop at the missing snapshot, which
// the fixture has not).
func TestMaintainerTextsRefused(t *testing.T) {
	type refusal struct {
		name, value string
		blankKey    bool // the error names the place's blank key, not its key
		want        string
	}
	refusals := []refusal{
		{"missing en", `{ fr = "Texte." }`, false, `missing "en"`},
		{"missing fr", `{ en = "Text." }`, false, `missing "fr"`},
		{"a plain string", `"Texte."`, false, "got a TOML string, want its French and English versions"},
		{"an extra key", `{ fr = "Texte.", en = "Text.", de = "Text." }`, false, `unknown key "de", want only "fr" and "en"`},
		{"a version not a string", `{ fr = "Texte.", en = 1 }`, false, "en: got a TOML integer, want a string"},
		{"English empty, French not", `{ fr = "Texte.", en = " " }`, false, "en: empty while fr is not"},
		{"French empty, English not", `{ fr = "", en = "Text." }`, false, "fr: empty while en is not"},
		{"both empty", `{ fr = " ", en = "" }`, true, "empty, want"},
		{"a duplicate key", `{ fr = "Texte.", fr = "Texte.", en = "Text." }`, false, "has already been defined"},
		{"invalid UTF-8", "{ fr = \"Texte \xff.\", en = \"Text.\" }", false, "UTF-8"},
		{"an invalid escape", `{ fr = "Texte \ud800.", en = "Text." }`, false, "not valid UTF-8"},
	}
	for _, p := range textPlaces() {
		t.Run(p.name+"/valid", func(t *testing.T) {
			f := newFixture()
			p.set(t, f, validText)
			_, err := Load(f.write(t))
			if err != nil && !strings.Contains(err.Error(), "has no publication snapshot") {
				t.Fatalf("the valid text: %v", err)
			}
		})
		for _, r := range refusals {
			t.Run(p.name+"/"+r.name, func(t *testing.T) {
				f := newFixture()
				p.set(t, f, r.value)
				_, err := Load(f.write(t))
				key := p.key
				if r.blankKey {
					key = p.blank
				}
				switch r.name {
				case "a duplicate key", "invalid UTF-8", "an invalid escape":
					key += ".fr" // the TOML decoder refuses them, naming the version
				}
				want := p.file + ": " + key + ": "
				if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), r.want) {
					t.Fatalf("got %v\nwant %q and %q", err, want, r.want)
				}
			})
		}
	}
}

// TestMaintainerTextsLoad: each text is loaded in both languages where
// the pages read it.
func TestMaintainerTextsLoad(t *testing.T) {
	want := bilingual.Text{FR: "Texte des mainteneurs.", EN: "The maintainers' text."}
	for _, c := range []struct {
		place int
		got   func(s *Season) bilingual.Text
	}{
		{0, func(s *Season) bilingual.Text { return s.Title }},
		{1, func(s *Season) bilingual.Text { return s.InvalidationReason }},
		{2, func(s *Season) bilingual.Text { return s.Track(Conformite).Preregistration.Freezes[0].Reason }},
		{3, func(s *Season) bilingual.Text { return s.Moderation[0].Decision }},
	} {
		p := textPlaces()[c.place]
		f := newFixture()
		p.set(t, f, validText)
		s, err := Load(f.write(t))
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if got := c.got(s); got != want {
			t.Errorf("%s: %+v, want %+v", p.name, got, want)
		}
	}
}

// TestQuestionsRefused: <track>/questions.en.toml gives exactly one English
// question per task of track.toml, each a non-empty string; each refusal
// names the file and the task id.
func TestQuestionsRefused(t *testing.T) {
	const rel = "conformite/" + QuestionsFile
	valid := newFixture().files[rel]
	for _, c := range []struct {
		name, data string
		want       []string
	}{
		{"a question for an unknown task", valid + "conf-03 = \"Is it?\"\n", []string{rel, "conf-03", `"conf-03" is not a task of conformite/track.toml`}},
		{"a task with no question", strings.Replace(valid, "conf-01 = \"Is entity ENT-0001 compliant?\"\n", "", 1), []string{rel, "conf-01", "missing required key"}},
		{"an empty question", strings.Replace(valid, "\"Is entity ENT-0001 compliant?\"", "\" \"", 1), []string{rel, "conf-01", "empty"}},
		{"a question not a string", strings.Replace(valid, "\"Is entity ENT-0001 compliant?\"", "1", 1), []string{rel, "conf-01"}},
		{"a table of languages", strings.Replace(valid, "\"Is entity ENT-0001 compliant?\"", `{ en = "Is it?" }`, 1), []string{rel, "conf-01"}},
		{"a duplicate key", valid + "conf-01 = \"Again?\"\n", []string{rel, "conf-01", "already been defined"}},
		{"invalid UTF-8", strings.Replace(valid, "compliant?", "compliant \xff?", 1), []string{rel, "UTF-8"}},
		{"an invalid escape", strings.Replace(valid, "compliant?", `compliant \udfff?`, 1), []string{rel, "conf-01", "UTF-8"}},
		{"no file", deleted, []string{rel, "missing"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture()
			f.files[rel] = c.data
			_, err := Load(f.write(t))
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n  does not contain %q", err, w)
				}
			}
		})
	}
	s, err := Load(newFixture().write(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Track("generique").Task("gen-01").Question; got != (bilingual.Text{FR: "Quelle référence recommander pour le besoin B ?", EN: "Which reference to recommend for need B?"}) {
		t.Errorf("gen-01's question: %+v", got)
	}
}
