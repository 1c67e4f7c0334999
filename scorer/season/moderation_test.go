package season

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/publication"
)

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// moderationDecision is the decision of every moderation of the tests.
const moderationDecision = `decision = { fr = "nom d'un fournisseur dans une catégorie négative", en = "a provider's name in a negative category" }`

func moderation(participant, field, track, task, rule, text string) string {
	b := "[[moderated]]\nparticipant = \"" + participant + "\"\nfield = \"" + field + "\"\n"
	if track != "" {
		b += "track = \"" + track + "\"\ntask = \"" + task + "\"\n"
	}
	return b + "rule = \"" + rule + "\"\nsha256 = \"" + sha(text) + "\"\n" + moderationDecision + "\ndecided_at = 2026-10-06T10:00:00Z\n"
}

// TestModeration: a decision of moderation.toml replaces the text it names,
// and only that text, by a notice naming the rule and the text's SHA-256.
func TestModeration(t *testing.T) {
	f := newFixture()
	f.files[ModerationFile] = moderation("alice", "declared_stack", "", "", "provider", "Claude + httpx") + moderation("alice", "agent", "", "", "intent", "Alice")
	s, err := Load(f.write(t))
	if err != nil {
		t.Fatal(err)
	}
	p := s.Participant("alice")
	for _, c := range []struct{ got, rule, text string }{{p.DeclaredStack, "provider", "Claude + httpx"}, {p.Agent, "intent", "Alice"}} {
		if !strings.HasPrefix(c.got, "[texte retenu par la modération — règle "+c.rule) || !strings.Contains(c.got, sha(c.text)) || strings.Contains(c.got, c.text) {
			t.Errorf("published %q, want the notice for %q", c.got, c.text)
		}
	}
	if s.Participant("ann").Agent != "Ann" || len(s.Moderation) != 2 {
		t.Errorf("another text changed, or the register is not kept: %+v", s.Moderation)
	}
}

func TestModerationRefuses(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"another text", moderation("alice", "agent", "", "", "intent", "Alicia"), "moderated[0].sha256: the agent of alice has SHA-256"},
		{"unknown participant", moderation("zed", "agent", "", "", "intent", "Zed"), `moderated[0].participant: "zed" is not an enrolled participant`},
		{"unknown rule", moderation("alice", "agent", "", "", "humour", "Alice"), `moderated[0].rule: got "humour"`},
		{"unknown field", moderation("alice", "did", "", "", "intent", "x"), `moderated[0].field: got "did"`},
		{"narrative without its submission", moderation("alice", "narrative", "conformite", "conf-02", "intent", "x"), `has no accepted submission for "conf-02"`},
		{"track on an agent", moderation("alice", "agent", "conformite", "conf-01", "intent", "Alice"), "track and task name a narrative"},
		{"unknown key", moderation("alice", "agent", "", "", "intent", "Alice") + "page = \"x\"\n", "unknown key"},
		{"missing decision", strings.Replace(moderation("alice", "agent", "", "", "intent", "Alice"), moderationDecision+"\n", "", 1), "moderated[0].decision"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture()
			f.files[ModerationFile] = c.file
			if _, err := Load(f.write(t)); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), ModerationFile) {
				t.Errorf("got %v, want an error naming moderation.toml: %s", err, c.want)
			}
		})
	}
}

// TestModerationNarrative: a withheld narrative is not held by the loaded
// season (no submission is): every read of its submission gives the
// notice in its place, and nothing else of it changes; a second decision
// on the same narrative reads the first's notice, and its SHA-256 no longer
// matches; a narrative of a submission that does not parse cannot be
// withheld.
func TestModerationNarrative(t *testing.T) {
	const text = "Texte que la modération retient"
	narrated := strings.Replace(validSubmission, `"verdict":"conforme",`, `"verdict":"conforme","narrative":"`+text+`",`, 1)
	decision := moderation("alice", "narrative", "conformite", "conf-01", "provider", text)
	f := newFixture()
	f.files["conformite/submissions/alice/conf-01.json"] = narrated
	f.files[ModerationFile] = decision
	s, err := Load(f.write(t))
	if err != nil {
		t.Fatal(err)
	}
	sf := s.Track(Conformite).Submission("alice", "conf-01")
	for i := range 2 {
		p, err := sf.Read()
		if err != nil || p.Submission == nil {
			t.Fatalf("read %d: %+v, %v", i, p, err)
		}
		if got := p.Submission.Narrative; got != s.Moderation[0].Notice() || strings.Contains(got, text) {
			t.Errorf("read %d: narrative %q, want the notice", i, got)
		}
		if p.Submission.Verdict != "conforme" || len(p.Submission.Assertions) != 1 {
			t.Errorf("read %d: the rest of the submission changed: %+v", i, p.Submission)
		}
	}
	if p, err := s.Track(Conformite).Submission("ann", "conf-01").Read(); err != nil || p.Submission != nil {
		t.Errorf("another submission: %+v, %v", p, err)
	}

	f.files[ModerationFile] = decision + decision
	if _, err := Load(f.write(t)); err == nil || !strings.Contains(err.Error(), "moderated[1].sha256") {
		t.Errorf("a second decision on the withheld narrative: got %v, want its SHA-256 refused", err)
	}
	f.files[ModerationFile] = moderation("ann", "narrative", "conformite", "conf-02", "provider", "")
	if _, err := Load(f.write(t)); err == nil || !strings.Contains(err.Error(), `has no accepted submission for "conf-02"`) {
		t.Errorf("a narrative of a submission that does not parse: got %v", err)
	}
}

// TestModerationFileChangesAfterPublication: moderation.toml and each
// track's English questions may change after publication, so
// published/SHA256SUMS never lists them; package publication names them
// without importing season. track.toml, beside the questions, is listed.
func TestModerationFileChangesAfterPublication(t *testing.T) {
	for _, rel := range []string{ModerationFile, "conformite/" + QuestionsFile} {
		if !publication.SumsExcluded(rel) {
			t.Errorf("publication.SumsExcluded(%q) = false, want it left out of SHA256SUMS", rel)
		}
	}
	for _, rel := range []string{"conformite/track.toml", QuestionsFile, "conformite/corpus/" + QuestionsFile} {
		if publication.SumsExcluded(rel) {
			t.Errorf("publication.SumsExcluded(%q) = true, want it listed in SHA256SUMS", rel)
		}
	}
}
