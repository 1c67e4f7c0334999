// Command seasongen writes seasons/0 and seasons/1, the fictional demo
// seasons of the PROVE IT Index, from fixed seeds, with the project's test
// issuer: run again, it rewrites them byte for byte. Season 1 is small,
// published, anchored, then invalidated (§8).
//
// Usage:
//
//	seasongen [--out DIR] [--participants N]
//
// Run "seasongen -h" for the flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/ark-forge/proveit/cmd/seasongen/internal/demo"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("seasongen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", demo.DefaultDir, "the season directory to write (replaced as a whole; an existing one must be a demo season)")
	n := fs.Int("participants", demo.CastSize(), fmt.Sprintf("participants: the fixed cast of %d, or more to add generated honest-ish participants for scale runs", demo.CastSize()))
	fs.Usage = func() {
		fmt.Fprintf(stderr, `usage: seasongen [--out DIR] [--participants N]

seasongen writes the fictional demo seasons of the PROVE IT Index, season 0
and, unless --out or --participants is given, season 1 (seasons/1: four
participants, published, anchored, then invalidated), from fixed seeds, with the project's test issuer: Ed25519 proofs, RFC 6962
batches, RFC 3161 tokens from a test TSA and Rekor entries from a test log,
under test keys that are not ArkForge's. The same flags give the same bytes.

It writes season.toml, the trust material, both tracks (corpus, rules,
barème, freezes, sealed key), the participants, their submissions and the
cached proof views. The fixed cast exercises every cause and every task
status of the scorer; --participants N above the cast adds generated
participants, deterministic too. The directory is replaced as a whole, only
if it is absent, empty or already a demo season.

Flags:
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "seasongen: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	if *n < demo.CastSize() {
		fmt.Fprintf(stderr, "seasongen: --participants %d: want at least the %d participants of the fixed cast\n", *n, demo.CastSize())
		return 2
	}
	meta, err := demo.Write(*out, demo.Options{Participants: *n})
	if err != nil {
		fmt.Fprintf(stderr, "seasongen: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "seasongen: wrote %s: %d participants, %d cited proofs\n", *out, meta.ParticipantCount(), meta.ProofCount())
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["out"] && !set["participants"] {
		// The default run writes both demo seasons.
		meta, err := demo.WriteSeason1(demo.Season1Dir)
		if err != nil {
			fmt.Fprintf(stderr, "seasongen: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "seasongen: wrote %s: %d participants, %d cited proofs, invalidated after its publication\n", demo.Season1Dir, meta.ParticipantCount(), meta.ProofCount())
	}
	return 0
}
