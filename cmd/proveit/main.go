// Command proveit builds the PROVE IT Index from frozen seasons and lets
// anyone re-check its hashes.
//
// Usage:
//
//	proveit <command> [arguments]
//
// Run "proveit help" for the commands, "proveit <command> -h" for one.
package main

import (
	"fmt"
	"io"
	"os"
)

// command is one verb of the CLI.
type command struct {
	name    string
	summary string
	run     func(env *env, args []string) int
}

// env is what a command reads and writes: the process's streams, made
// replaceable for tests.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

var commands []command

func init() {
	commands = []command{
		{"build", "build every season into the site directory", runBuild},
		{"check", "rebuild into a temporary directory and compare with the site", runCheck},
		{"diff", "compare two built sites: what changed in results and reports, in words", runDiff},
		{"publish", "write a closed season's publication snapshot, once, at close", runPublish},
		{"canon", "print the canonical JSON of a document, as the Trust Layer computes it", runCanon},
		{"response-hash", "print hashes.response for a response body", runResponseHash},
		{"request-hash", "print hashes.request for a call to the corpus", runRequestHash},
		{"verify", "verify one Trust Layer proof view, of a season or on its own (--trust), every check with its outcome", runVerify},
		{"explain", "print one submission's whole trail, check by check", runExplain},
		{"fetch", "fill the proof cache from the Trust Layer, within its read limits", runFetch},
		{"serve", "preview the built site on 127.0.0.1 (loopback only)", runServe},
	}
}

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(e.stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "proveit: unknown command %q\n\n", args[0])
	usage(e.stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `proveit builds the PROVE IT Index from frozen seasons, and re-checks its hashes.

Usage:

	proveit <command> [arguments]

Commands:

`)
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-14s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run "proveit <command> -h" for the arguments of a command.
`)
}
