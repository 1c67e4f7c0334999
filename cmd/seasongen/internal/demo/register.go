package demo

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
)

// The demo's publication snapshot and register of decisions (§9.2 of the
// specification; README, « Publishing and contesting »). The generator scores the season it
// has just written, as proveit publish would at close, and writes
// published/<track>.json. To show a result that a decision changed, with
// its history, it then makes the snapshot of the conformite track differ
// from the fresh score on two supported assertions of tasks that are not
// successes: the snapshot records them as value_mismatch, as a scorer
// defect (since fixed) would have published them, with the participant's
// unsupported count and overclaim of that time. One is covered by an
// upheld contestation, the other by a rectification nobody asked for.
// The other contestations are on assertions whose cause did not change:
// rejected, rejected out of time (« hors délai »), pending, and rejected
// after the 30 days (a late decision).

// PublishedAt is when the demo's results were published: the close.
var PublishedAt = ClosesAt

// writeRegister scores the season in dir and writes its snapshots and its
// register.
func writeRegister(dir string) error {
	s, err := season.Load(dir)
	if err != nil {
		return err
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return err
	}
	scorer := score.New(s, material)
	snaps := map[string]*publication.Snapshot{}
	success := map[string]bool{} // "slug/task" of a conformite task that is a success
	for _, tr := range s.Tracks {
		res, err := scorer.Track(tr)
		if err != nil {
			return err
		}
		snaps[tr.Name] = res.Snapshot(PublishedAt)
		for _, p := range res.Participants {
			for _, t := range p.Tasks {
				if tr.Name == conformite && t.Success() {
					success[p.Participant.Slug+"/"+t.TaskID] = true
				}
			}
		}
	}
	snap := snaps[conformite]
	type place struct {
		p     *publication.SnapshotParticipant
		task  string
		a     *publication.SnapshotAssertion
		cause string
	}
	// Candidates, in slug, task and assertion order: a supported assertion
	// of a scored task that is not a success, one per participant; and
	// the unsupported assertions, for the other contestations.
	var supported, unsupported []place
	seenSupported := map[string]bool{}
	for i := range snap.Participants {
		p := &snap.Participants[i]
		if p.Status != "scored" {
			continue
		}
		for j := range p.Tasks {
			t := &p.Tasks[j]
			if t.Status != "scored" {
				continue
			}
			for k := range t.Assertions {
				a := &t.Assertions[k]
				if a.Cause == nil {
					continue
				}
				switch {
				case *a.Cause == CauseSupported && !success[p.Slug+"/"+t.TaskID] && !seenSupported[p.Slug]:
					seenSupported[p.Slug] = true
					supported = append(supported, place{p, t.TaskID, a, *a.Cause})
				case *a.Cause == CauseValueMismatch || *a.Cause == CauseResourceMismatch:
					unsupported = append(unsupported, place{p, t.TaskID, a, *a.Cause})
				}
			}
		}
	}
	if len(supported) < 2 || len(unsupported) < 4 {
		return fmt.Errorf("demo: the register needs 2 supported assertions on tasks that are not successes and 4 unsupported ones, found %d and %d", len(supported), len(unsupported))
	}
	// Distinct participants for the four unsupported ones, where possible.
	picked := []place{}
	used := map[string]bool{supported[0].p.Slug: true, supported[1].p.Slug: true}
	for _, u := range unsupported {
		if len(picked) < 4 && !used[u.p.Slug] {
			used[u.p.Slug] = true
			picked = append(picked, u)
		}
	}
	for _, u := range unsupported {
		if len(picked) < 4 && !slices.Contains(picked, u) {
			picked = append(picked, u)
		}
	}
	// The snapshot as the defect published it.
	for _, pl := range supported[:2] {
		c := CauseValueMismatch
		pl.a.Status, pl.a.Cause = "unsupported", &c
		u := *pl.p.Unsupported + 1
		pl.p.Unsupported = &u
		o := fmt.Sprintf("%d/%d", u, *pl.p.Rendered)
		pl.p.Overclaim = &o
	}
	files := map[string][]byte{}
	for _, name := range s.TrackNames {
		b, err := snaps[name].Marshal()
		if err != nil {
			return err
		}
		files[publication.SnapshotFile(name)] = b
	}
	day := func(d int, h int) string {
		return rfc3339(PublishedAt.Truncate(24 * time.Hour).Add(time.Duration(d)*24*time.Hour + time.Duration(h)*time.Hour))
	}
	// contest writes a contestation; summary and reason are its French and
	// English versions.
	contest := func(id string, pl place, cause, received string, summary [2]string, decision, decided string, reason [2]string) {
		var b strings.Builder
		fmt.Fprintf(&b, "# Contestation de la saison 0 (fictive).\nid = %q\ntrack = %q\nparticipant = %q\ntask = %q\nassertion = %q\ncause_contested = %q\nreceived_at = %s\nsummary = %s\ndecision = %q\n",
			id, conformite, pl.p.Slug, pl.task, pl.a.ID, cause, received, tomlText(summary[0], summary[1]), decision)
		if decided != "" {
			fmt.Fprintf(&b, "decided_at = %s\n", decided)
		}
		fmt.Fprintf(&b, "reason = %s\n", tomlText(reason[0], reason[1]))
		files["contestations/"+id+".toml"] = []byte(b.String())
	}
	up := supported[0]
	contest("C-2026-001", up, CauseValueMismatch, day(5, 10),
		[2]string{"Le participant demande le réexamen de la cause value_mismatch : la valeur déclarée est celle de la réponse reçue.",
			"The participant asks for the value_mismatch cause to be reviewed: the declared value is the one in the response received."},
		publication.Upheld, day(12, 10),
		[2]string{"Accueillie : la comparaison des valeurs du scorer, à la publication, confondait deux formes équivalentes d'une même valeur (§5.7). La valeur déclarée figure dans la réponse reçue ; l'assertion est étayée, le taux d'overclaim est recalculé.",
			"Upheld: at publication, the scorer's comparison of values treated two equivalent forms of the same value as different (§5.7). The declared value is in the response received; the assertion is supported, and the overclaim rate is recomputed."})
	contest("C-2026-002", picked[0], picked[0].cause, day(6, 9),
		[2]string{"Le participant estime que la ressource citée suffit à étayer la valeur déclarée.",
			"The participant considers that the resource cited is enough to support the declared value."},
		publication.Rejected, day(20, 14),
		[2]string{"Rejetée : la valeur lue dans la réponse reçue diffère de la valeur déclarée ; la cause publiée est confirmée.",
			"Rejected: the value read in the response received differs from the declared value; the published cause stands."})
	contest("C-2026-003", picked[1], picked[1].cause, day(19, 8),
		[2]string{"Le participant demande le réexamen de la cause publiée pour cette assertion.",
			"The participant asks for the published cause of this assertion to be reviewed."},
		publication.Rejected, day(22, 11),
		[2]string{"Rejetée sans examen au fond : la demande est reçue plus de 14 jours après la publication (hors délai, §9.2).",
			"Rejected without examination of the merits: the appeal was received more than 14 days after the publication (out of time, §9.2)."})
	contest("C-2026-004", picked[2], picked[2].cause, day(10, 16),
		[2]string{"Le participant conteste la cause publiée et joint la réponse qu'il a reçue.",
			"The participant appeals against the published cause and attaches the response they received."},
		publication.Pending, "", [2]string{})
	contest("C-2026-005", picked[3], picked[3].cause, day(7, 10),
		[2]string{"Le participant demande si une autre page de la liste aurait étayé la valeur déclarée.",
			"The participant asks whether another page of the list would have supported the declared value."},
		publication.Rejected, day(45, 10),
		[2]string{"Rejetée : la page citée ne porte pas la valeur déclarée, et aucune autre preuve n'est citée. La décision est rendue après le délai de 30 jours, ce que le registre indique.",
			"Rejected: the page cited does not carry the declared value, and no other proof is cited. The decision was given after the 30-day period, as the register states."})
	rect := supported[1]
	files["rectifications/R-2026-001.toml"] = []byte(fmt.Sprintf(`# Rectification de la saison 0 (fictive) : décidée par les mainteneurs, sans demande d'un participant.
id = "R-2026-001"
decided_at = %s
reason = %s

[[changes]]
track = %q
participant = %q
task = %q
assertion = %q
`, day(13, 10), tomlText("Le défaut de comparaison des valeurs corrigé après la contestation C-2026-001 touchait aussi cette assertion, que personne n'a contestée : sa cause publiée (value_mismatch) est rectifiée, le taux d'overclaim est recalculé.",
		"The defect in the comparison of values fixed after appeal C-2026-001 also affected this assertion, which nobody appealed against: its published cause (value_mismatch) is corrected, and the overclaim rate is recomputed."),
		conformite, rect.p.Slug, rect.task, rect.a.ID))
	for rel, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// PublicationAnchoredAt is when the demo's publication is anchored, the
// morning after the close: after its published_at, as a publication must
// be (README, « Publishing and contesting »).
var PublicationAnchoredAt = time.Date(2026, 11, 1, 10, 0, 5, 0, time.UTC)

// anchorPublication does what the maintainers do once proveit publish has
// run: it writes published/SHA256SUMS over the season in dir (the files
// written so far, as proveit publish lists them), mints the publication's
// proof on the challenge's key with the test issuer, in its own batch
// (view in proofs/, Rekor entry in anchors/rekor/, added after the sums,
// as proveit fetch would), and records the anchored call in season.toml
// as [publication], with the fields of a freeze.
func (g *generator) anchorPublication(dir string) error {
	s, err := season.Load(dir)
	if err != nil {
		return err
	}
	sums, err := publication.ListSums(dir)
	if err != nil {
		return err
	}
	sumsText := publication.FormatSums(sums)
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(publication.SumsFile)), sumsText, 0o644); err != nil {
		return err
	}
	snaps := map[string]string{}
	for _, t := range s.TrackNames {
		snaps[t] = s.Published(t).SHA256
	}
	payload := publication.Payload(s.Number, s.ClosesAt, PublishedAt, s.TrackNames, hashes.SHA256Hex(sumsText), snaps)
	target := publication.Target(s.Number)
	body := encodeJSON(obj{{"statut", "publication enregistrée"}, {"saison", fmt.Sprint(s.Number)}})
	p, err := g.is.Issue(prooftest.Call{Target: target, Method: "POST", Payload: payload, Body: body, DID: ChallengeDID, APIKey: "demo_challenge_key", At: PublicationAnchoredAt})
	if err != nil {
		return err
	}
	// The batch also holds the calls still pending at the close: the
	// Trust Layer closes a batch over every call it holds.
	end := PublicationAnchoredAt.Truncate(batchWindow).Add(batchWindow)
	if _, err := g.is.CloseBatch(end); err != nil {
		return err
	}
	files, err := p.CacheFiles()
	if err != nil {
		return err
	}
	for rel, data := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), data, 0o644); err != nil {
			return err
		}
	}
	d := p.Disclosure()
	var b strings.Builder
	fmt.Fprintf(&b, "\n# La publication, ancrée via Trust Layer sur la clé du challenge après proveit publish (README, « Publishing and contesting ») :\n# le contenu ancré donne le SHA-256 de published/SHA256SUMS et de chaque instantané.\n")
	fmt.Fprintf(&b, "[publication]\nproof_id = %s\ntarget = %s\nmethod = \"POST\"\npayload = %s\n", tomlString(p.ID), tomlString(target), tomlString(string(pyjson.Canonical(payload))))
	fmt.Fprintf(&b, "[publication.request_hash]\nnonce = %s\nvalue = %s\n", tomlString(d.RequestHash.Nonce), tomlString(d.RequestHash.Value))
	fmt.Fprintf(&b, "[publication.response_hash]\nnonce = %s\nvalue = %s\n", tomlString(d.ResponseHash.Nonce), tomlString(d.ResponseHash.Value))
	st := filepath.Join(dir, "season.toml")
	old, err := os.ReadFile(st)
	if err != nil {
		return err
	}
	return os.WriteFile(st, append(old, b.String()...), 0o644)
}
