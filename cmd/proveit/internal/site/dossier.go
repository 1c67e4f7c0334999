package site

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/templates"
)

// The evidence dossier of a closed season: its inputs, published under
// saison-<n>/dossier/ so that a reader re-checks any published number from
// the site alone (the corpus and the key are « publiés à la clôture », §8.3;
// the disclosures « publiées avec la soumission », §4). Every file is the
// committed file byte for byte, with one exception: a file holding a text
// the moderation register withholds (moderation.toml) is published with
// the notice in its place — a participant file re-encoded as TOML, a
// submission as canonical JSON — and the register gives the SHA-256 of
// what is withheld. The cached proof views are under saison-<n>/preuves/,
// not repeated here. An open season has no dossier (§7.4).

// dossierPaths lists the season's inputs that its dossier publishes, every
// file of the season directory but its proof views, by their paths
// relative to it, sorted.
func dossierPaths(s *season.Season) ([]string, error) {
	var paths []string
	err := filepath.WalkDir(s.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(s.Dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "proofs" {
				return fs.SkipDir // published under preuves/
			}
			return nil
		}
		paths = append(paths, rel)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	return paths, nil
}

// addDossier adds the season's inputs at paths (dossierPaths) to t under
// saison-<n>/dossier/, each as published (moderatedFiles). The files are
// read over workers goroutines (all cores when workers <= 0) and added in
// the order of paths; step, if not nil, is called once each is added.
func addDossier(t Sink, s *season.Season, paths []string, workers int, step func()) error {
	withheld := moderatedFiles(s)
	return addOrdered(t, len(paths), workers, func(i int) string {
		return sitepath.DossierFile(s.Number, paths[i]).String()
	}, func(i int, dst []byte) ([]byte, error) {
		p := filepath.Join(s.Dir, filepath.FromSlash(paths[i]))
		data, err := inputfile.Append(dst, p, MaxInputFileBytes)
		if err != nil {
			return nil, fmt.Errorf("dossier: %s: %w", p, err)
		}
		if rewrite, ok := withheld[paths[i]]; ok {
			if data, err = rewrite(data); err != nil {
				return nil, fmt.Errorf("dossier: %s: %w", p, err)
			}
		}
		return data, nil
	}, step)
}

// moderatedFiles maps the season files that hold a withheld text to the
// function that turns the file's bytes into their published form, with the
// notice in the text's place (the loaded season already holds the notices).
func moderatedFiles(s *season.Season) map[string]func(data []byte) ([]byte, error) {
	out := map[string]func([]byte) ([]byte, error){}
	for _, m := range s.Moderation {
		switch m.Field {
		case season.ModeratedAgent, season.ModeratedDeclaredStack:
			p := s.Participant(m.Participant)
			out[p.File] = func([]byte) ([]byte, error) {
				var b bytes.Buffer
				b.WriteString("# Publié avec le texte retenu par la modération remplacé par son avis (moderation.toml).\n")
				err := toml.NewEncoder(&b).Encode(map[string]any{"agent": p.Agent, "did": p.DID, "declared_stack": p.DeclaredStack, "enrolled_at": p.EnrolledAt})
				return b.Bytes(), err
			}
		case season.ModeratedNarrative:
			sf := s.Track(m.Track).Submission(m.Participant, m.Task)
			out[sf.File] = func(data []byte) ([]byte, error) {
				v, err := pyjson.Decode(data)
				if err != nil {
					return nil, err
				}
				var mems []pyjson.Member
				for _, mem := range v.Members() {
					if mem.Key == "narrative" {
						mem.Value = pyjson.StringValue(m.Notice())
					}
					mems = append(mems, mem)
				}
				return append(pyjson.Canonical(pyjson.ObjectValue(mems...)), '\n'), nil
			}
		}
	}
	return out
}

// dossierGroups sorts the dossier's files into what a reader does with
// them, for the dossier's page.
func dossierGroups(paths []string, tracks []string) map[string][]string {
	g := map[string][]string{}
	for _, p := range paths {
		first, rest, _ := strings.Cut(p, "/")
		switch {
		case p == "season.toml" || p == season.ModerationFile:
			g["season"] = append(g["season"], p)
		case first == "trust":
			g["trust"] = append(g["trust"], p)
		case first == "anchors":
			g["anchors"] = append(g["anchors"], p)
		case first == "participants":
			g["participants"] = append(g["participants"], p)
		case first == publication.Dir:
			g["published"] = append(g["published"], p)
		case strings.HasPrefix(rest, "submissions/"):
			g["submissions"] = append(g["submissions"], p)
		case strings.HasPrefix(rest, "corpus/"):
			g["corpus"] = append(g["corpus"], p)
		default:
			g["rules"] = append(g["rules"], p)
		}
	}
	return g
}

// dossierView is what the dossier's page shows of paths.
func dossierView(s *season.Season, paths []string) *templates.Dossier {
	g := dossierGroups(paths, s.TrackNames)
	d := &templates.Dossier{Season: g["season"], Trust: g["trust"], Published: g["published"], Participants: len(g["participants"]), RekorEntries: len(g["anchors"])}
	if s.Sums != nil {
		d.Sums = publication.SumsFile
	}
	for _, name := range s.TrackNames {
		dt := templates.DossierTrack{Name: name, Title: templates.TrackTitle(s.TrackTitles[name])}
		for _, p := range g["rules"] {
			if strings.HasPrefix(p, name+"/") {
				dt.Rules = append(dt.Rules, p)
			}
		}
		for _, p := range g["corpus"] {
			if strings.HasPrefix(p, name+"/") {
				dt.Corpus++
			}
		}
		for _, p := range g["submissions"] {
			if strings.HasPrefix(p, name+"/") {
				dt.Submissions++
			}
		}
		d.Tracks = append(d.Tracks, dt)
	}
	return d
}
