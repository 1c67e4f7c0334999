package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlags returns a FlagSet for verb whose -h prints usage, a synopsis and
// the flags on w.
func newFlags(verb, synopsis, about string, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(verb, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprintf(w, "usage: proveit %s %s\n\n%s\n", verb, synopsis, strings.TrimSpace(about))
		var has bool
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintf(w, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseArgs parses flags placed before, between or after the positional
// arguments ("canon FILE --sha256" as well as "canon --sha256 FILE"), and
// returns the positional ones. "-" alone is a positional argument; "--"
// ends the flags. It returns flag.ErrHelp for -h.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// exitFor reports a flag error: 0 for -h (usage was printed), 2 otherwise.
func exitFor(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}
