package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/ark-forge/proveit/internal/sitepath"
)

func runServe(e *env, args []string) int {
	fs := newFlags("serve", "[--dir DIR] [--addr HOST:PORT]", `
Serve previews the built site on this machine only: it serves the files of the
site directory over HTTP on a loopback address (127.0.0.1, ::1 or localhost)
and refuses any other address, so that a preview is never published by
mistake. It serves the files as they are, with no script of its own; stop it
with Ctrl-C.`, e.stderr)
	dir := fs.String("dir", "public", "the site directory to serve")
	addr := fs.String("addr", "127.0.0.1:8080", "the loopback address and port to listen on")
	if pos, err := parseArgs(fs, args); err != nil {
		return exitFor(err)
	} else if len(pos) != 0 {
		fs.Usage()
		return 2
	}
	if err := loopbackAddr(*addr); err != nil {
		fmt.Fprintf(e.stderr, "proveit serve: %v\n", err)
		return 2
	}
	if fi, err := os.Stat(filepath.Join(*dir, filepath.FromSlash(sitepath.Home().String()))); err != nil || !fi.Mode().IsRegular() {
		fmt.Fprintf(e.stderr, "proveit serve: %s has no index.html: run \"proveit build\" first, or give --dir\n", *dir)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit serve: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(e.stdout, "proveit serve: %s on http://%s/ (Ctrl-C to stop)\n", *dir, ln.Addr())
	if err := serve(ctx, ln, *dir); err != nil {
		fmt.Fprintf(e.stderr, "proveit serve: %v\n", err)
		return 1
	}
	return 0
}

// loopbackAddr accepts host:port whose host is a loopback IP address or
// "localhost", and refuses every other one, an empty host included (it
// would listen on every interface).
func loopbackAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v, want HOST:PORT such as 127.0.0.1:8080", addr, err)
	}
	if port == "" {
		return fmt.Errorf("--addr %q has no port, want HOST:PORT such as 127.0.0.1:8080", addr)
	}
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	if host == "" {
		return fmt.Errorf("--addr %q listens on every interface: a preview listens on a loopback address only (127.0.0.1, ::1, localhost)", addr)
	}
	return fmt.Errorf("--addr %q: %s is not a loopback address: a preview listens on 127.0.0.1, ::1 or localhost only", addr, host)
}

// siteHandler serves the files of dir as a static host would, without
// directory listings.
func siteHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := filepath.Join(dir, filepath.FromSlash(filepath.Clean("/"+r.URL.Path)))
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			if _, err := os.Stat(filepath.Join(p, "index.html")); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-store")
		files.ServeHTTP(w, r)
	})
}

// serve serves dir on ln until ctx is done.
func serve(ctx context.Context, ln net.Listener, dir string) error {
	srv := &http.Server{Handler: siteHandler(dir), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			return err
		}
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
