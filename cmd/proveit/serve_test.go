package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoopbackAddr(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:8080", "127.0.0.2:80", "[::1]:8080", "localhost:0", "LOCALHOST:1"} {
		if err := loopbackAddr(ok); err != nil {
			t.Errorf("loopbackAddr(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{":8080", "0.0.0.0:8080", "[::]:8080", "192.168.1.10:8080", "10.0.0.1:80", "example.com:80", "127.0.0.1", "127.0.0.1:", "localhost.example.com:80"} {
		if err := loopbackAddr(bad); err == nil {
			t.Errorf("loopbackAddr(%q) = nil, want a refusal", bad)
		}
	}
}

func TestServeRefusesNonLoopback(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errb}, []string{"serve", "--addr", "0.0.0.0:8080", "--dir", t.TempDir()})
	if code != 2 || !strings.Contains(errb.String(), "loopback") {
		t.Errorf("serve --addr 0.0.0.0:8080 = %d, %q", code, errb.String())
	}
	errb.Reset()
	code = run(&env{stdout: &out, stderr: &errb}, []string{"serve", "--addr", "127.0.0.1:0", "--dir", t.TempDir()})
	if code != 1 || !strings.Contains(errb.String(), "index.html") {
		t.Errorf("serve of a directory without index.html = %d, %q", code, errb.String())
	}
}

func TestServeServesSite(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"index.html": "<!DOCTYPE html><title>i</title>", "saison-1/index.html": "saison", "saison-1/conformite/results.json": "{}\n", "vide/x.txt": "x"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, dir) }()
	base := "http://" + ln.Addr().String()
	get := func(path string) (int, string, http.Header) {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header
	}
	if code, body, h := get("/"); code != 200 || !strings.Contains(body, "<title>i</title>") || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("GET / = %d %q %v", code, body, h)
	}
	if code, body, _ := get("/saison-1/"); code != 200 || body != "saison" {
		t.Errorf("GET /saison-1/ = %d %q", code, body)
	}
	if code, _, h := get("/saison-1/conformite/results.json"); code != 200 || !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
		t.Errorf("GET results.json = %d %v", code, h)
	}
	if code, _, _ := get("/vide/"); code != 404 {
		t.Errorf("a directory without index.html is listed: %d", code)
	}
	if code, _, _ := get("/../../etc/passwd"); code != 404 {
		t.Errorf("GET outside the site = %d", code)
	}
	resp, err := http.Post(base+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST / = %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve after cancel = %v", err)
	}
}
