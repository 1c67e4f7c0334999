package trust

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBadInputMatrix: both trust files, broken in every way a file can be
// broken. Load refuses each with an *Error naming the file and never
// panics.
func TestBadInputMatrix(t *testing.T) {
	type breaker func(t *testing.T, p string, toml bool)
	rewrite := func(t *testing.T, p string, f func([]byte) []byte) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	replace := func(t *testing.T, p string, mk func(string) error) {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := mk(p); err != nil {
			t.Fatalf("%v (this case needs it)", err)
		}
	}
	breaks := []struct {
		name     string
		want     string
		jsonOnly bool // the break exists only for the JSON file
		f        breaker
	}{
		{"missing", "no such file", false, func(t *testing.T, p string, _ bool) {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}},
		{"empty", "", false, func(t *testing.T, p string, _ bool) {
			rewrite(t, p, func([]byte) []byte { return nil })
		}},
		{"truncated", "", false, func(t *testing.T, p string, _ bool) {
			rewrite(t, p, func(b []byte) []byte { return b[:len(b)/2] })
		}},
		{"invalid UTF-8", "", false, func(t *testing.T, p string, _ bool) {
			rewrite(t, p, func(b []byte) []byte {
				i := bytes.IndexByte(b, '"')
				return append(append(b[:i+1:i+1], 0xff, 0xfe), b[i+1:]...)
			})
		}},
		{"unknown key", "", false, func(t *testing.T, p string, toml bool) {
			if toml {
				rewrite(t, p, func(b []byte) []byte { return append([]byte("zzz_unknown = 1\n"), b...) })
			} else {
				rewrite(t, p, func(b []byte) []byte { return bytes.Replace(b, []byte("{"), []byte(`{"zzzUnknown": 1, `), 1) })
			}
		}},
		{"duplicate key", "", false, func(t *testing.T, p string, toml bool) {
			rewrite(t, p, func(b []byte) []byte {
				if toml {
					for _, line := range strings.Split(string(b), "\n") {
						if strings.Contains(line, " = ") && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "[") {
							return append([]byte(line+"\n"), b...)
						}
					}
				}
				return bytes.Replace(b, []byte("{"), []byte(`{"mediaType": "x", `), 1)
			})
		}},
		{"deep nesting", "", true, func(t *testing.T, p string, toml bool) {
			rewrite(t, p, func([]byte) []byte { return []byte(strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000)) })
		}},
		{"oversized", "exceeds", false, func(t *testing.T, p string, toml bool) {
			limit := MaxTrustedRootBytes
			if toml {
				limit = MaxTrustLayerBytes
			}
			rewrite(t, p, func(b []byte) []byte { return append(b, bytes.Repeat([]byte(" "), int(limit)+1)...) })
		}},
		{"symlink", "symbolic link", false, func(t *testing.T, p string, _ bool) {
			replace(t, p, func(p string) error { return os.Symlink("/etc/hostname", p) })
		}},
		{"FIFO", "named pipe", false, func(t *testing.T, p string, _ bool) {
			replace(t, p, func(p string) error { return syscall.Mkfifo(p, 0o644) })
		}},
		{"directory", "directory", false, func(t *testing.T, p string, _ bool) {
			replace(t, p, func(p string) error { return os.Mkdir(p, 0o755) })
		}},
	}
	for _, file := range []string{TrustedRootFile, TrustLayerFile} {
		for _, br := range breaks {
			if br.jsonOnly && file == TrustLayerFile {
				continue // the break does not exist for a TOML file
			}
			t.Run(file+" "+br.name, func(t *testing.T) {
				dir := writeTrust(t, trustedRootJSON(t), validTrustLayer(t))
				br.f(t, filepath.Join(dir, file), file == TrustLayerFile)
				_, err := func() (m *Material, err error) {
					defer func() {
						if r := recover(); r != nil {
							err = fmt.Errorf("panic: %v", r)
						}
					}()
					return Load(dir)
				}()
				var te *Error
				switch {
				case err == nil:
					t.Fatal("Load accepted it")
				case strings.HasPrefix(err.Error(), "panic: "):
					t.Fatalf("Load panicked: %v", err)
				case !errors.As(err, &te) || !strings.Contains(err.Error(), file):
					t.Fatalf("error %v does not name %s", err, file)
				case !strings.Contains(err.Error(), br.want):
					t.Fatalf("error %v does not say %q", err, br.want)
				}
			})
		}
	}
}
