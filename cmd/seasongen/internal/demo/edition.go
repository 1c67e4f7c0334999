package demo

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
)

// The demo has two seasons. Season 0 is the full demonstration: the whole
// cast, every cause and status, a register of every kind. Season 1 is a
// small later season, generated from its own seed, one month later, with
// four members of the cast: closed, published, its publication anchored,
// then invalidated after the publication (§8 of the specification), so
// that the site shows the notice of a season whose published results are
// withdrawn.

// edition is what differs between the demo seasons; its zero value is
// season 0.
type edition struct {
	number  int
	shift   time.Duration // added to every date of season 0's script
	members []string      // the cast's slugs; nil for the whole cast
}

// ed is the edition being generated (Write sets it under editionMu).
var ed edition

var editionMu sync.Mutex

// Season1 is the second demo season's number; Season1Dir its directory.
const (
	Season1    = 1
	Season1Dir = "seasons/1"
)

// season1 is the edition of season 1: one month (31 days) after season 0,
// four participants.
var season1 = edition{number: Season1, shift: 31 * 24 * time.Hour, members: []string{"boussole", "albatros", "metronome", "cascade"}}

// Season1InvalidationReason is the published reason of season 1's
// invalidation (§8: a change during the season invalidates it).
const Season1InvalidationReason = "Après la publication, les mainteneurs ont constaté que l'hôte du corpus a servi, du 10 au 14 novembre 2026, une version modifiée du fichier produits/REF-3102.json de la piste generique, différente de la version figée au gel : le corpus a changé en cours de saison. Un changement en cours de saison ne se corrige pas : il invalide la saison (§8). Les résultats publiés le 1er décembre 2026 sont retirés ; la saison suivante repart d'un corpus figé et d'un barème gelé."

// Season1InvalidationReasonEN is its English version.
const Season1InvalidationReasonEN = "After the publication, the maintainers found that from 10 to 14 November 2026 the corpus host served a modified version of the file produits/REF-3102.json of the generic track, different from the version frozen at the freeze: the corpus changed during the season. A change during the season cannot be corrected; it invalidates the season (§8). The results published on 1 December 2026 are withdrawn; the next season starts again from a fixed corpus and a frozen scoring scheme."

// Season1InvalidatedAt is when season 1 was invalidated: after its
// publication.
var Season1InvalidatedAt = time.Date(2026, 12, 9, 14, 0, 0, 0, time.UTC)

// use makes e the edition being generated: the seed, the dates and the
// freeze URL follow it. It returns the function that restores season 0's.
func use(e edition) (restore func()) {
	editionMu.Lock()
	saved := struct {
		ed                                   edition
		seed                                 []byte
		opens, closes, published, anchoredAt time.Time
		freezeTarget                         string
	}{ed, Seed, OpensAt, ClosesAt, PublishedAt, PublicationAnchoredAt, FreezeTarget}
	ed = e
	if e.number != 0 {
		Seed = []byte(fmt.Sprintf("PROVE IT — saison %d de démonstration, graine fixe v1", e.number))
	}
	OpensAt, ClosesAt = OpensAt.Add(e.shift), ClosesAt.Add(e.shift)
	PublishedAt, PublicationAnchoredAt = PublishedAt.Add(e.shift), PublicationAnchoredAt.Add(e.shift)
	FreezeTarget = fmt.Sprintf("https://proveit.arkforge.tech/v1/season/%d/freeze", e.number)
	return func() {
		ed, Seed, OpensAt, ClosesAt, PublishedAt, PublicationAnchoredAt, FreezeTarget =
			saved.ed, saved.seed, saved.opens, saved.closes, saved.published, saved.anchoredAt, saved.freezeTarget
		editionMu.Unlock()
	}
}

// WriteSeason1 generates season 1 into dir, replacing it as Write does:
// the season, its publication snapshots (the fresh score, as proveit
// publish writes it), its SHA256SUMS and anchored publication, then its
// invalidation recorded in season.toml.
func WriteSeason1(dir string) (*Meta, error) {
	restore := use(season1)
	defer restore()
	return write(dir, Options{}, func(g *generator, tmp string) error {
		if err := writeSnapshots(tmp); err != nil {
			return err
		}
		if err := g.anchorPublication(tmp); err != nil {
			return err
		}
		return invalidate(tmp)
	})
}

// writeSnapshots writes published/<track>.json, the fresh score of every
// track at PublishedAt.
func writeSnapshots(dir string) error {
	s, err := season.Load(dir)
	if err != nil {
		return err
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return err
	}
	sc := score.New(s, material)
	if err := os.MkdirAll(s.Path(publication.Dir), 0o755); err != nil {
		return err
	}
	for _, tr := range s.Tracks {
		res, err := sc.Track(tr)
		if err != nil {
			return err
		}
		b, err := res.Snapshot(PublishedAt).Marshal()
		if err != nil {
			return err
		}
		if err := os.WriteFile(s.Path(publication.SnapshotFile(tr.Name)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// invalidate records season 1's invalidation in season.toml, which
// SHA256SUMS leaves out because it changes after publication by design.
func invalidate(dir string) error {
	p := filepath.Join(dir, "season.toml")
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	old := "status = \"closed\"\n"
	if !strings.Contains(string(b), old) {
		return fmt.Errorf("demo: %s has no %q", p, old)
	}
	inv := "# Invalidée après la publication (§8) : les résultats publiés sont retirés, l'avis reste.\nstatus = \"invalidated\"\nreason = " + tomlText(Season1InvalidationReason, Season1InvalidationReasonEN) + "\ninvalidated_at = " + rfc3339(Season1InvalidatedAt) + "\n"
	out := strings.Replace(string(b), old, inv, 1)
	out = strings.Replace(out, fmt.Sprintf("le registre des décisions est sur saison-%d/corrections/.", ed.number), "la saison invalidée, le site n'en publie que l'avis.", 1)
	return os.WriteFile(p, []byte(out), 0o644)
}
