package site

// The streaming output: a build writes each file into a new sibling of the
// output directory as soon as it is made, and the sibling takes the place
// of the output as a whole at the end (Commit), or is removed (Abort).
//
// A build holds a lock on its output (outputLock) from NewStage to Commit
// or Abort, so that two builds never write the same output at once. The
// sibling, .<out>.new-<digits>, is marked as a build's by a file beside it,
// the same name with .stage added, written before the sibling is made and
// removed after it is gone: a build killed before its end leaves both, and
// the next build of the same output removes them (clearDebris), and only
// siblings so marked.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/ark-forge/proveit/internal/atomicfs"
)

// Sink receives the files of a build, one at a time, each once: a Stage
// on disk (the tests use one in memory).
type Sink interface {
	// Add stores data at name, refusing a name that is not a clean
	// relative path or that is already taken. It keeps nothing of data
	// once it returns: the build makes the next file in the same memory.
	Add(name string, data []byte) error
	// Sums returns the content of SHA256SUMS for the files added so far.
	Sums() []byte
}

// Stage is a build being written into a new sibling of its output
// directory. It keeps only the SHA-256 of each file, computed as the file
// is written, so that a build holds one page at a time, not the site.
//
// A file the previous output already holds with the same bytes is not
// written again but linked (reuse): a rebuild after one changed submission
// changes every page (each names the inputs digest), and almost none of
// the rest, the proof views and the dossier, most of the site's files.
// Writing them again, then removing the old copies, allocates and frees
// their blocks; a link, and unlinking the old name, allocate and free no
// block (docs/benchmarks.md). The previous copy
// is read back through the new name and compared byte for byte with what
// the build made before it is kept: a file edited in the previous output
// since it was built is written anew, never published as it was found.
type Stage struct {
	dir, tmp string
	sums     map[string][sha256.Size]byte
	dirs     map[string]bool // directories already made under tmp
	reused   int
	// oldDirs says, per directory of the stage, whether the previous
	// output's directory of that name is a real one of it: no component of
	// its path under dir is a symbolic link.
	oldDirs map[string]bool
	realDir string // dir with its symbolic links resolved; "" when it does not exist (no previous output)
	// writeback is closed when the background sync that Writeback started
	// ends; nil when none was started.
	writeback chan struct{}
	lock      *outputLock
	marker    string   // the file that marks tmp as a build's (stageMarker)
	removed   []string // what NewStage removed of interrupted builds
}

// stageMarker is the content of the file that marks a staging directory
// as a build's: the staging directory's name with markerSuffix added,
// beside it, outside the tree that is published.
const (
	stageMarker  = "a proveit build is written into the directory of this name without .stage; the next build of the same output removes both\n"
	markerSuffix = ".stage"
)

// NewStage takes the lock on dir (lockOutput: it refuses while another
// build holds it), removes what builds of dir that were interrupted left
// beside it (clearDebris; Removed lists it), and makes the sibling
// directory that the build of dir is written into, with its marker. dir's
// parent is made when missing. The caller ends the Stage with Commit or
// Abort, which release the lock.
func NewStage(dir string) (*Stage, error) {
	dir = filepath.Clean(dir)
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	lock, err := lockOutput(dir)
	if err != nil {
		return nil, err
	}
	removed, err := clearDebris(dir)
	if err != nil {
		lock.release()
		return nil, err
	}
	tmp, marker, err := makeStageDir(dir)
	if err != nil {
		lock.release()
		return nil, fmt.Errorf("build: %w", err)
	}
	st := &Stage{dir: dir, tmp: tmp, sums: map[string][sha256.Size]byte{}, dirs: map[string]bool{".": true}, oldDirs: map[string]bool{}, lock: lock, marker: marker, removed: removed}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		st.realDir = real
	}
	return st, nil
}

// Removed returns the paths NewStage removed: the staging directories of
// builds of the same output that were interrupted.
func (s *Stage) Removed() []string { return s.removed }

// lockName is the lock file of the output dir: .<base>.lock beside it.
func lockName(dir string) string {
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".lock")
}

// makeStageDir writes a new marker beside dir, .<base>.new-<digits>.stage
// holding stageMarker, then makes the directory of its name without
// .stage, mode 0755: the marker exists whenever the directory does.
func makeStageDir(dir string) (tmp, marker string, err error) {
	parent, base := filepath.Dir(dir), filepath.Base(dir)
	for range 100 {
		f, err := os.CreateTemp(parent, "."+base+".new-*"+markerSuffix)
		if err != nil {
			return "", "", err
		}
		marker = f.Name()
		if _, err := f.WriteString(stageMarker); err != nil {
			f.Close()
			os.Remove(marker)
			return "", "", fmt.Errorf("%s: %w", marker, err)
		}
		if err := f.Close(); err != nil {
			os.Remove(marker)
			return "", "", fmt.Errorf("%s: %w", marker, err)
		}
		tmp = strings.TrimSuffix(marker, markerSuffix)
		err = os.Mkdir(tmp, 0o755)
		if os.IsExist(err) { // not ours: another name
			os.Remove(marker)
			continue
		}
		if err == nil {
			err = os.Chmod(tmp, 0o755) // the published tree's mode, whatever the umask
		}
		if err != nil {
			os.Remove(tmp)
			os.Remove(marker)
			return "", "", err
		}
		return tmp, marker, nil
	}
	return "", "", fmt.Errorf("no free staging directory name beside %s", dir)
}

// clearDebris removes, beside the output dir, the staging directories of
// builds of dir that were interrupted, and returns their paths. It is
// called under the lock, so that none is a running build's. It removes a
// directory .<base>.new-<digits> only when the file of its name with
// .stage added is beside it, a regular file holding exactly stageMarker;
// then, if dir exists, .<base>.new-<digits>.old too (ReplaceDir's name
// for the previous tree where it replaces in two steps: while dir is
// missing, that is the previous output, and both are left as they are).
// The marker is removed last, and alone when its directory is gone; one
// beside something that is not a directory is left, with it. Nothing else is touched: a directory of the
// same name without its marker is not a build's.
func clearDebris(dir string) ([]string, error) {
	parent, base := filepath.Dir(dir), filepath.Base(dir)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	_, err = os.Lstat(dir)
	outExists := err == nil
	var removed []string
	for _, e := range entries {
		stem, ok := strings.CutSuffix(e.Name(), markerSuffix)
		if !ok || !isStageName(base, stem) || !isMarker(filepath.Join(parent, e.Name())) {
			continue
		}
		tmp := filepath.Join(parent, stem)
		if fi, err := os.Lstat(tmp); err == nil && !fi.IsDir() {
			continue // a build's is a directory
		}
		if _, err := os.Lstat(tmp + ".old"); err == nil {
			if !outExists {
				continue
			}
			if err := os.RemoveAll(tmp + ".old"); err != nil {
				return removed, fmt.Errorf("build: removing %s, left by an interrupted build: %w", tmp+".old", err)
			}
			removed = append(removed, tmp+".old")
		}
		if _, err := os.Lstat(tmp); err == nil {
			if err := os.RemoveAll(tmp); err != nil {
				return removed, fmt.Errorf("build: removing %s, left by an interrupted build: %w", tmp, err)
			}
			removed = append(removed, tmp)
		}
		if err := os.Remove(filepath.Join(parent, e.Name())); err != nil {
			return removed, fmt.Errorf("build: removing %s, left by an interrupted build: %w", e.Name(), err)
		}
	}
	return removed, nil
}

// isStageName reports whether name is that of a staging directory of the
// output base: .<base>.new- and one or more decimal digits.
func isStageName(base, name string) bool {
	digits, ok := strings.CutPrefix(name, "."+base+".new-")
	if !ok || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isMarker reports whether p is a regular file, not a link, holding
// exactly stageMarker.
func isMarker(p string) bool {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(stageMarker)) {
		return false
	}
	data, err := os.ReadFile(p)
	return err == nil && string(data) == stageMarker
}

// testHookAdd, when set by a test, is called by Add before it writes
// name; an error it returns is Add's, as a full disk's would be.
var testHookAdd func(name string) error

// Add writes data at name under the sibling directory and keeps its
// SHA-256.
func (s *Stage) Add(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if _, dup := s.sums[name]; dup {
		return fmt.Errorf("build: %s written twice", name)
	}
	if testHookAdd != nil {
		if err := testHookAdd(name); err != nil {
			return fmt.Errorf("build: %s: %w", name, err)
		}
	}
	p := filepath.Join(s.tmp, filepath.FromSlash(name))
	if d := filepath.Dir(filepath.FromSlash(name)); !s.dirs[d] {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("build: %s: %w", name, err)
		}
		s.dirs[d] = true
	}
	if s.reuse(name, p, data) {
		s.sums[name] = sha256.Sum256(data)
		s.reused++
		return nil
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("build: %s: %w", name, err)
	}
	h := sha256.New()
	h.Write(data)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("build: %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("build: %s: %w", name, err)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	s.sums[name] = sum
	return nil
}

// Len is the number of files written.
func (s *Stage) Len() int { return len(s.sums) }

// Reused is how many of them were the previous output's, linked (see
// Stage).
func (s *Stage) Reused() int { return s.reused }

// reuse links the previous output's file at name to p, the same name in
// the stage, and keeps the link only if the file it names is then a
// regular file, of the mode Add writes, holding exactly data. Anything
// else (no previous file, another size, a link or a directory, an error)
// leaves p absent and Add writes it.
func (s *Stage) reuse(name, p string, data []byte) bool {
	if !s.oldDir(filepath.Dir(filepath.FromSlash(name))) {
		return false
	}
	old := filepath.Join(s.dir, filepath.FromSlash(name))
	fi, err := os.Lstat(old)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o644 || fi.Size() != int64(len(data)) {
		return false
	}
	if err := os.Link(old, p); err != nil {
		return false
	}
	if !holds(p, data) {
		os.Remove(p)
		return false
	}
	return true
}

// oldDir reports whether the previous output's directory rel (relative to
// dir) exists and is reached without a symbolic link below dir: a file
// reached through one lies outside the previous output, and is not
// linked into the build even with the right bytes.
func (s *Stage) oldDir(rel string) bool {
	if s.realDir == "" {
		return false
	}
	ok, seen := s.oldDirs[rel]
	if !seen {
		real, err := filepath.EvalSymlinks(filepath.Join(s.dir, rel))
		ok = err == nil && real == filepath.Join(s.realDir, rel)
		s.oldDirs[rel] = ok
	}
	return ok
}

// holds reports whether the file at p, not following a symbolic link, is
// a regular file of mode 0644 whose bytes are exactly data.
func holds(p string, data []byte) bool {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o644 || fi.Size() != int64(len(data)) {
		return false
	}
	buf := compareBufs.Get().(*[]byte)
	defer compareBufs.Put(buf)
	rest := data
	for {
		n, err := f.Read(*buf)
		if n > len(rest) || !bytes.Equal((*buf)[:n], rest[:n]) {
			return false
		}
		rest = rest[n:]
		if err == io.EOF {
			return len(rest) == 0
		}
		if err != nil {
			return false
		}
	}
}

// compareBufs holds holds's read buffers.
var compareBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// Sums returns the content of SHA256SUMS for the files written, as
// Tree.Sums does: sorted by path at the end, SHA256SUMS itself left out.
func (s *Stage) Sums() []byte {
	names := make([]string, 0, len(s.sums))
	for n := range s.sums {
		if n != sumsFile {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var b bytes.Buffer
	for _, n := range names {
		sum := s.sums[n]
		b.WriteString(hex.EncodeToString(sum[:]))
		b.WriteString("  ")
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Writeback starts making what is written so far durable in the
// background, unless a sync it started is still running: the build calls
// it between its steps, so that the disk writes the proof views while the
// pages are rendered, and Commit's sync, which the build waits for, finds
// little left to write. It changes nothing of what Commit guarantees, and
// its outcome is not read: Commit syncs every file again.
func (s *Stage) Writeback() {
	if s.writeback != nil {
		select {
		case <-s.writeback:
		default:
			return // still running
		}
	}
	done := make(chan struct{})
	s.writeback = done
	go func() {
		defer close(done)
		atomicfs.SyncTree(s.tmp)
	}()
}

// waitWriteback waits for the background sync Writeback started, if any.
func (s *Stage) waitWriteback() {
	if s.writeback != nil {
		<-s.writeback
	}
}

// Commit makes every file written durable, then puts the sibling directory
// in the place of the output directory as a whole (atomicfs.ReplaceDir),
// removes the sibling's marker and releases the lock. If it fails, the
// output is left as it was and the sibling is removed (Abort).
func (s *Stage) Commit() error {
	s.waitWriteback()
	if err := atomicfs.SyncTree(s.tmp); err != nil {
		s.Abort()
		return fmt.Errorf("build: %w", err)
	}
	if err := atomicfs.ReplaceDir(s.tmp, s.dir); err != nil {
		s.Abort()
		return fmt.Errorf("build: %w", err)
	}
	os.Remove(s.marker)
	s.lock.release()
	return nil
}

// Abort removes the sibling directory, then its marker, and releases the
// lock: the output is left as it was.
func (s *Stage) Abort() {
	s.waitWriteback()
	os.RemoveAll(s.tmp)
	os.Remove(s.marker)
	s.lock.release()
}
