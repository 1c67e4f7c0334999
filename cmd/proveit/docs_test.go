package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// placeholders are the words the pages write for what a reader chooses,
// with a value of the demo season that exists.
var placeholders = strings.NewReplacer(
	"FICHIER.json", "entites/ENT-1001.json",
	"SLUG", "boussole",
	"PROOF_ID", "prf_20261005_090009_187e08",
	"UUID", "0000000000000001885ae0eec51c73bee719e7c5110988d873a0c4250d4d8b597723a9fc28d8070e", // PROOF_ID's Rekor entry
)

// TestDocumentedCommands runs every proveit command that the README, the
// pages of docs/ and the pages of content/ show in a code block, on the demo season, and
// requires it to succeed: a page never shows a command that does not work.
// A command whose comment says « exit N » (« # exit 1: incomplete ») must
// exit with N instead: the same words on both editions' pages, whose code
// blocks are the same. build is run as check, which builds the same way
// and writes nothing.
func TestDocumentedCommands(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	files, err := filepath.Glob(filepath.Join("content", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(append(files, docs...), "README.md")
	line := regexp.MustCompile(`(?m)^    go run \./cmd/proveit (.+)$`)
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range line.FindAllStringSubmatch(string(b), -1) {
			cmd := strings.TrimSpace(placeholders.Replace(m[1]))
			want := 0
			if i := strings.Index(cmd, "  #"); i >= 0 {
				if e := exitComment.FindStringSubmatch(cmd[i:]); e != nil {
					want = int(e[1][0] - '0')
				}
				cmd = strings.TrimSpace(cmd[:i])
			}
			args := shellWords(t, cmd)
			if args[0] == "build" {
				args[0] = "check"
			}
			n++
			if code, stdout, stderr := runCLI(t, "", args...); code != want {
				t.Errorf("%s shows `proveit %s`: exit %d, want %d\n%s%s", f, cmd, code, want, stdout, stderr)
			}
		}
	}
	if n < 8 {
		t.Fatalf("only %d documented commands found", n)
	}
}

// exitComment is the « exit N » of a documented command's comment.
var exitComment = regexp.MustCompile(`#.*\bexit ([0-9])\b`)

// shellWords splits a command line as a POSIX shell would for the forms
// the pages use: words, and single-quoted strings.
func shellWords(t *testing.T, s string) []string {
	var out []string
	var w strings.Builder
	in, quoted := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted = !quoted
			in = true
		case r == ' ' && !quoted:
			if in {
				out = append(out, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if quoted {
		t.Fatalf("unbalanced quote in %q", s)
	}
	if in {
		out = append(out, w.String())
	}
	return out
}
