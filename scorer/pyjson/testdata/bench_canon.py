#!/usr/bin/env python3
"""Time CPython's json on the bodies BenchmarkCanonical{Corpus,View} reads.

Usage: bench_canon.py SECONDS FILE...

Reads every FILE into memory, then repeats, for at least SECONDS seconds,
json.dumps(json.loads(b), sort_keys=True, separators=(",", ":")) over all
of them (the Trust Layer's canonical_json, ensure_ascii=True as in
package pyjson), and prints one line: the bytes per second of input, as a
float. The Go benchmark runs it on the same files in the same run and
reports the ratio (metric x-cpython); see scorer/pyjson/bench_test.go.
"""
import json
import sys
import time


def main():
    seconds = float(sys.argv[1])
    bodies = []
    for name in sys.argv[2:]:
        with open(name, "rb") as f:
            bodies.append(f.read())
    total = sum(len(b) for b in bodies)
    loads, dumps = json.loads, json.dumps
    rounds, start = 0, time.perf_counter()
    while True:
        for b in bodies:
            dumps(loads(b), sort_keys=True, separators=(",", ":"))
        rounds += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    print(total * rounds / elapsed)


if __name__ == "__main__":
    main()
