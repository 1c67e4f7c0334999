package templates

import "github.com/ark-forge/proveit/internal/sitepath"

// seasonPage is what a season's page links, from the page in its edition:
// each track's table and machine files, the freezes' proof views, the
// season's other pages and its feed.
type seasonPage struct {
	Tracks                                []seasonTrack
	Incidents, Dossier, Corrections, Feed sitepath.Href
}

// seasonTrack is a track of a season's page: the track, its freezes, and
// the links to its table, results.json and results.csv.
type seasonTrack struct {
	*Track
	Freezes             []freezeView
	Table, Results, CSV sitepath.Href
}

// freezeView is a line of a track's freeze history and the link to the
// cached view of its proof, none when the view is not cached.
type freezeView struct {
	Freeze
	Href sitepath.Href
}

// newSeasonPage is the links of the page at, season s's page.
func newSeasonPage(s *seasonView, at sitepath.Page) *seasonPage {
	n := s.Number
	sp := &seasonPage{Incidents: sitepath.Link(at, sitepath.Incidents(n)), Dossier: sitepath.Link(at, sitepath.Dossier(n)),
		Corrections: sitepath.Link(at, sitepath.Corrections(n)), Feed: sitepath.Link(at, sitepath.Feed(n))}
	for i := range s.Tracks {
		tr := &s.Tracks[i]
		st := seasonTrack{Track: tr, Table: sitepath.Link(at, sitepath.Track(n, tr.Name)),
			Results: sitepath.Link(at, sitepath.Results(n, tr.Name)), CSV: sitepath.Link(at, sitepath.ResultsCSV(n, tr.Name))}
		for _, f := range tr.Freezes {
			fv := freezeView{Freeze: f}
			if f.Cached {
				fv.Href = sitepath.Link(at, sitepath.Proof(n, f.ProofID))
			}
			st.Freezes = append(st.Freezes, fv)
		}
		sp.Tracks = append(sp.Tracks, st)
	}
	return sp
}

// publicationView is a season's publication on a page that shows it, with
// the link to the view of its proof: none when the view is not copied.
type publicationView struct {
	*Publication
	Href sitepath.Href
}

// newPublicationView is season s's publication on the page at; nil when
// the season has none.
func newPublicationView(s *seasonView, at sitepath.Page) *publicationView {
	if s.Publication == nil {
		return nil
	}
	v := &publicationView{Publication: s.Publication}
	if s.Publication.ViewCopied {
		v.Href = sitepath.Link(at, sitepath.Proof(s.Number, s.Publication.ProofID))
	}
	return v
}

// dossierView is the evidence dossier as its page shows it: each file's
// path in the season's directory and its link from the page.
type dossierView struct {
	*Dossier
	Season, Published, Trust []fileLink
	Tracks                   []dossierTrackView
}

// dossierTrackView is one track's part of the dossier page.
type dossierTrackView struct {
	DossierTrack
	Rules []fileLink
}

// fileLink is a file of the dossier: its path in the season's directory,
// as the page writes it, and its link.
type fileLink struct {
	Path string
	Href sitepath.Href
}

// newDossierView is season n's dossier d on the page at.
func newDossierView(n int, d *Dossier, at sitepath.Page) *dossierView {
	links := func(paths []string) []fileLink {
		out := make([]fileLink, len(paths))
		for i, p := range paths {
			out[i] = fileLink{Path: p, Href: sitepath.Link(at, sitepath.DossierFile(n, p))}
		}
		return out
	}
	v := &dossierView{Dossier: d, Season: links(d.Season), Published: links(d.Published), Trust: links(d.Trust)}
	for _, tr := range d.Tracks {
		v.Tracks = append(v.Tracks, dossierTrackView{DossierTrack: tr, Rules: links(tr.Rules)})
	}
	return v
}
