package fetch

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
)

// truncate answers with a Content-Length longer than what it sends.
func truncate(req fetchtest.Request, w http.ResponseWriter) bool {
	w.Header().Set("Content-Length", "5000")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, `{"proofs": {"prf_`)
	return true
}

// TestTruncated: a body cut short is refused whole, retried as a transient
// failure, and nothing of it is written.
func TestTruncated(t *testing.T) {
	for _, n := range []int{5, 1} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			w := newWorld(t, "truncated")
			ids := w.closed(n)
			w.srv.Fault(truncate)
			_, rep := w.run(ids, Options{})
			var ce *CallError
			var be *bodyError
			if !errors.As(rep.Stopped, &ce) || !errors.As(ce, &be) || be.TooLarge || rep.Calls != 4 {
				t.Fatalf("stopped %v", rep.Stopped)
			}
			if !strings.Contains(ce.Error(), "body truncated: 17 of 5000 bytes") || len(rep.Written) != 0 {
				t.Errorf("%v", ce)
			}
			entries, _ := os.ReadDir(w.dir)
			if len(entries) != 0 {
				t.Errorf("written: %v", entries)
			}
			// Cut once, then whole: written.
			w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
				return req.N == 5 && truncate(req, rw)
			})
			_, rep = w.run(ids, Options{})
			if !rep.OK() || len(rep.Written) != n {
				t.Fatalf("%+v", rep)
			}
			w.noTemp()
		})
	}
}

// TestOversized: a body over its bound is refused, declared or streamed,
// and not retried; the run goes on with the next group.
func TestOversized(t *testing.T) {
	w := newWorld(t, "oversized")
	ids := sortedCopy(w.closed(52))
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		switch req.Method {
		case http.MethodPost:
			rw.Header().Set("Content-Length", strconv.Itoa(maxGroupBody+1))
			rw.WriteHeader(http.StatusOK)
			io.WriteString(rw, "{")
		default: // no Content-Length: streamed past the bound
			rw.WriteHeader(http.StatusOK)
			chunk := bytes.Repeat([]byte(" "), 64<<10)
			for range maxSingleBody/len(chunk) + 2 {
				if _, err := rw.Write(chunk); err != nil {
					break
				}
				rw.(http.Flusher).Flush()
			}
		}
		return true
	})
	_, rep := w.run(ids[:51], Options{})
	if rep.Stopped != nil || len(rep.Failed) != 2 || rep.Calls != 2 || len(rep.Remaining) != 51 || len(rep.Written) != 0 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Failed[0].Error(); !strings.Contains(msg, fmt.Sprintf("body of %d bytes (Content-Length) exceeds the limit of %d: refused", maxGroupBody+1, maxGroupBody)) {
		t.Errorf("grouped: %s", msg)
	}
	if msg := rep.Failed[1].Error(); !strings.Contains(msg, "proof "+ids[50]+": GET /v1/proof/"+ids[50]+": HTTP 200 OK: body exceeds the limit of 1048576 bytes: refused") {
		t.Errorf("single: %s", msg)
	}
	entries, _ := os.ReadDir(w.dir)
	if len(entries) != 0 {
		t.Errorf("written: %v", entries)
	}
}
