package safefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Folder is where the paths written inside a model may lead: the model's
// own folder and the directories the user allowed (--allow-dir).
type Folder struct {
	// Dir is the model's folder, absolute; RealDir the same with symlinks
	// resolved.
	Dir, RealDir string
	// Allowed are the allowed directories, absolute with symlinks resolved.
	Allowed []string
}

// NewFolder returns the Folder of a model in dir with the allowed
// directories allowDirs. A dir that does not exist is kept as given (any
// path resolved in it then fails naming the file); an allowed directory
// must exist.
func NewFolder(dir string, allowDirs []string) (*Folder, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		real = abs
	}
	f := &Folder{Dir: abs, RealDir: real}
	for _, d := range allowDirs {
		r, err := filepath.EvalSymlinks(d)
		if err != nil {
			return nil, fmt.Errorf("allowed directory: %w", err)
		}
		if r, err = filepath.Abs(r); err != nil {
			return nil, fmt.Errorf("allowed directory: %w", err)
		}
		f.Allowed = append(f.Allowed, r)
	}
	return f, nil
}

// Resolve checks a path written inside a model (what says which, e.g.
// "external data location") and returns the real path of the file it names.
// A relative name without ".." is taken from the model's folder and must
// stay inside it after symlinks are resolved; an absolute name, a name with
// "..", or a symlink leading elsewhere is accepted only when its real path
// lies in an allowed directory. The file's type is not checked here
// (OpenRegular does that when it is opened).
func (f *Folder) Resolve(what, name string) (string, error) {
	if strings.ContainsRune(name, 0) {
		return "", fmt.Errorf("%s %q contains a NUL byte", what, name)
	}
	abs := filepath.IsAbs(name)
	dotdot := false
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			dotdot = true
		}
	}
	if (abs || dotdot) && len(f.Allowed) == 0 {
		return "", refuse(what, name, abs)
	}
	p := filepath.Join(f.Dir, name)
	if abs {
		p = filepath.Clean(name)
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("%s %q: file %q does not exist", what, name, p)
		}
		return "", fmt.Errorf("%s %q: %w", what, name, err)
	}
	for _, d := range f.Allowed {
		if Within(real, d) {
			return real, nil
		}
	}
	switch {
	case abs || dotdot:
		return "", refuse(what, name, abs)
	case !Within(real, f.RealDir):
		return "", fmt.Errorf("%s %q resolves to %q, outside the model's folder %q (refused; allow a directory with --allow-dir)", what, name, real, f.RealDir)
	}
	return real, nil
}

// Read resolves name (Resolve) and reads the regular file it names, at most
// limit bytes.
func (f *Folder) Read(what, name string, limit int64) ([]byte, string, error) {
	real, err := f.Resolve(what, name)
	if err != nil {
		return nil, "", err
	}
	data, err := ReadRegular(real, limit, what)
	if err != nil {
		return nil, "", fmt.Errorf("%s %q: %w", what, name, err)
	}
	return data, real, nil
}

// Within reports whether path p lies inside (or is) directory dir; both are
// clean absolute paths.
func Within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return false
	}
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func refuse(what, name string, abs bool) error {
	if abs {
		return fmt.Errorf("%s %q is an absolute path (refused; allow its directory with --allow-dir)", what, name)
	}
	return fmt.Errorf("%s %q contains \"..\" (refused: it may leave the model's folder; allow the directory with --allow-dir)", what, name)
}
