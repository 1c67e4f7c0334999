package proof

import (
	"strings"
	"testing"
)

// TestMessages pins, word for word, the errors a reader is most likely to
// meet: the whole document (the empty pointer) reads « the document », and
// a downgraded view says what is wrong with it.
func TestMessages(t *testing.T) {
	const id = "prf_20260925_115959_a1b2c3"
	spec30 := strings.Replace(sample, `"spec_version": "3.1"`, `"spec_version": "3.0"`, 1)
	for _, c := range []struct {
		name, want string
		parse      func() error
	}{
		{"empty", "proof " + id + ": the document: not strict JSON: Expecting value: line 1 column 1 (char 0)",
			func() error { _, _, err := ParseCached(id, nil); return err }},
		{"an array", "proof " + id + ": the document: got array, want an object",
			func() error { _, _, err := ParseCached(id, []byte("[]")); return err }},
		{"too large", "proof " + id + ": the document: 1048577 bytes, exceeds the limit of 1048576",
			func() error { _, _, err := ParseCached(id, padded(MaxViewBytes+1)); return err }},
		{"a malformed 404 record", "proof " + id + `: the document: a 404 record is exactly {"not_found": true, "proof_id": ID}`,
			func() error {
				_, _, err := ParseCached(id, []byte(`{"not_found": "yes", "proof_id": "`+id+`"}`))
				return err
			}},
		{"a view without its id", "proof (unknown): the document: not strict JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
			func() error { _, err := ParseView([]byte("{")); return err }},
		{"cached under a name that is not a proof id", `"../prf_20260925_115959_a1b2c3" is not a proof id (prf_YYYYMMDD_HHMMSS_xxxxxx): no view is cached under it`,
			func() error { _, _, err := ParseCached("../"+id, []byte(sample)); return err }},
		{"a 3.1 view relabelled 3.0", "proof " + id + ": /commitments/agent_identity: spec_version 3.0 does not commit agent_identity; a view that claims 3.0 and commits it is not a 3.0 view",
			func() error { _, _, err := ParseCached(id, []byte(spec30)); return err }},
		{"a 3.0 view committing the identity's status only", "proof " + id + ": /commitments/did_resolution_status: spec_version 3.0 does not commit did_resolution_status; a view that claims 3.0 and commits it is not a 3.0 view",
			func() error {
				doc := strings.Replace(spec30, `"agent_identity": "`+h1+`", "agent_identity_verified": "`+h1+`", `, "", 1)
				_, _, err := ParseCached(id, []byte(doc))
				return err
			}},
		{"a 3.0 view with an unknown commitment", "proof " + id + ": /commitments/x: unknown key, want one of buyer_fingerprint, request_hash, response_hash, seller, timestamp, transaction_id",
			func() error {
				doc := strings.Replace(spec30, `"agent_identity": "`+h1+`", "agent_identity_verified": "`+h1+`", `, `"x": "`+h1+`", `, 1)
				doc = strings.Replace(doc, `"did_resolution_status": "`+h1+`", `, "", 1)
				_, _, err := ParseCached(id, []byte(doc))
				return err
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.parse()
			if err == nil || err.Error() != c.want {
				t.Errorf("err = %v\nwant    %s", err, c.want)
			}
		})
	}
}

// TestSpec30Parses: a 3.0 view with exactly the fields 3.0 commits parses.
func TestSpec30Parses(t *testing.T) {
	doc := strings.Replace(sample, `"spec_version": "3.1"`, `"spec_version": "3.0"`, 1)
	doc = strings.Replace(doc, `"agent_identity": "`+h1+`", "agent_identity_verified": "`+h1+`", `, "", 1)
	doc = strings.Replace(doc, `"did_resolution_status": "`+h1+`", `, "", 1)
	v, _, err := ParseCached("prf_20260925_115959_a1b2c3", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Commitments) != 6 {
		t.Errorf("%d commitments, want 6", len(v.Commitments))
	}
}
