package rekor_test

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/ark-forge/proveit/scorer/anchor/rekor"
)

// TestDocListsChecks keeps the package doc's list of checks and Checks
// the same codes in the same order: a check added to one and not the
// other fails here.
func TestDocListsChecks(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range regexp.MustCompile(`(?m)^//   - (rekor\.[a-z_.]+):`).FindAllSubmatch(doc, -1) {
		listed = append(listed, string(m[1]))
	}
	if !slices.Equal(listed, rekor.Checks()) {
		t.Errorf("the package doc lists\n%v\nChecks is\n%v", listed, rekor.Checks())
	}
}
