package seasontest_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/season/seasontest"
)

const trackTOML = `bareme = "conformite-bareme-essai"
task_prefix = "conf"
trap_families = ["P1", "P2", "P3", "P4", "P5"]
control_family = "controle"
verdicts = ["conforme", "non_conforme", "indeterminable"]

[[tasks]]
id = "conf-01"
question = "L'entité ENT-0001 est-elle conforme ?"
min_assertions = 1
max_assertions = 2
params = { entite = "/entites/ENT-0001" }

[distribution]
conforme = 1
non_conforme = 0
indeterminable = 0
`

func build(t *testing.T) string {
	opens := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	s := seasontest.New(t, seasontest.Config{
		Number: 4, TitleFR: "Saison de test", TitleEN: "Test season", Seed: []byte("seasontest"), Host: "https://corpus.arkforge.tech", ChallengeDID: "did:key:z6MkChallenge",
		Opens: opens, Closes: opens.Add(30 * 24 * time.Hour), ContestEmail: "contest@example.org",
		KeyWindow: rfc3161test.Validity{NotBefore: opens.Add(-300 * 24 * time.Hour), NotAfter: opens.Add(90 * 24 * time.Hour)},
		Corpus: map[string]string{"/entites/ENT-0001": `{"statut": "actif"}`, "/_systeme/403": `{"erreur": "accès refusé"}`,
			"/_systeme/503": `{"erreur": "corpus indisponible"}`, "/_systeme/400": `{"erreur": "requête invalide"}`},
		FreezesAnchored: opens.Add(-40 * time.Hour),
		Tracks:          []seasontest.Track{{Name: "conformite", TitleFR: "conformité", TitleEN: "compliance", Bareme: "conformite-bareme-essai", TOML: trackTOML, QuestionsEN: "conf-01 = \"Is entity ENT-0001 compliant?\"\n", Key: `{"conf-01": {"verdict": "conforme"}}`}},
	})
	s.Participant("alice", "", "", "Go")
	p := s.Call("alice", "/entites/ENT-0001", seasontest.CallOpts{})
	s.Submit("conformite", "alice", "conf-01", "conforme", "récit", []seasontest.Claim{{Resource: "/entites/ENT-0001", Field: "/statut", Value: "actif", Proofs: []*prooftest.Proof{p}}}, nil)
	return s.Write(t.TempDir())
}

// TestWrite: the season written loads strictly, with its participant, its
// submission, the proof cited and the track's freeze cached; the same
// calls give the same bytes.
func TestWrite(t *testing.T) {
	dir := build(t)
	s, err := season.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Number != 4 || s.ContestEmail != "contest@example.org" || len(s.Participants) != 1 || len(s.Tracks) != 1 {
		t.Fatalf("got season %d, contest %q, %d participants, %d tracks", s.Number, s.ContestEmail, len(s.Participants), len(s.Tracks))
	}
	if len(s.Proofs) != 2 {
		t.Errorf("%d proofs cached, want the participant's and the freeze's", len(s.Proofs))
	}
	again := build(t)
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(again, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
