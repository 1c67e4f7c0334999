package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
)

// fetchHTTP is the HTTP client of proveit fetch; nil is the package's
// default (tests replace it).
var fetchHTTP *http.Client

const fetchAbout = `
Fetch fills the season's proof cache, DIR/proofs/<proof_id>.json, with the
public view of every proof the season cites: the proofs every submission file
names in its assertions' proof_ids and as keys of its disclosures (a
submission rejected at entry too: its file is read as leniently as json.loads
reads it, and every string there that is a proof id is read), the proof of
every freeze of preregistration.toml, and the proof of the publication. It is
the only command that talks to the network; the build reads the cache and
nothing else.

What it reads. Proofs are read by groups of at most 50 ids with POST
/v1/proofs, which answers {"proofs": {id: view | null}}; every id it answers
null for (a proof that does not exist, or that is not a PROVE IT proof) or
does not answer at all is then read alone with GET /v1/proof/{id}, and so is a
group of one id. A grouped answer in any other shape is refused whole, and its
ids are read at the next run. A view whose batch_anchor is anchored, or that
has none (a proof before spec 3.0), never changes: once cached it is never
read again. A pending view (batch_anchor status "pending") is read again at
every run until its batch is anchored. A proof the Trust Layer does not know
is cached as the 404 record {"not_found": true, "proof_id": ID}, so that the
build can tell "does not exist" from "not fetched", and is not read again.
--recheck reads closed views and 404 records again, to audit that the Trust
Layer still serves them unchanged.

What it writes. A view is written only once it parses as the view of the proof
it was asked for; one that does not, or that is another proof's, is refused
and reported with the proof id. Every file is written atomically (a temporary
file in DIR/proofs, then renamed), so an interrupted run loses nothing: what
was written stays, and the next run reads only what is still missing or
pending; a temporary file an interrupted run left behind is removed first
(with --dry-run too: the season loader refuses it). A closed view that comes
back different from the cached one, a pending view whose content fixed at
issue changed (proof_id, spec_version, hashes, commitments, disclosed,
arkforge_signature, arkforge_kid, arkforge_pubkey), and a cached view now
answered 404 are refused, the cached file kept, and reported as Trust Layer
incidents.
Response bodies are bounded (50 views of 1 MiB and their envelope for a
grouped read, 1 MiB for one view); a truncated or oversized body is refused
whole.

The read limit. The Trust Layer blocks an IP address beyond 100 public-view
reads per hour; a GET counts one, a grouped POST of up to 50 ids counts one
(§10 of the specification). Fetch keeps the time of every call of the last
hour in a state file, written atomically and recorded before each call is
made, and never makes a call that would put more than 100 in any hour. The
limit is per IP address, not per season: every season fetched from this
machine shares the state file (by default in the user cache directory,
$XDG_CACHE_HOME/proveit/fetch-state.json or ~/.cache/proveit/fetch-state.json;
it is not kept in the season, whose loader accepts nothing but proofs in
proofs/). It is JSON: {"format": "proveit-fetch-state/1", "trust_layers":
{BASE_URL: {"calls": [RFC 3339 times], "not_before": TIME}}}. Removing it
forgets calls the Trust Layer still counts. A 429 is honoured: no call before
its Retry-After (seconds or an HTTP date; a whole hour when it has none), and
that time is kept in the state file too. A 5xx, a transport error or a
truncated body is retried with exponential backoff and jitter, at most 4
attempts, each spending a read like any call; a failure that persists stops
the run, and so does a 401 or 403 (the address may be blocked). When the next call the limit allows is further away than --wait,
fetch stops and prints when to run again. Reads made from this IP address by
other means are not in the state file: the Trust Layer's 429 then rules.

The Rekor entries. A view does not carry its batch's Rekor entry: its
transparency_log names it by uuid. Once the views are read, fetch reads every
entry the cached closed views name that the cache lacks, with GET
{rekor}/api/v1/log/entries/{uuid} (--rekor; by default the baseUrl of the Rekor
log that trust/trusted_root.json pins), and writes it, exactly as the log
served it, as DIR/anchors/rekor/<uuid>.json, atomically, once it is the entry
of the uuid asked for (keyed by it, its body's leaf hash the uuid's last 64
hex digits); any other answer is refused. A uuid the log answers 404 for is
cached as {"not_found": true, "uuid": UUID}: the batch then has no Rekor
anchor. An entry once cached is not read again (--recheck reads it again and
compares what the log signs for good: body, index, time, log id, SET; the
inclusion proof and checkpoint grow with the log). The log's limits are
honoured: at most 100 entries a run (run again for the rest), bodies of at most
256 KiB, a 429's Retry-After waited when within --wait and the run stopped
otherwise, a 5xx retried with backoff. The build reads these files and never
the network; a cited proof whose entry is not cached stops it.

What is cached of a view. The Trust Layer adds views_count and
integrity_verified at every read: they are dropped, and the view is written as
its canonical JSON (CPython's json.dumps(view, sort_keys=True,
separators=(",", ":")), and a newline), so that two reads of a closed proof
give the same file. They are never compared either.

Output: one line per call (what was asked, what came back, the reads left),
one per proof refused or incident, then a summary. --dry-run prints what would
be read, how many calls, and when the limit lets the last one be made, and
makes no call. Exit status: 0 when every cited proof is answered with nothing
refused; 3 when the run stopped at the read limit (run again later); 1 for
anything else (a refused view, an incident, a failed call, an error).`

func runFetch(e *env, args []string) int {
	fs := newFlags("fetch", "--season DIR [--base URL] [--rekor URL] [--dry-run] [--state FILE] [--wait DURATION] [--recheck]", fetchAbout, e.stderr)
	dir := fs.String("season", "", "the season directory, e.g. seasons/0")
	base := fs.String("base", fetch.DefaultBase, "the Trust Layer's base URL")
	rekorURL := fs.String("rekor", "", "the Rekor log's base URL (default: the baseUrl of the Rekor log trust/trusted_root.json pins)")
	dry := fs.Bool("dry-run", false, "say what would be read and how long the limit makes it take; make no call")
	statePath := fs.String("state", "", "the read-budget state file (default: the user cache directory's proveit/fetch-state.json)")
	wait := fs.Duration("wait", time.Minute, "the longest the run waits at once for the read limit before it stops (e.g. 2h to fetch a large season in one go)")
	recheck := fs.Bool("recheck", false, "also read closed views and 404 records again, to audit the Trust Layer")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	if *dir == "" || len(pos) != 0 || *wait < 0 {
		fs.Usage()
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "proveit fetch: "+format+"\n", a...)
		return 1
	}
	if _, err := fetch.NormalizeBase(*base); err != nil {
		return fail("--base: %v", err)
	}
	if *statePath == "" {
		if *statePath, err = defaultFetchState(); err != nil {
			return fail("%v", err)
		}
	}
	proofsDir := filepath.Join(*dir, "proofs")
	for _, d := range []string{proofsDir, fetch.EntriesDir(proofsDir)} {
		if err := removeFetchTemp(e, d); err != nil {
			return fail("%v", err)
		}
	}
	s, err := season.Load(*dir)
	if err != nil {
		return fail("%v", err)
	}
	if *rekorURL == "" {
		if *rekorURL, err = pinnedRekor(s); err != nil {
			return fail("%v", err)
		}
	}
	if _, err := fetch.NormalizeBase(*rekorURL); err != nil {
		return fail("--rekor: %v", err)
	}
	c := &fetch.Client{Base: *base, Rekor: *rekorURL, HTTP: fetchHTTP, Store: fetch.FileStore{Path: *statePath}, MaxWait: *wait, Progress: e.stdout}
	ids, err := citedIDs(s)
	if err != nil {
		return fail("%v", err)
	}
	plan, err := c.Plan(proofsDir, ids, fetch.Options{Recheck: *recheck})
	if err != nil {
		return fail("%v", err)
	}
	printFetchPlan(e, *dir, *statePath, plan)
	if *dry {
		printFetchDryRun(e, plan, *wait)
		return 0
	}
	if len(plan.Fetch) == 0 && len(plan.Entries) == 0 {
		fmt.Fprintf(e.stdout, "nothing to read: every cited proof is cached, closed or not found, and every Rekor entry its view names\n")
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := c.Run(ctx, plan)
	if rep != nil {
		printFetchReport(e, plan, rep)
	}
	if err != nil {
		return fail("%v", err)
	}
	return fetchExit(rep)
}

// pinnedRekor is the Rekor base URL fetch reads entries from when --rekor
// is not given: the baseUrl of the Rekor log the season's trusted root
// pins (all of them, when several are pinned, must agree).
func pinnedRekor(s *season.Season) (string, error) {
	m, err := trust.Load(s.Path("trust"))
	if err != nil {
		return "", fmt.Errorf("the Rekor log to read entries from is the one trust/trusted_root.json pins, which cannot be read (%v): pass --rekor URL", err)
	}
	urls := map[string]bool{}
	for _, l := range m.Root.RekorLogs() {
		urls[l.BaseURL] = true
	}
	if len(urls) != 1 {
		return "", fmt.Errorf("trust/trusted_root.json pins %d Rekor base URLs, want one to read entries from: pass --rekor URL", len(urls))
	}
	for u := range urls {
		return u, nil
	}
	return "", nil
}

// defaultFetchState is the state file's path when --state is not given:
// proveit/fetch-state.json in the user cache directory, shared by every
// season fetched from this machine (the read limit is per IP address; the
// season directory holds nothing but its frozen inputs).
func defaultFetchState() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory for the state file (%v): pass --state FILE", err)
	}
	return filepath.Join(cache, "proveit", "fetch-state.json"), nil
}

// removeFetchTemp removes, and reports, the temporary files an interrupted
// run left in proofsDir: they would make the season refuse to load, and
// never hold anything that was not written whole elsewhere.
func removeFetchTemp(e *env, proofsDir string) error {
	removed, err := fetch.RemoveTemp(proofsDir)
	if err != nil {
		return err
	}
	for _, n := range removed {
		fmt.Fprintf(e.stdout, "removed %s, left by an interrupted run\n", filepath.Join(proofsDir, n))
	}
	return nil
}

// fetchExit is the exit status of a run: 0 when every planned proof was
// answered, and every entry read, with nothing refused, 3 when the run
// stopped at the Trust Layer's read limit or at the log's (its 429, the
// per-run cap of entries) and nothing else went wrong, 1 otherwise.
func fetchExit(rep *fetch.Report) int {
	en := &rep.Entries
	switch {
	case rep.OK():
		return 0
	case len(rep.Refused) == 0 && len(rep.Incidents) == 0 && len(rep.Failed) == 0 && len(en.Refused) == 0 && len(en.Incidents) == 0 && len(en.Failed) == 0 &&
		(fetchIsLimit(rep.Stopped) || rep.Stopped == nil && len(rep.Remaining) == 0 && fetchIsLimit(en.Stopped)):
		return 3
	}
	return 1
}

// citedIDs is the id of every proof the season cites
// (season.Season.CitedProofs), whatever the place: those a submission
// rejected at entry names (season.ByRejected) included, so that a cache
// refilled from the Trust Layer holds every view the season's files name.
func citedIDs(s *season.Season) ([]string, error) {
	cited, err := s.CitedProofs()
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(cited))
	for i, c := range cited {
		ids[i] = c.ProofID
	}
	return ids, nil
}

func fetchIsLimit(err error) bool {
	var le *fetch.LimitError
	var re *fetch.RekorLimitError
	return errors.As(err, &le) || errors.As(err, &re)
}

func printFetchPlan(e *env, dir, statePath string, p *fetch.Plan) {
	fmt.Fprintf(e.stdout, "season %s: %d proofs cited; cached: %d closed, %d not found, %d pending, %d unreadable, %d missing\n",
		dir, len(p.IDs), p.Held[fetch.Closed], p.Held[fetch.NotFound], p.Held[fetch.Pending], p.Held[fetch.Unreadable], p.Held[fetch.Missing])
	for _, en := range p.Fetch {
		if en.Cached == fetch.Unreadable {
			fmt.Fprintf(e.stdout, "proof %s: the cached file does not parse (%v): read again\n", en.ID, en.Err)
		}
	}
	fmt.Fprintf(e.stdout, "to read: %s in %s (at most %d ids each) from %s\n", fetchPlural(len(p.Fetch), "proof", "proofs"), fetchPlural(p.Calls, "call", "calls"), fetch.GroupSize, p.Base)
	fmt.Fprintf(e.stdout, "budget: %d of %d reads left in the last %s (state %s)\n", p.Left, p.Limit, p.Period, statePath)
	if !p.NotBefore.IsZero() {
		fmt.Fprintf(e.stdout, "the Trust Layer asked not to be read before %s (429 Retry-After)\n", p.NotBefore.UTC().Format(time.RFC3339))
	}
	fmt.Fprintf(e.stdout, "Rekor: %s to read from %s, as the cached closed views name them (the views read now may name more)\n", fetchPlural(len(p.Entries), "entry", "entries"), p.Rekor)
}

func printFetchDryRun(e *env, p *fetch.Plan, wait time.Duration) {
	fmt.Fprintf(e.stdout, "dry run: no call made\n")
	if p.Calls == 0 {
		return
	}
	took := p.Last().Sub(p.Planned)
	if took <= 0 {
		fmt.Fprintf(e.stdout, "%s in the budget now: no wait\n", fetchPlural(p.Calls, "call fits", "calls fit"))
	} else {
		fmt.Fprintf(e.stdout, "the limit spreads %s over %s: the last can be made at %s\n", fetchPlural(p.Calls, "call", "calls"), took.Round(time.Second), p.Last().UTC().Format(time.RFC3339))
		// The run waits at most --wait at once, then stops.
		prev, made, gap := p.Planned, -1, time.Duration(0)
		for i, t := range p.Times {
			if t.Sub(prev) > wait && made < 0 {
				made = i
			}
			gap = max(gap, t.Sub(prev))
			prev = t
		}
		if made >= 0 {
			fmt.Fprintf(e.stdout, "with --wait %s a run makes %d of them, then stops and says when to run again (--wait %s makes them all in one run)\n",
				wait, made, gap.Truncate(time.Minute)+time.Minute)
		}
	}
	fmt.Fprintf(e.stdout, "ids a grouped answer gives null for (not found, or not a PROVE IT proof) are then read alone, one read each\n")
}

func printFetchReport(e *env, p *fetch.Plan, r *fetch.Report) {
	fmt.Fprintf(e.stdout, "done: %s; %d views written, %d not found recorded, %d unchanged, %d refused, %d incidents, %d not read; %d of %d reads left",
		fetchPlural(r.Calls, "call", "calls"), len(r.Written), len(r.NotFound), len(r.Unchanged), len(r.Refused), len(r.Incidents), len(r.Remaining), r.Left, p.Limit)
	if r.Left == 0 {
		fmt.Fprintf(e.stdout, ", next read at %s", r.Next.UTC().Format(time.RFC3339))
	}
	fmt.Fprintln(e.stdout)
	for _, x := range r.Refused {
		fmt.Fprintf(e.stderr, "proveit fetch: refused: %v\n", x)
	}
	for _, x := range r.Incidents {
		fmt.Fprintf(e.stderr, "proveit fetch: Trust Layer incident: %v\n", x)
	}
	for _, x := range r.Failed {
		fmt.Fprintf(e.stderr, "proveit fetch: failed: %v\n", x)
	}
	en := &r.Entries
	fmt.Fprintf(e.stdout, "Rekor: %s; %d entries written, %d not found recorded, %d unchanged, %d refused, %d incidents, %d not read\n",
		fetchPlural(en.Calls, "call", "calls"), len(en.Written), len(en.NotFound), len(en.Unchanged), len(en.Refused), len(en.Incidents), len(en.Remaining))
	for _, x := range en.Refused {
		fmt.Fprintf(e.stderr, "proveit fetch: refused: %v\n", x)
	}
	for _, x := range en.Incidents {
		fmt.Fprintf(e.stderr, "proveit fetch: incident: %v\n", x)
	}
	for _, x := range en.Failed {
		fmt.Fprintf(e.stderr, "proveit fetch: failed: %v\n", x)
	}
	if en.Stopped != nil {
		fmt.Fprintf(e.stderr, "proveit fetch: Rekor entries stopped: %v; %s still to read\n", en.Stopped, fetchPlural(len(en.Remaining), "entry is", "entries are"))
	}
	if r.Stopped != nil {
		msg := r.Stopped.Error()
		if errors.Is(r.Stopped, context.Canceled) {
			msg = "interrupted: what was written stays; run again to read the rest"
		}
		if fetchIsLimit(r.Stopped) {
			msg += "; " + fetchPlural(len(r.Remaining), "proof is", "proofs are") + " still to read"
		}
		fmt.Fprintf(e.stderr, "proveit fetch: stopped: %s\n", msg)
	} else if len(r.Remaining) > 0 {
		fmt.Fprintf(e.stderr, "proveit fetch: %s not read: %s\n", fetchPlural(len(r.Remaining), "proof", "proofs"), fetchShort(r.Remaining))
	}
}

func fetchPlural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func fetchShort(ids []string) string {
	if len(ids) <= 5 {
		return strings.Join(ids, ", ")
	}
	return strings.Join(ids[:5], ", ") + fmt.Sprintf(", … (%d more)", len(ids)-5)
}
