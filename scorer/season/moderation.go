package season

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/ark-forge/proveit/internal/bilingual"
)

// The moderation register, moderation.toml at the top of a season: the
// maintainers' decisions on participant-controlled text that breaks a
// publication rule (§1 vocabulary, §7.3). Such a text stops the build,
// since it cannot be published as it is, and a frozen submission cannot be
// edited without tampering with it. The register names the text (whose,
// which field, and its SHA-256, so that a decision never applies to
// another text), the rule it breaks and the decision; Load replaces the
// text, everywhere it is published, by a notice that names the rule and
// the SHA-256 of what is withheld. Nothing else changes: a narrative is
// not scored, an agent's name and stack decide nothing.
//
//	[[moderated]]
//	participant = "albatros"
//	field = "narrative"            # agent, declared_stack or narrative
//	track = "conformite"           # narrative only
//	task = "conf-03"               # narrative only
//	rule = "intent"                # intent (§1), provider or emoji (§7.3)
//	sha256 = "…"                   # of the text as submitted
//	decision = { fr = "…", en = "…" }  # the maintainers' reason, published
//	decided_at = 2026-11-02T10:00:00Z

// ModerationFile is the name of the register in a season directory.
const ModerationFile = "moderation.toml"

// The fields a moderation may withhold.
const (
	ModeratedAgent         = "agent"
	ModeratedDeclaredStack = "declared_stack"
	ModeratedNarrative     = "narrative"
)

// ModerationRules are the publication rules a moderation may cite.
var ModerationRules = []string{"intent", "provider", "emoji"}

// Moderated is one decision of the register.
type Moderated struct {
	Participant, Field, Track, Task string
	Rule                            string
	SHA256                          string // of the withheld text
	// Decision is the maintainers' reason, published in the notice.
	Decision  bilingual.Text
	DecidedAt time.Time
}

// Notice is what is published in place of the withheld text, in the
// data (the JSON, the dossier) and on the French pages: NoticeIn("fr").
func (m *Moderated) Notice() string { return m.NoticeIn("fr") }

// NoticeIn is the notice in the language lang ("fr" or "en"), with the
// decision in that language; "" for another language. The English pages
// show NoticeIn("en") where the data has Notice().
func (m *Moderated) NoticeIn(lang string) string {
	switch lang {
	case "fr":
		return fmt.Sprintf("[texte retenu par la modération — règle %s (%s) ; SHA-256 du texte retenu : %s ; décision : %s]", m.Rule, ruleSection(m.Rule), m.SHA256, m.Decision.FR)
	case "en":
		return fmt.Sprintf("[text withheld by moderation — rule %s (%s); SHA-256 of the withheld text: %s; decision: %s]", m.Rule, ruleSection(m.Rule), m.SHA256, m.Decision.EN)
	}
	return ""
}

func ruleSection(rule string) string {
	if rule == "intent" {
		return "§1"
	}
	return "§7.3"
}

type moderationFile struct {
	Moderated []moderatedFile `toml:"moderated"`
}

type moderatedFile struct {
	Participant *string  `toml:"participant"`
	Field       *string  `toml:"field"`
	Track       string   `toml:"track"`
	Task        string   `toml:"task"`
	Rule        *string  `toml:"rule"`
	SHA256      *string  `toml:"sha256"`
	Decision    text     `toml:"decision"`
	DecidedAt   dateTime `toml:"decided_at"`
}

var hex64RE = regexp.MustCompile(`^[0-9a-f]{64}$`)

// loadModeration reads moderation.toml, checks every decision against the
// season (the participant, the field, the text's SHA-256) and withholds
// each moderated text in s.
func (l *loader) loadModeration(s *Season) error {
	data, err := l.readFile(ModerationFile, MaxTOMLBytes)
	if err != nil {
		return err
	}
	var f moderationFile
	if _, err := l.decodeTOML(ModerationFile, data, &f, "moderated", "moderated.participant", "moderated.field", "moderated.track", "moderated.task",
		"moderated.rule", "moderated.sha256", "moderated.decision", "moderated.decision.fr", "moderated.decision.en", "moderated.decided_at"); err != nil {
		return err
	}
	for i, mf := range f.Moderated {
		m, err := l.moderated(s, fmt.Sprintf("moderated[%d]", i), mf)
		if err != nil {
			return err
		}
		s.Moderation = append(s.Moderation, m)
	}
	return nil
}

func (l *loader) moderated(s *Season, at string, mf moderatedFile) (*Moderated, error) {
	rel := ModerationFile
	switch {
	case mf.Participant == nil:
		return nil, l.missing(rel, at+".participant", "the slug of the participant whose text is withheld")
	case mf.Field == nil:
		return nil, l.missing(rel, at+".field", "agent, declared_stack or narrative")
	case mf.Rule == nil:
		return nil, l.missing(rel, at+".rule", "intent, provider or emoji")
	case mf.SHA256 == nil:
		return nil, l.missing(rel, at+".sha256", "the SHA-256 of the withheld text, 64 lowercase hex digits")
	case !mf.Decision.set:
		return nil, l.missing(rel, at+".decision", `the maintainers' decision, published, in French and in English, { fr = "…", en = "…" }`)
	case !mf.DecidedAt.set:
		return nil, l.missing(rel, at+".decided_at", "an offset date-time")
	}
	m := &Moderated{Participant: *mf.Participant, Field: *mf.Field, Track: mf.Track, Task: mf.Task, Rule: *mf.Rule, SHA256: *mf.SHA256, Decision: mf.Decision.Text, DecidedAt: mf.DecidedAt.t}
	if !slices.Contains(ModerationRules, m.Rule) {
		return nil, l.errf(rel, at+".rule", "got %s, want one of %s", quote(m.Rule), names(ModerationRules...))
	}
	if !hex64RE.MatchString(m.SHA256) {
		return nil, l.errf(rel, at+".sha256", "got %s, want 64 lowercase hex digits", quote(m.SHA256))
	}
	if lang := m.Decision.Blank(); lang != "" {
		return nil, l.errf(rel, at+".decision."+lang, "empty, want the maintainers' decision")
	}
	p := s.Participant(m.Participant)
	if p == nil {
		return nil, l.errf(rel, at+".participant", "%s is not an enrolled participant", quote(m.Participant))
	}
	text, err := l.moderatedText(s, at, m, p)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(*text))
	if got := hex.EncodeToString(sum[:]); got != m.SHA256 {
		return nil, l.errf(rel, at+".sha256", "the %s of %s has SHA-256 %s, not %s: a decision withholds only the text it was taken on", m.Field, m.Participant, got, m.SHA256)
	}
	*text = m.Notice()
	return m, nil
}

// moderatedText returns where the moderated text lives in the season.
func (l *loader) moderatedText(s *Season, at string, m *Moderated, p *Participant) (*string, error) {
	rel := ModerationFile
	if m.Field != ModeratedNarrative && (m.Track != "" || m.Task != "") {
		return nil, l.errf(rel, at, "track and task name a narrative, not the %s", m.Field)
	}
	switch m.Field {
	case ModeratedAgent:
		return &p.Agent, nil
	case ModeratedDeclaredStack:
		return &p.DeclaredStack, nil
	case ModeratedNarrative:
		t := s.Track(m.Track)
		if t == nil {
			return nil, l.errf(rel, at+".track", "got %s, want a track of the season", quote(m.Track))
		}
		sf := t.Submission(m.Participant, m.Task)
		if sf == nil {
			return nil, l.errf(rel, at+".task", "%s has no accepted submission for %s in %s", m.Participant, quote(m.Task), t.Name)
		}
		parsed, err := sf.Read()
		if err != nil {
			return nil, err
		}
		if parsed.Submission == nil {
			return nil, l.errf(rel, at+".task", "%s has no accepted submission for %s in %s", m.Participant, quote(m.Task), t.Name)
		}
		// A submission is read again whenever it is needed: it is given
		// the notice then (SubmissionFile.Read). A second decision on the
		// same narrative reads the first's notice, and its SHA-256 fails.
		sf.withheld = m
		return &parsed.Submission.Narrative, nil
	}
	return nil, l.errf(rel, at+".field", "got %s, want agent, declared_stack or narrative", quote(m.Field))
}
