package fetch

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// runner is one Run: the plan being carried out and its report.
type runner struct {
	c          *Client
	base       string
	rekor      string // the Rekor log; "" reads no entry
	dir        string
	entriesDir string
	rep        *Report
	answered   map[string]bool // the planned ids that got an answer
}

// Run carries out the plan: reads, checks and writes, within the limit. It
// returns an error only for a failure on this machine (the budget store, the
// cache directory); everything about the Trust Layer is in the Report.
func (c *Client) Run(ctx context.Context, p *Plan) (*Report, error) {
	base, rekorURL, err := c.check()
	if err != nil {
		return nil, err
	}
	if base != p.Base || rekorURL != p.Rekor {
		return nil, fmt.Errorf("fetch: the plan is for %s and %q, the client reads %s and %q", p.Base, p.Rekor, base, rekorURL)
	}
	r := &runner{c: c, base: base, rekor: rekorURL, dir: p.Dir, entriesDir: EntriesDir(p.Dir), rep: &Report{}, answered: map[string]bool{}}
	if len(p.Fetch) > 0 {
		if err := r.prepare(); err != nil {
			return r.finish(p, err)
		}
		if err := r.readAll(ctx, p.Fetch); err != nil {
			return r.finish(p, err)
		}
	}
	// The entries the cached closed views name, those just written
	// included: the log is read once the views are.
	return r.finish(p, r.readEntries(ctx, p.IDs, p.recheck))
}

// prepare creates the proofs directory and clears the temporary files an
// interrupted run left in it.
func (r *runner) prepare() error {
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return &localError{err}
	}
	if _, err := RemoveTemp(r.dir); err != nil {
		return &localError{err}
	}
	return nil
}

// readAll reads the entries by groups of GroupSize (a group of one alone),
// then alone, in the order asked, every id a grouped answer served no view
// for (null, or not carried). It stops at the first error that stops the
// run.
func (r *runner) readAll(ctx context.Context, entries []Entry) error {
	ids := make([]string, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	var alone []string
	for i := 0; i < len(ids); i += GroupSize {
		g := ids[i:min(i+GroupSize, len(ids))]
		if len(g) == 1 {
			if err := r.single(ctx, g[0]); err != nil {
				return err
			}
			continue
		}
		omitted, err := r.group(ctx, g)
		if err != nil {
			return err
		}
		alone = append(alone, omitted...)
	}
	for _, id := range alone {
		if err := r.single(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// finish completes the report: the planned proofs left unanswered, the
// budget at the end, and why the run stopped. A failure on this machine is
// returned as Run's error; any other error is the report's Stopped.
func (r *runner) finish(p *Plan, err error) (*Report, error) {
	for _, e := range p.Fetch {
		if !r.answered[e.ID] {
			r.rep.Remaining = append(r.rep.Remaining, e.ID)
		}
	}
	if st, lerr := r.c.Store.Load(); lerr == nil {
		w := st.Window(r.base)
		now := r.c.now()
		r.rep.Left = w.left(now, r.c.limit(), r.c.period())
		r.rep.Next = w.next(now, r.c.limit(), r.c.period())
	} else if err == nil {
		err = lerr
	}
	var le *localError
	if errors.As(err, &le) {
		return r.rep, le.err
	}
	if err != nil {
		r.rep.Stopped = err
	}
	return r.rep, nil
}

// logf writes one line of progress.
func (r *runner) logf(format string, args ...any) {
	if r.c.Progress != nil {
		fmt.Fprintf(r.c.Progress, format+"\n", args...)
	}
}
