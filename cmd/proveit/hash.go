package main

import (
	"fmt"
	"io"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// maxInput bounds what canon and response-hash read, file or stdin.
const maxInput = 64 << 20

// readInput reads FILE, or standard input for "-", within maxInput bytes.
func readInput(e *env, name string) ([]byte, error) {
	if name != "-" {
		data, err := inputfile.ReadFollow(name, maxInput)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return data, nil
	}
	data, err := io.ReadAll(io.LimitReader(e.stdin, maxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("input exceeds %d bytes", maxInput)
	}
	return data, nil
}

func runCanon(e *env, args []string) int {
	fs := newFlags("canon", "FILE|- [--sha256]", `
Canon prints the canonical JSON of FILE (or of standard input for "-") followed
by one newline: exactly CPython's json.dumps(json.loads(bytes), sort_keys=True,
separators=(",", ":")), the form the Trust Layer hashes. With --sha256 it prints
the SHA-256 of that form instead. Bytes that CPython's json.loads refuses make
it exit 1 with the reason on standard error.`, e.stderr)
	sum := fs.Bool("sha256", false, "print the SHA-256 (hex) of the canonical form instead of the form")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	data, err := readInput(e, pos[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit canon: %s: %v\n", pos[0], err)
		return 1
	}
	canon, err := pyjson.Canonicalize(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit canon: %s: json.loads refuses it: %v\n", pos[0], err)
		return 1
	}
	if *sum {
		fmt.Fprintln(e.stdout, hashes.SHA256Hex(canon))
	} else {
		e.stdout.Write(append(canon, '\n'))
	}
	return 0
}

func runResponseHash(e *env, args []string) int {
	fs := newFlags("response-hash", "FILE|- [--data]", `
Response-hash prints hashes.response for a response body held in FILE (or read
from standard input for "-"), as the Trust Layer proxy computes it: the SHA-256
of the canonical JSON of json.loads(body); a body that loads to a falsy value
({}, [], "", 0, false, null) is hashed as {"error": null}, and a body that does
not load as {"_raw_text": <body decoded as UTF-8, errors replaced>}.`, e.stderr)
	data := fs.Bool("data", false, "also print, first, the canonical response_data that is hashed")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	body, err := readInput(e, pos[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit response-hash: %s: %v\n", pos[0], err)
		return 1
	}
	rd := hashes.ResponseData(body)
	if *data {
		e.stdout.Write(append(pyjson.Canonical(rd), '\n'))
	}
	fmt.Fprintln(e.stdout, hashes.Of(rd))
	return 0
}

func runRequestHash(e *env, args []string) int {
	fs := newFlags("request-hash", "--target URL --method M --payload JSON [--data]", `
Request-hash prints hashes.request for one call through the proxy: the SHA-256
of the canonical JSON of {"target", "method", "payload", "amount": 0.0,
"currency": "eur"} (specification §2.4). The target is taken character for
character: a trailing slash or an empty "?" gives another hash. The payload is
JSON text, read as json.loads reads it.`, e.stderr)
	target := fs.String("target", "", "the full target URL, exactly as the corpus catalogue publishes it")
	method := fs.String("method", "", "the HTTP method, e.g. GET")
	payload := fs.String("payload", "", "the payload, as JSON text, e.g. '{}'")
	data := fs.Bool("data", false, "also print, first, the canonical request_data that is hashed")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	var missing []string
	for _, f := range []struct{ name, v string }{{"--target", *target}, {"--method", *method}, {"--payload", *payload}} {
		if f.v == "" {
			missing = append(missing, f.name)
		}
	}
	if len(pos) != 0 || len(missing) > 0 {
		if len(missing) > 0 {
			fmt.Fprintf(e.stderr, "proveit request-hash: missing %v\n", missing)
		}
		fs.Usage()
		return 2
	}
	p, err := pyjson.Decode([]byte(*payload))
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit request-hash: --payload: json.loads refuses it: %v\n", err)
		return 1
	}
	rd := hashes.RequestData(*target, *method, p)
	if *data {
		e.stdout.Write(append(pyjson.Canonical(rd), '\n'))
	}
	fmt.Fprintln(e.stdout, hashes.Of(rd))
	return 0
}
