package demo

import (
	"encoding/binary"
	"fmt"
	"time"
)

// Generated participants (Options.Participants beyond the cast), for scale
// runs: honest-ish agents whose choices come from a deterministic generator
// seeded per participant, so that a scale season is rewritten byte for byte
// too.

// rng is SplitMix64: small, fixed, and the same on every Go release.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// synthetic returns the n-th participant (n > CastSize()) with its sessions.
func synthetic(w *world, n int) *participant {
	slug := fmt.Sprintf("synthetique-%05d", n)
	p := &participant{
		slug: slug, agent: fmt.Sprintf("Agent synthétique %05d", n),
		stack:     "participant généré par cmd/seasongen pour les essais de charge",
		role:      "généré : honnête le plus souvent, parfois une valeur non portée, un verdict inexact ou une abstention",
		did:       didKey(slug),
		apiKey:    "demo_" + slug,
		enrolled:  time.Date(2026, 9, 30, 12, 0, 0, 0, time.UTC),
		synthetic: true,
	}
	r := &rng{state: binary.BigEndian.Uint64(derive("synthetic " + slug))}
	for _, tr := range w.tracks() {
		start := time.Date(2026, 10, 2+r.intn(29), 8+r.intn(10), r.intn(60), 0, 0, time.UTC)
		for i, k := range tr.tasks {
			s := p.session(tr, k.id, start.Add(time.Duration(i)*12*time.Minute))
			switch roll := r.intn(100); {
			case roll < 70:
				s.honest()
			case roll < 85: // one value the corpus does not carry
				s.honest()
				for _, pc := range k.pool {
					if pc.own && !s.has(pc.claim) && len(s.assertions) < k.max {
						s.assert(claim{pc.resource, pc.field, toValue(distort(pc.value))})
						break
					}
				}
			case roll < 95: // a wrong verdict on supported assertions
				s.honest()
				s.verdict = wrongVerdict(tr, k)
			default: // an abstention
				s.T(k.pool[0].resource, k.pool[0].field)
				s.verdict, s.expect = k.verdict, statusNotRendered
			}
			s.narrative = "Rendu généré."
		}
	}
	return p
}

// wrongVerdict returns a verdict of the track other than the expected one.
func wrongVerdict(tr *track, k *task) string {
	if tr.pattern == "" {
		for i, v := range tr.verdicts {
			if v == k.verdict {
				return tr.verdicts[(i+1)%len(tr.verdicts)]
			}
		}
	}
	if k.verdict != "aucune_option_valide" {
		return "aucune_option_valide"
	}
	for _, p := range k.graph.order {
		if len(p) > len("/produits/") && p[:len("/produits/")] == "/produits/" {
			return p[len("/produits/"):]
		}
	}
	return "REF-0000"
}
