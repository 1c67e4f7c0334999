// Command floor measures the cryptographic floor of a build, as issue 14
// defines it: SHA-256 of every byte of the season directories, plus one
// Ed25519 verification per cached proof view (every proofs/*.json file),
// spread over all cores. It prints the wall time in seconds, the bytes and
// the proofs, on one line, for scripts/scale.sh.
//
// Usage:
//
//	go run ./scripts/floor SEASONS_DIR
package main

import (
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: floor SEASONS_DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "floor: %v\n", err)
		os.Exit(1)
	}
}

func run(root string, out io.Writer) error {
	var files []string
	if err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	}); err != nil {
		return err
	}
	// A real signature, verified once per proof: the cost of a
	// verification does not depend on the message.
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	msg := sha256.Sum256([]byte("proveit"))
	sig := ed25519.Sign(key, msg[:])
	pub := key.Public().(ed25519.PublicKey)

	start := time.Now()
	var bytes, proofs atomic.Int64
	var firstErr error
	var mu sync.Mutex
	next := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 1<<20)
			for p := range next {
				f, err := os.Open(p)
				if err == nil {
					h := sha256.New()
					var n int64
					n, err = io.CopyBuffer(h, f, buf)
					f.Close()
					bytes.Add(n)
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				if filepath.Base(filepath.Dir(p)) == "proofs" && strings.HasSuffix(p, ".json") {
					if !ed25519.Verify(pub, msg[:], sig) {
						panic("floor: the fixed signature does not verify")
					}
					proofs.Add(1)
				}
			}
		}()
	}
	for _, p := range files {
		next <- p
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	fmt.Fprintf(out, "floor %.2f s: sha256 of %d bytes in %d files, %d ed25519 verifications, %d cores\n",
		time.Since(start).Seconds(), bytes.Load(), len(files), proofs.Load(), runtime.GOMAXPROCS(0))
	return nil
}
