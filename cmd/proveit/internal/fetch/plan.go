package fetch

import (
	"fmt"
	"sort"
	"time"

	"github.com/ark-forge/proveit/scorer/proof"
)

// Options says what to read again.
type Options struct {
	// Recheck reads closed views and 404 records again too, to audit that
	// the Trust Layer still serves what was cached, and the cached Rekor
	// entries, to audit that the log still serves them; a difference (the
	// volatile fields of a view, and the inclusion proof and checkpoint of
	// an entry, which grow with the log, aside) is refused and reported as
	// an incident, the cached file kept.
	Recheck bool
}

// Entry is one proof to read and what the cache holds for it.
type Entry struct {
	ID     string
	Cached Cached
	Err    error // why an Unreadable file is unreadable
}

// Plan is what a run will do: what the cache holds for every cited proof,
// what must be read, and when the limit lets the calls be made.
type Plan struct {
	Dir   string // the proofs directory
	Base  string // the Trust Layer, normalized
	Rekor string // the Rekor log, normalized; "" reads no entry
	// Entries are the Rekor entries that the cached closed views name and
	// the cache lacks (with Recheck, all of them), by uuid: what Run reads
	// after the views, with those the views it reads name.
	Entries   []string
	IDs       []string       // every cited proof, sorted, distinct
	Held      map[Cached]int // what the cache holds, over IDs
	Fetch     []Entry        // what will be read, in id order
	Calls     int            // grouped calls (a group of one is a GET): ⌈len(Fetch)/GroupSize⌉
	Planned   time.Time      // when the plan was made
	Used      int            // reads spent in the window at Planned
	Left      int            // reads left at Planned
	Limit     int
	Period    time.Duration
	NotBefore time.Time   // set by a 429, zero when none
	Times     []time.Time // when each of the Calls can be made, by the limit

	recheck bool
}

// Last is when the last call can be made (Planned when there is none).
func (p *Plan) Last() time.Time {
	if len(p.Times) == 0 {
		return p.Planned
	}
	return p.Times[len(p.Times)-1]
}

// Plan reads the cache in the proofs directory dir for every id (a missing
// directory is an empty cache) and the budget, and says what Run will read.
// It makes no call and writes nothing.
func (c *Client) Plan(dir string, ids []string, opts Options) (*Plan, error) {
	base, rekorURL, err := c.check()
	if err != nil {
		return nil, err
	}
	p := &Plan{Dir: dir, Base: base, Rekor: rekorURL, Held: map[Cached]int{}, Limit: c.limit(), Period: c.period(), recheck: opts.Recheck}
	if p.IDs, err = distinctIDs(ids); err != nil {
		return nil, err
	}
	p.planReads(opts)
	if rekorURL != "" {
		p.Entries = planEntries(EntriesDir(dir), wantedEntries(dir, p.IDs), opts.Recheck)
	}
	if err := c.planBudget(p); err != nil {
		return nil, err
	}
	return p, nil
}

// distinctIDs checks every id and returns them sorted, each once.
func distinctIDs(ids []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		if !proof.ValidProofID(id) {
			return nil, fmt.Errorf("fetch: %q is not a proof id (prf_YYYYMMDD_HHMMSS_xxxxxx)", id)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out, nil
}

// planReads counts what the cache holds for p.IDs and lists what must be
// read: what is missing, unreadable or pending, and with Recheck everything.
func (p *Plan) planReads(opts Options) {
	for _, id := range p.IDs {
		held, _, err := inspect(p.Dir, id)
		p.Held[held]++
		if held == Missing || held == Unreadable || held == Pending || opts.Recheck {
			p.Fetch = append(p.Fetch, Entry{ID: id, Cached: held, Err: err})
		}
	}
	p.Calls = (len(p.Fetch) + GroupSize - 1) / GroupSize
}

// planBudget reads the budget and says when the limit lets p's calls be
// made.
func (c *Client) planBudget(p *Plan) error {
	st, err := c.Store.Load()
	if err != nil {
		return err
	}
	w := st.Window(p.Base)
	p.Planned = c.now()
	p.Used = w.used(p.Planned, p.Period)
	p.Left = w.left(p.Planned, p.Limit, p.Period)
	if w.NotBefore.After(p.Planned) {
		p.NotBefore = w.NotBefore
	}
	p.Times = schedule(*w, p.Planned, p.Calls, p.Limit, p.Period)
	return nil
}
