package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/ark-forge/proveit/internal/atomicfs"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/proof"
)

// The Rekor v1 read endpoint, relative to the log's base URL: one entry by
// its uuid, as the Rekor API serves it (rekor openapi.yaml,
// getLogEntryByUUID).
const pathEntry = "/api/v1/log/entries/"

// DefaultMaxEntries is the most Rekor entries one run reads when
// Client.MaxEntries is zero. A season has one entry per batch (tens, a few
// hundred at most); the cap keeps one run a modest reader of a shared
// public log, and the next run reads the rest.
const DefaultMaxEntries = 100

// EntriesDir is where a season caches its Rekor entries, given its proofs
// directory: anchors/rekor beside proofs, as seasons/README.md lays a
// season out.
func EntriesDir(proofsDir string) string {
	return filepath.Join(filepath.Dir(proofsDir), "anchors", "rekor")
}

// EntryHeld is what the cache holds for one Rekor entry.
type EntryHeld int

// What the cache may hold for a Rekor entry.
const (
	EntryMissing    EntryHeld = iota // no file: never fetched
	EntryUnreadable                  // a file that is not the entry of its uuid: read again, replaced if the answer is
	EntryCached                      // the entry, as the Rekor API served it: never read again
	EntryNotFound                    // the record of a 404: the log has no such entry
)

func (h EntryHeld) String() string {
	switch h {
	case EntryMissing:
		return "missing"
	case EntryUnreadable:
		return "unreadable"
	case EntryCached:
		return "cached"
	case EntryNotFound:
		return "not_found"
	}
	return fmt.Sprintf("EntryHeld(%d)", int(h))
}

// inspectEntry reads the cached file of uuid in dir.
func inspectEntry(dir, uuid string) (EntryHeld, []byte, error) {
	f, err := os.Open(filepath.Join(dir, uuid+".json"))
	if errors.Is(err, os.ErrNotExist) {
		return EntryMissing, nil, nil
	}
	if err != nil {
		return EntryUnreadable, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, rekor.MaxEntrySize+1))
	if err != nil {
		return EntryUnreadable, nil, err
	}
	_, fail := rekor.ParseAPIEntry(data, uuid)
	switch {
	case fail == nil:
		return EntryCached, data, nil
	case fail.Check == "rekor.api.not_found":
		return EntryNotFound, data, nil
	}
	return EntryUnreadable, data, fail
}

// wantedEntries returns, for the cached views of ids whose batch is closed
// and whose transparency_log names an entry by a valid uuid, the proofs
// that name each uuid. A uuid that is not one is left out: nothing can be
// read by it, and the verifier reports it (rekor.reference).
func wantedEntries(proofsDir string, ids []string) map[string][]string {
	out := map[string][]string{}
	for _, id := range ids {
		held, data, _ := inspect(proofsDir, id)
		if held != Closed {
			continue
		}
		v, _, err := proof.ParseCached(id, data)
		if err != nil || !rekor.ValidUUID(v.TransparencyLog.UUID) {
			continue
		}
		out[v.TransparencyLog.UUID] = append(out[v.TransparencyLog.UUID], id)
	}
	return out
}

// planEntries lists the entries to read: for every wanted uuid, what is
// missing or unreadable, and with Recheck every one.
func planEntries(dir string, wanted map[string][]string, recheck bool) []string {
	var out []string
	for uuid := range wanted {
		held, _, _ := inspectEntry(dir, uuid)
		if held == EntryMissing || held == EntryUnreadable || recheck {
			out = append(out, uuid)
		}
	}
	sort.Strings(out)
	return out
}

// EntryReport is what a run did with Rekor entries.
type EntryReport struct {
	Calls     int           // calls made to the log (each attempt counts)
	Written   []string      // entries written, by uuid
	NotFound  []string      // 404 records written
	Unchanged []string      // re-read (Recheck) and the same entry
	Refused   []*EntryError // answers refused, never written
	Incidents []*EntryError // answers that contradict the cache; the cached file was kept
	Failed    []*CallError  // calls that brought no usable answer
	Remaining []string      // wanted entries not read in this run
	// Stopped says why the entries' reading stopped before the end: a
	// *RekorLimitError (the per-run cap, or a 429 further than MaxWait), a
	// *CallError whose failure persisted, or the context's error.
	Stopped error
}

// OK reports whether every wanted entry was read with nothing refused, no
// incident and no failed call.
func (r *EntryReport) OK() bool {
	return r.Stopped == nil && len(r.Remaining) == 0 && len(r.Refused) == 0 && len(r.Incidents) == 0 && len(r.Failed) == 0
}

// EntryError is an entry refused, or an incident, for one uuid; Proofs are
// the cited proofs whose views name it.
type EntryError struct {
	UUID   string
	Proofs []string
	Reason string
}

func (e *EntryError) Error() string {
	return fmt.Sprintf("Rekor entry %s (named by %s): %s", e.UUID, strings.Join(e.Proofs, ", "), e.Reason)
}

// RekorLimitError stops the reading of entries: the per-run cap is
// reached, or the log asked (429) not to be read before a time further
// than MaxWait.
type RekorLimitError struct {
	Cap      int       // the per-run cap, when it is what stopped the run
	ResumeAt time.Time // the log's Retry-After, otherwise
}

func (e *RekorLimitError) Error() string {
	if e.Cap > 0 {
		return fmt.Sprintf("%d Rekor entries read, the most one run reads: run again for the rest", e.Cap)
	}
	return fmt.Sprintf("the Rekor log asked not to be read before %s (429 Retry-After): run again then", e.ResumeAt.UTC().Format(time.RFC3339))
}

func (c *Client) maxEntries() int {
	if c.MaxEntries > 0 {
		return c.MaxEntries
	}
	return DefaultMaxEntries
}

// readEntries reads, within the cap, every entry the cached closed views
// of ids name that the cache lacks (and with Recheck every one), and
// writes each once it is the entry of its uuid. It stops at the first
// error that stops the run.
func (r *runner) readEntries(ctx context.Context, ids []string, recheck bool) error {
	rep := &r.rep.Entries
	if r.rekor == "" {
		return nil
	}
	wanted := wantedEntries(r.dir, ids)
	todo := planEntries(r.entriesDir, wanted, recheck)
	if len(todo) == 0 {
		return nil
	}
	if err := os.MkdirAll(r.entriesDir, 0o755); err != nil {
		return &localError{err}
	}
	if _, err := RemoveTemp(r.entriesDir); err != nil {
		return &localError{err}
	}
	for i, uuid := range todo {
		if i >= r.c.maxEntries() {
			rep.Remaining = append(rep.Remaining, todo[i:]...)
			rep.Stopped = &RekorLimitError{Cap: r.c.maxEntries()}
			return nil
		}
		if err := r.entry(ctx, uuid, wanted[uuid]); err != nil {
			rep.Remaining = append(rep.Remaining, todo[i:]...)
			var le *localError
			if errors.As(err, &le) {
				return err
			}
			rep.Stopped = err
			return nil
		}
	}
	return nil
}

// entry reads one entry and writes it, or its 404 record.
func (r *runner) entry(ctx context.Context, uuid string, proofs []string) error {
	rep := &r.rep.Entries
	path := pathEntry + url.PathEscape(uuid)
	status, body, err := r.rekorCall(ctx, path)
	if err != nil {
		var ce *CallError
		if errors.As(err, &ce) {
			rep.Failed = append(rep.Failed, ce)
			if !ce.Stops {
				return nil
			}
		}
		return err
	}
	held, old, _ := inspectEntry(r.entriesDir, uuid)
	report := func(list *[]*EntryError, reason string) {
		e := &EntryError{UUID: uuid, Proofs: proofs, Reason: reason}
		*list = append(*list, e)
		r.logf("  Rekor entry %s: %s", uuid, reason)
	}
	switch status {
	case http.StatusOK:
	case http.StatusNotFound:
		switch held {
		case EntryCached:
			report(&rep.Incidents, "answered not found, but the log served it before: refused, the cached entry is kept")
			return nil
		case EntryNotFound:
			rep.Unchanged = append(rep.Unchanged, uuid)
			return nil
		}
		if err := r.writeEntry(uuid, rekor.NotFoundRecord(uuid)); err != nil {
			return err
		}
		rep.NotFound = append(rep.NotFound, uuid)
		return nil
	default:
		ce := &CallError{Method: http.MethodGet, Path: path, Status: status, Attempts: 1}
		if status == http.StatusUnauthorized || status == http.StatusForbidden {
			ce.Stops = true
		}
		rep.Failed = append(rep.Failed, ce)
		if ce.Stops {
			return ce
		}
		return nil
	}
	api, fail := rekor.ParseAPIEntry(body, uuid)
	if fail != nil {
		report(&rep.Refused, "the log's answer refused, not written: "+fail.Error())
		return nil
	}
	if held == EntryCached {
		if d := entryDiff(old, uuid, api); d != "" {
			report(&rep.Incidents, "the log served it again with another "+d+": refused, the cached entry is kept")
			return nil
		}
		// The inclusion proof and checkpoint are for the log's tree when
		// read, and grow with it: a re-read that differs only there is the
		// same entry, and the cached answer is kept.
		rep.Unchanged = append(rep.Unchanged, uuid)
		return nil
	}
	if err := r.writeEntry(uuid, body); err != nil {
		return err
	}
	rep.Written = append(rep.Written, uuid)
	return nil
}

// entryDiff names what differs between a cached entry and a re-read one,
// among what the log signs for good (the body, its index, its time, the
// log's id, the SET): "" when nothing does.
func entryDiff(old []byte, uuid string, now *rekor.APIEntry) string {
	was, fail := rekor.ParseAPIEntry(old, uuid)
	if fail != nil {
		return "answer (the cached one does not parse: " + fail.Error() + ")"
	}
	a, b := was.TLE, now.TLE
	var d []string
	if !bytes.Equal(a.CanonicalizedBody, b.CanonicalizedBody) {
		d = append(d, "body")
	}
	if a.LogIndex != b.LogIndex {
		d = append(d, "logIndex")
	}
	if a.IntegratedTime != b.IntegratedTime {
		d = append(d, "integratedTime")
	}
	if !bytes.Equal(a.GetLogId().GetKeyId(), b.GetLogId().GetKeyId()) {
		d = append(d, "logID")
	}
	if !bytes.Equal(a.GetInclusionPromise().GetSignedEntryTimestamp(), b.GetInclusionPromise().GetSignedEntryTimestamp()) {
		d = append(d, "signedEntryTimestamp")
	}
	return strings.Join(d, ", ")
}

// writeEntry writes uuid's file atomically: the answer as the log served
// it, byte for byte.
func (r *runner) writeEntry(uuid string, data []byte) error {
	if err := atomicfs.WriteFile(filepath.Join(r.entriesDir, uuid+".json"), data, 0o644); err != nil {
		return &localError{fmt.Errorf("Rekor entry %s: writing %s: %w", uuid, filepath.Join(r.entriesDir, uuid+".json"), err)}
	}
	return nil
}

// rekorCall makes one GET to the log, retrying transient failures with
// backoff and honouring a 429's Retry-After (at most MaxWait at once, a
// whole minute when it gives none). It returns the status and, for a 200,
// the body, within rekor.MaxEntrySize.
func (r *runner) rekorCall(ctx context.Context, path string) (int, []byte, error) {
	rep := &r.rep.Entries
	ex := exchange{method: http.MethodGet, path: path, limit: rekor.MaxEntrySize}
	max := r.c.attempts()
	for attempt := 1; ; attempt++ {
		rep.Calls++
		status, hdr, body, err := r.roundTripTo(ctx, r.rekor, ex)
		if ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		var be *bodyError
		if errors.As(err, &be) && be.TooLarge {
			r.logf("[rekor %d] GET %s: HTTP %d, %v", rep.Calls, path, status, err)
			return 0, nil, &CallError{Method: ex.method, Path: path, Status: status, Attempts: attempt, Err: err}
		}
		if err == nil && status != http.StatusTooManyRequests && status < 500 {
			r.logf("[rekor %d] GET %s: HTTP %d", rep.Calls, path, status)
			return status, body, nil
		}
		var wait time.Duration
		why := fmt.Sprintf("HTTP %d %s", status, http.StatusText(status))
		switch {
		case err != nil:
			why, wait = err.Error(), r.c.backoff(attempt)
		case status == http.StatusTooManyRequests:
			ra, ok := retryAfter(hdr, r.c.now())
			if !ok {
				ra = time.Minute
			}
			if ra > r.c.MaxWait {
				r.logf("[rekor %d] GET %s: %s, not before %s", rep.Calls, path, why, r.c.now().Add(ra).UTC().Format(time.RFC3339))
				return 0, nil, &RekorLimitError{ResumeAt: r.c.now().Add(ra)}
			}
			wait = ra
		default:
			wait = r.c.backoff(attempt)
		}
		if attempt >= max {
			r.logf("[rekor %d] GET %s: %s; giving up after %d attempts", rep.Calls, path, why, attempt)
			return 0, nil, &CallError{Method: ex.method, Path: path, Status: status, Attempts: attempt, Transient: true, Stops: true, Err: err}
		}
		r.logf("[rekor %d] GET %s: %s; retry %d of %d in %s", rep.Calls, path, why, attempt, max-1, wait.Round(time.Millisecond))
		if err := r.c.sleep(ctx, wait); err != nil {
			return 0, nil, err
		}
	}
}
