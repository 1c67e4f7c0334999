package rfc3161

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// TestDocListsChecks keeps the package doc's numbered checks and Checks
// the same codes in the same order (rfc3161.parse, numbered twice, listed
// once): a check added to one and not the other fails here.
func TestDocListsChecks(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range regexp.MustCompile(`(?m)^//  ? ?[0-9]+\. (rfc3161\.[a-z_.]+):`).FindAllSubmatch(doc, -1) {
		if c := string(m[1]); !slices.Contains(listed, c) {
			listed = append(listed, c)
		}
	}
	if !slices.Equal(listed, Checks) {
		t.Errorf("the package doc lists\n%v\nChecks is\n%v", listed, Checks)
	}
}

// Checks lists the check codes in the order Verify runs them (rfc3161.parse
// runs both before and after rfc3161.status), as the package doc numbers
// them.
var Checks = []string{
	CheckSize, CheckParse, CheckStatus, CheckCertificates, CheckSigner, CheckHash,
	CheckSignature, CheckSignerValidity, CheckChain, CheckLeaf,
	CheckTSAValidity, CheckEKU, CheckCA, CheckESS, CheckTSAName, CheckImprint,
}
