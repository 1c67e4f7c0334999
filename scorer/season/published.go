package season

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"strings"

	"github.com/ark-forge/proveit/scorer/publication"
)

// The publication snapshots, published/<track>.json, and
// published/SHA256SUMS: package publication holds their rules; this file
// reads the directory.

// Published returns the snapshot of track, or nil when it has none.
func (s *Season) Published(track string) *publication.Snapshot { return s.Snapshots[track] }

// loadPublished reads published/: only regular files <track>.json, for
// declared tracks, each strict JSON within MaxSnapshotBytes, and
// SHA256SUMS (publication.go). An open season has no snapshot; an
// invalidated one only if it was invalidated after the publication (its
// invalidated_at not before any snapshot's published_at): its results were
// published, then withdrawn by the invalidation (§8).
func (l *loader) loadPublished(s *Season) error {
	entries, err := l.readDir(publication.Dir)
	if err != nil {
		return err
	}
	if s.Status == Open {
		return l.errf(publication.Dir, "", "the season is %s: only a closed season, or one invalidated after its publication, has a publication snapshot", s.Status)
	}
	s.Snapshots = map[string]*publication.Snapshot{}
	for _, e := range entries {
		rel := join(publication.Dir, e.name)
		if rel == publication.SumsFile && !e.isDir {
			if err := l.loadSums(s); err != nil {
				return err
			}
			continue
		}
		track, ok := strings.CutSuffix(e.name, ".json")
		if e.isDir || !ok || !slices.Contains(s.TrackNames, track) {
			return l.errf(rel, "", "unexpected entry, want only SHA256SUMS and files named <track>.json for the tracks season.toml declares (%s)", names(s.TrackNames...))
		}
		data, err := l.readFile(rel, publication.MaxSnapshotBytes)
		if err != nil {
			return err
		}
		snap, err := publication.ParseSnapshot(data, s.Number, track)
		if err != nil {
			return l.rule(err)
		}
		sum := sha256.Sum256(data)
		snap.SHA256 = hex.EncodeToString(sum[:])
		if s.Status == Invalidated {
			if err := publication.CheckInvalidated(s.InvalidatedAt, snap); err != nil {
				return l.rule(err)
			}
		}
		s.Snapshots[track] = snap
	}
	return nil
}

// rule reports err, a rule of package publication broken in the season
// directory, as an *Error of the loader.
func (l *loader) rule(err error) error {
	var fe *publication.FieldError
	if errors.As(err, &fe) {
		return l.wrap(fe.File, fe.Where, fe.Err)
	}
	return err
}
