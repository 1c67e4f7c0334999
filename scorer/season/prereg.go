package season

import (
	"fmt"
	"strings"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/submission"
)

// Preregistration is <track>/preregistration.toml: every freeze of the
// track, in file order (§8 of the specification). Exactly one freeze is not
// superseded: Current. The freeze proofs are verified by package score
// before it scores the track (§8.5).
type Preregistration struct {
	Freezes []*Freeze
	Current *Freeze
}

// Freeze is one [[freezes]]: the anchored call that froze the barème, the
// corpus manifest and the key commitment.
type Freeze struct {
	AnchoredCall
	Bareme       string // the barème version it froze
	SupersededBy string // "" for the current freeze
	// Reason is why it was superseded, published with it in each
	// edition's language; zero for the current freeze.
	Reason bilingual.Text
}

type preregFile struct {
	Freezes []freezeFile `toml:"freezes"`
}

type freezeFile struct {
	Bareme       *string      `toml:"bareme"`
	ProofID      *string      `toml:"proof_id"`
	Target       *string      `toml:"target"`
	Method       *string      `toml:"method"`
	Payload      *string      `toml:"payload"`
	RequestHash  *openingFile `toml:"request_hash"`
	ResponseHash *openingFile `toml:"response_hash"`
	SupersededBy *string      `toml:"superseded_by"`
	Reason       text         `toml:"reason"`
}

type openingFile struct {
	Nonce *string `toml:"nonce"`
	Value *string `toml:"value"`
}

var preregKeys = []string{
	"freezes", "freezes.bareme", "freezes.proof_id", "freezes.target", "freezes.method", "freezes.payload",
	"freezes.request_hash", "freezes.request_hash.nonce", "freezes.request_hash.value",
	"freezes.response_hash", "freezes.response_hash.nonce", "freezes.response_hash.value",
	"freezes.superseded_by", "freezes.reason", "freezes.reason.fr", "freezes.reason.en",
}

func (l *loader) loadPreregistration(t *Track) (*Preregistration, error) {
	rel := join(t.Name, "preregistration.toml")
	data, err := l.readFile(rel, MaxTOMLBytes)
	if err != nil {
		return nil, err
	}
	var f preregFile
	if _, err := l.decodeTOML(rel, data, &f, preregKeys...); err != nil {
		return nil, err
	}
	if len(f.Freezes) == 0 {
		return nil, l.missing(rel, "freezes", "at least one [[freezes]]")
	}
	p := &Preregistration{}
	index := map[string]int{}
	for i, ff := range f.Freezes {
		at := fmt.Sprintf("freezes[%d]", i)
		fr, err := l.freeze(rel, at, ff)
		if err != nil {
			return nil, err
		}
		if j, dup := index[fr.ProofID]; dup {
			return nil, l.errf(rel, at+".proof_id", "%s is also the proof of freezes[%d], want one freeze per proof", fr.ProofID, j)
		}
		index[fr.ProofID] = i
		p.Freezes = append(p.Freezes, fr)
	}
	for i, fr := range p.Freezes {
		at := fmt.Sprintf("freezes[%d]", i)
		if fr.SupersededBy == "" {
			if p.Current != nil {
				return nil, l.errf(rel, at, "freeze %s is not superseded, nor is %s: want exactly one current freeze, the others with superseded_by and reason", fr.ProofID, p.Current.ProofID)
			}
			p.Current = fr
			continue
		}
		if fr.SupersededBy == fr.ProofID {
			return nil, l.errf(rel, at+".superseded_by", "%s supersedes itself, want another freeze of the file", fr.ProofID)
		}
		if _, ok := index[fr.SupersededBy]; !ok {
			return nil, l.errf(rel, at+".superseded_by", "%s is not the proof_id of a freeze of the file", fr.SupersededBy)
		}
	}
	if p.Current == nil {
		return nil, l.errf(rel, "freezes", "every freeze is superseded, want exactly one current freeze")
	}
	// With one current freeze and every other one superseded by some freeze,
	// a cycle would leave its members unreachable from the current one.
	for i, fr := range p.Freezes {
		seen := 0
		for cur := fr; cur.SupersededBy != ""; cur = p.Freezes[index[cur.SupersededBy]] {
			if seen++; seen > len(p.Freezes) {
				return nil, l.errf(rel, fmt.Sprintf("freezes[%d].superseded_by", i), "the superseded_by chain from %s loops, want it to end at the current freeze", fr.ProofID)
			}
		}
	}
	if p.Current.Bareme != t.Bareme {
		return nil, l.errf(rel, fmt.Sprintf("freezes[%d].bareme", index[p.Current.ProofID]), "the current freeze froze %s, want track.toml's bareme %s", quote(p.Current.Bareme), quote(t.Bareme))
	}
	return p, nil
}

func (l *loader) freeze(rel, at string, ff freezeFile) (*Freeze, error) {
	if ff.Bareme == nil {
		return nil, l.missing(rel, at+".bareme", "the barème version frozen")
	}
	c, err := l.anchoredCall(rel, at, publicationFile{ProofID: ff.ProofID, Target: ff.Target, Method: ff.Method, Payload: ff.Payload, RequestHash: ff.RequestHash, ResponseHash: ff.ResponseHash})
	if err != nil {
		return nil, err
	}
	fr := &Freeze{AnchoredCall: *c, Bareme: *ff.Bareme}
	if strings.TrimSpace(fr.Bareme) == "" {
		return nil, l.errf(rel, at+".bareme", "empty, want the barème version frozen")
	}
	if ff.SupersededBy != nil {
		if !submission.ValidProofID(*ff.SupersededBy) {
			return nil, l.errf(rel, at+".superseded_by", "got %s, want the proof id of the freeze that replaced this one", quote(*ff.SupersededBy))
		}
		fr.SupersededBy = *ff.SupersededBy
		switch {
		case !ff.Reason.set:
			return nil, l.missing(rel, at+".reason", `why the freeze was superseded, published with it (§8), in French and in English, { fr = "…", en = "…" }`)
		case ff.Reason.Blank() != "":
			return nil, l.errf(rel, at+".reason."+ff.Reason.Blank(), "empty, want why the freeze was superseded, published with it (§8)")
		}
		fr.Reason = ff.Reason.Text
	} else if ff.Reason.set {
		return nil, l.errf(rel, at+".reason", "set on a freeze that is not superseded, want reason only with superseded_by")
	}
	return fr, nil
}
