package fetch

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/internal/atomicfs"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// view checks a view served for id against its id and the cache, and writes
// its cached form (proof.CachedForm: without the volatile fields, canonical
// JSON): a view that is not id's is refused; one that contradicts the
// cached view is an incident; one equal to it is unchanged. The volatile
// fields are never compared.
func (r *runner) view(id string, served []byte) error {
	v, nf, err := proof.ParseCached(id, served)
	if err != nil {
		r.refuse(id, "served view refused, not written: "+parseFailure(err))
		return nil
	}
	data, err := proof.CachedForm(served)
	if err != nil { // ParseCached read it: it cannot fail
		r.refuse(id, "served view refused, not written: "+err.Error())
		return nil
	}
	if nf != nil {
		r.refuse(id, "a 404 record was served as its view: not written")
		return nil
	}
	held, old, _ := inspect(r.dir, id)
	switch held {
	case Closed:
		if same(old, data) {
			r.unchanged(id)
			return nil
		}
		r.incident(id, fmt.Sprintf("its anchored view (batch %s closed) came back different (%s): refused, the cached view is kept", batchOf(old), strings.Join(diffKeys(old, data, nil), ", ")))
		return nil
	case Pending:
		if d := diffKeys(old, data, boundKeys); len(d) > 0 {
			r.incident(id, fmt.Sprintf("the view of a pending proof came back with a different %s, which the proof fixed when it was issued: refused, the cached view is kept", strings.Join(d, ", ")))
			return nil
		}
		if same(old, data) {
			r.unchanged(id)
			return nil
		}
	case NotFound:
		r.incident(id, "it was answered 404 before and is served now: the view is written in place of the 404 record")
	}
	if err := r.write(id, data); err != nil {
		return err
	}
	r.rep.Written = append(r.rep.Written, id)
	if b := v.BatchAnchor; held == Pending && (b == nil || b.Status != proof.BatchPending) {
		r.logf("  proof %s: its batch %s is now anchored", id, batchName(v))
	}
	return nil
}

// parseFailure says where and why a served view does not parse.
func parseFailure(err error) string {
	var fe *proof.FieldError
	if !errors.As(err, &fe) {
		return err.Error()
	}
	where := fe.Pointer
	if where == "" {
		where = "the view"
	}
	return where + ": " + fe.Reason
}

// notFound records that the Trust Layer does not know id: the 404 record,
// unless a view of id is cached (an incident).
func (r *runner) notFound(id string) error {
	held, _, _ := inspect(r.dir, id)
	switch held {
	case Closed, Pending:
		r.incident(id, "answered not found, but it was served before: refused, the cached view is kept")
		return nil
	case NotFound:
		r.unchanged(id)
		return nil
	}
	if err := r.write(id, notFoundRecord(id)); err != nil {
		return err
	}
	r.rep.NotFound = append(r.rep.NotFound, id)
	return nil
}

// write writes id's file atomically.
func (r *runner) write(id string, data []byte) error {
	r.answered[id] = true
	if err := atomicfs.WriteFile(filepath.Join(r.dir, id+".json"), data, 0o644); err != nil {
		return &localError{fmt.Errorf("proof %s: writing %s: %w", id, cacheFile(r.dir, id), err)}
	}
	return nil
}

// boundKeys are the parts of a view fixed when the proof is issued, which
// never change, even while its batch is open: what the chain hash binds
// (commitments, the Merkle root of the committed fields; hashes, which
// carries the chain and the request and response hashes it commits;
// disclosed, openings of commitments; spec_version, which says how the
// chain is computed), the signature over the chain, and what names the
// proof and the key that signed it (proof_id; arkforge_kid and
// arkforge_pubkey, which the signature does not cover, but which the Trust
// Layer sets once, when it signs). What may change while the batch is open
// is the rest: batch_anchor (pending, then anchored), the anchors
// (timestamp_authority, transparency_log) and the metadata SPEC 3.1 (§5,
// §6) calls mutable (disputed, dispute_id, ...). A closed view is compared
// whole.
var boundKeys = []string{"proof_id", "spec_version", "hashes", "commitments", "disclosed", "arkforge_signature", "arkforge_kid", "arkforge_pubkey"}

// same reports whether two view documents are equal in their cached form:
// as JSON values, without their volatile fields (the comparison ignores
// layout, key order and proof.VolatileFields, never another value).
func same(a, b []byte) bool {
	ca, err1 := proof.CachedForm(a)
	cb, err2 := proof.CachedForm(b)
	return err1 == nil && err2 == nil && bytes.Equal(ca, cb)
}

// diffKeys lists the top-level keys whose values differ between two view
// documents (only among keys, when keys is not nil), sorted. view compares
// cached forms, which hold no volatile field.
func diffKeys(a, b []byte, keys []string) []string {
	va, err1 := pyjson.DecodeStrict(a)
	vb, err2 := pyjson.DecodeStrict(b)
	if err1 != nil || err2 != nil {
		return []string{"(document)"}
	}
	names := map[string]bool{}
	for _, m := range va.Members() {
		names[m.Key] = true
	}
	for _, m := range vb.Members() {
		names[m.Key] = true
	}
	var out []string
	for k := range names {
		if keys != nil && !contains(keys, k) {
			continue
		}
		x, okx := va.Lookup(k)
		y, oky := vb.Lookup(k)
		if okx != oky || (okx && !bytes.Equal(pyjson.Canonical(x), pyjson.Canonical(y))) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// batchOf names the batch of a cached view, for a message.
func batchOf(data []byte) string {
	if v, err := proof.ParseView(data); err == nil {
		return batchName(v)
	}
	return "?"
}

// batchName names a view's batch: its batch_id, or "(none)" for a proof
// anchored on its own.
func batchName(v *proof.View) string {
	if v.BatchAnchor == nil || v.BatchAnchor.BatchID == "" {
		return "(none)"
	}
	return v.BatchAnchor.BatchID
}
