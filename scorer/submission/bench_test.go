package submission

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

func bigDoc() []byte {
	var as []string
	ds := map[string]bool{}
	for i := 0; i < 20; i++ {
		p := fmt.Sprintf("prf_20260921_101233_%06x", i)
		ds[p] = true
		as = append(as, fmt.Sprintf(`{"id":"a%d","claim":{"resource":"/agrements/AGR-%d","field":"/statut","value":"suspendu"},"proof_ids":["%s"]}`, i, i, p))
	}
	var dd []string
	for p := range ds {
		dd = append(dd, `"`+p+`":{"request_hash":{"nonce":"`+hexA+`","value":"`+hexB+`"},"response_hash":{"nonce":"`+hexC+`","value":"`+hexD+`"}}`)
	}
	return []byte(`{"season":1,"track":"conformite","task_id":"conf-01","agent_did":"did:key:z6Mk","verdict":"conforme","assertions":[` +
		strings.Join(as, ",") + `],"disclosures":{` + strings.Join(dd, ",") + `},"narrative":"` + strings.Repeat("x", 2000) + `"}`)
}

func BenchmarkParse(b *testing.B) {
	doc := bigDoc()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeOnly(b *testing.B) {
	doc := bigDoc()
	for i := 0; i < b.N; i++ {
		if _, err := pyjson.DecodeStrict(doc); err != nil {
			b.Fatal(err)
		}
	}
}
