package demo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// scaleN is the size of the scale season the tests write: the cast and a
// few generated participants.
const scaleN = 30

// scaleTree is the tree hash (treeHash) of the season Write gives for
// scaleN participants, since the test issuer mints the views of the
// published proof specification 3.1: a change of the generation order, or
// of anything a generated participant writes, shows here. Regenerate it
// only for a change of the demo that is meant.
const scaleTree = "af343805b86d14c1c30bbfbb0d1dcb4513845fdc7289e891e4aeed36810960f6"

// treeHash is the SHA-256 of the sorted lines "path NUL sha256(file)" of
// a tree.
func treeHash(files map[string][]byte) string {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		fmt.Fprintf(h, "%s\x00%x\n", p, sha256.Sum256(files[p]))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestScaleSeasonDeterministic: two runs of Write with generated
// participants, one keeping their meta, give the same bytes, the bytes
// the generator gave before it stopped keeping them; by default the meta
// keeps the cast only and counts the rest, and the counts are those of
// the files written.
func TestScaleSeasonDeterministic(t *testing.T) {
	if scaleN <= CastSize() {
		t.Fatalf("scaleN %d does not exceed the cast (%d)", scaleN, CastSize())
	}
	var trees [2]map[string][]byte
	var metas [2]*Meta
	for i := range trees {
		dir := filepath.Join(t.TempDir(), "0")
		m, err := Write(dir, Options{Participants: scaleN, KeepGenerated: i == 1})
		if err != nil {
			t.Fatal(err)
		}
		trees[i], metas[i] = readTree(t, dir), m
	}
	h0, h1 := treeHash(trees[0]), treeHash(trees[1])
	if h0 != h1 {
		for p, b := range trees[0] {
			if string(trees[1][p]) != string(b) {
				t.Errorf("%s differs between two runs", p)
			}
		}
		t.Fatalf("two runs give trees %s and %s", h0, h1)
	}
	if h0 != scaleTree {
		t.Errorf("the %d-participant season hashes to %s, want %s (the generation changed)", scaleN, h0, scaleTree)
	}
	m := metas[0]
	if len(m.Participants) != CastSize() || m.Generated.Participants != scaleN-CastSize() || m.ParticipantCount() != scaleN {
		t.Errorf("meta: %d participants kept, %d generated counted, %d in all; want %d, %d, %d",
			len(m.Participants), m.Generated.Participants, m.ParticipantCount(), CastSize(), scaleN-CastSize(), scaleN)
	}
	for _, p := range m.Participants {
		if p.Synthetic {
			t.Errorf("meta keeps generated participant %s", p.Slug)
		}
	}
	proofs, participants := 0, 0
	for p := range trees[0] {
		switch {
		case strings.HasPrefix(p, "proofs/"):
			proofs++
		case strings.HasPrefix(p, "participants/"):
			participants++
		}
	}
	if participants != scaleN || m.ProofCount() != proofs {
		t.Errorf("%d participant files and %d proof files; meta counts %d and %d", participants, proofs, m.ParticipantCount(), m.ProofCount())
	}
	if k := metas[1]; len(k.Participants) != scaleN || k.Generated.Participants != 0 || k.Generated.Proofs != 0 || k.ProofCount() != proofs {
		t.Errorf("KeepGenerated: %d participants kept, %d counted, %d proofs kept, %d counted; want %d, 0, %d, 0",
			len(k.Participants), k.Generated.Participants, len(k.Proofs), k.Generated.Proofs, scaleN, proofs)
	}
	if m.Generated.Proofs == 0 {
		t.Error("no proof counted for the generated participants")
	}
	for _, pm := range m.Proofs {
		if strings.HasPrefix(pm.Participant, "synthetique-") {
			t.Errorf("meta keeps proof %s of generated participant %s", pm.ID, pm.Participant)
		}
	}
}
