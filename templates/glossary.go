package templates

import "github.com/ark-forge/proveit/internal/sitepath"

// A term is a term of art defined by the glossary, content/glossaire.md
// and its English copy: its value is the id of the term's heading, the
// same in both editions ({#id} in the Markdown). TestGlossaryDefinesTerms
// holds every term below to a heading of both pages.
type term string

const (
	termSupported     term = "etayee"
	termUnsupported   term = "non-etaye"
	termInstrument    term = "defaut-instrument"
	termPending       term = "en-attente"
	termScored        term = "scoree"
	termBelowMinimum  term = "sous-le-minimum"
	termOverclaim     term = "overclaim"
	termSuccess       term = "reussite"
	termGrounded      term = "fonde"
	termBestConstant  term = "meilleure-reponse-constante"
	termInterval      term = "intervalle"
	termDID           term = "did"
	termStack         term = "stack"
	termAppeal        term = "contestation"
	termRectification term = "rectification"
)

// terms lists every term, for the test that holds them to the glossary.
var terms = []term{termSupported, termUnsupported, termInstrument, termPending, termScored,
	termBelowMinimum, termOverclaim, termSuccess, termGrounded, termBestConstant, termInterval,
	termDID, termStack, termAppeal, termRectification}

// glossary is the page of the glossary, in the edition of the page that
// links it (sitepath.Link keeps the edition).
var glossary = sitepath.Content("glossaire")

// glossaryFrom is the link from the page at to the glossary of its
// edition; glossaryFrom(at).At(string(t)) leads to the term t.
func glossaryFrom(at sitepath.Page) sitepath.Href { return sitepath.Link(at, glossary) }
