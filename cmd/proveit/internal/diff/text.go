package diff

import (
	"fmt"
	"io"
	"strings"

	"github.com/ark-forge/proveit/scorer/score"
)

// NoDifference is the line WriteText prints when nothing in results or
// reports differs.
const NoDifference = "no difference in results or reports"

// WriteText writes changes in words, one line per location, in the order
// Compare returns them: the build's own changes as a header, the others
// with their location ("season 0, track conformite: participant albatros,
// task conf-03: status scored → rejected_at_close"), then every other JSON
// path that differs with its file ("saison-0/conformite/results.json:
// /participants/3/success/rate: 0.1 → 0.2"), then the count of other files that
// differ, then each file that does not match its site's SHA256SUMS.
func WriteText(w io.Writer, changes []Change) error {
	var lines []string
	var last *Change
	for i := range changes {
		c := &changes[i]
		switch c.Field {
		case FieldVersion:
			lines = append(lines, fmt.Sprintf("built by proveit %s → %s", c.Old, c.New))
		case FieldInputsDigest:
			lines = append(lines, fmt.Sprintf("season %s: inputs digest %s → %s", c.Season, c.Old, c.New))
		case FieldAIAct:
			lines = append(lines, "the AI Act art. 50 label differs")
		case FieldOtherFiles:
			if !Differs(changes) {
				lines = append(lines, NoDifference)
			}
			files := "other files differ"
			if c.New == "1" {
				files = "other file differs"
			}
			lines = append(lines, fmt.Sprintf("%s %s (see SHA256SUMS)", c.New, files))
		case FieldPath:
			p := c.Pointer
			if p == "" {
				p = "the whole file"
			}
			lines = append(lines, fmt.Sprintf("%s: %s: %s → %s", c.File, p, c.Old, c.New))
		case FieldSums:
			lines = append(lines, c.Site+": "+sumsText(c))
		case FieldPresence:
			word := "added"
			if c.New == Absent {
				word = "removed"
			}
			lines = append(lines, location(c)+" "+word)
		default:
			field := fmt.Sprintf("%s %s → %s", strings.NewReplacer("_", " ", ".", " ").Replace(c.Field), c.Old, c.New)
			if last != nil && last.Field != FieldPresence && sameLocation(last, c) {
				lines[len(lines)-1] += "; " + field
			} else {
				lines = append(lines, location(c)+": "+field)
			}
		}
		last = c
	}
	if !Differs(changes) && (len(changes) == 0 || changes[len(changes)-1].Field != FieldOtherFiles) {
		lines = append(lines, NoDifference)
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}

// sumsText says how the file of the FieldSums change c fails its SHA256SUMS.
func sumsText(c *Change) string {
	switch c.New {
	case SumsChanged:
		return c.File + " does not match its SHA-256 in SHA256SUMS"
	case SumsMissing:
		return c.File + " is listed in SHA256SUMS but missing"
	case SumsUnlisted:
		return c.File + " is not listed in SHA256SUMS"
	case SumsIrregular:
		return c.File + " is not a regular file"
	default: // SumsNoSumsFile
		return "no SHA256SUMS: its files cannot be checked"
	}
}

// location names where c is: "season S, track T: participant P, task X,
// assertion A", as far as it applies.
func location(c *Change) string {
	head := "season " + c.Season
	if c.Track != "" {
		head += ", track " + c.Track
	}
	var tail []string
	if c.Participant != "" {
		tail = append(tail, "participant "+c.Participant)
	}
	if c.Task != "" {
		tail = append(tail, "task "+c.Task)
	}
	if c.Assertion != "" {
		tail = append(tail, "assertion "+c.Assertion)
	}
	if len(tail) == 0 {
		return head
	}
	return head + ": " + strings.Join(tail, ", ")
}

func sameLocation(a, b *Change) bool {
	return a.Season == b.Season && a.Track == b.Track && a.Participant == b.Participant && a.Task == b.Task && a.Assertion == b.Assertion
}

// WriteJSON writes changes as one JSON array of Change objects, in the
// order of WriteText ([] when there is none).
func WriteJSON(w io.Writer, changes []Change) error {
	if changes == nil {
		changes = []Change{}
	}
	b, err := score.MarshalJSON(changes)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
