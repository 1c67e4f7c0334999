package season

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/ark-forge/proveit/internal/bilingual"
)

// decodeTOML decodes the file rel into v strictly (an unknown key is an
// error that names the file and the key). allowed lists every key the
// file may hold, dotted, "*" standing for any one key of a table that maps
// names to values (for example "tasks.params.*"). Keys are compared exactly:
// the TOML library would match "Number" to the field "number".
func (l *loader) decodeTOML(rel string, data []byte, v any, allowed ...string) (md toml.MetaData, err error) {
	defer func() {
		// No input may crash the build; none is known to.
		if r := recover(); r != nil {
			err = l.errf(rel, "", "the TOML decoder failed: %v", r)
		}
	}()
	md, err = toml.Decode(string(data), v)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) && pe.LastKey != "" {
			return md, l.wrap(rel, pe.LastKey, fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message))
		}
		return md, l.wrap(rel, "", fmt.Errorf("decoding TOML: %w", err))
	}
	if und := md.Undecoded(); len(und) > 0 {
		return md, l.errf(rel, und[0].String(), "unknown key, want one of %s", names(topKeys(allowed, und[0])...))
	}
	for _, k := range md.Keys() {
		if !keyAllowed(k, allowed) {
			return md, l.errf(rel, k.String(), "unknown key (keys are case-sensitive), want one of %s", names(topKeys(allowed, k)...))
		}
	}
	return md, nil
}

func keyAllowed(k toml.Key, allowed []string) bool {
	for _, a := range allowed {
		parts := strings.Split(a, ".")
		if len(parts) != len(k) {
			continue
		}
		ok := true
		for i, p := range parts {
			if p != "*" && p != k[i] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// topKeys returns the allowed keys beside k (same parent), for a message.
func topKeys(allowed []string, k toml.Key) []string {
	var out []string
	for _, a := range allowed {
		parts := strings.Split(a, ".")
		if len(parts) != len(k) {
			continue
		}
		same := true
		for i := 0; i < len(k)-1; i++ {
			if parts[i] != "*" && parts[i] != k[i] {
				same = false
				break
			}
		}
		if same {
			out = append(out, parts[len(parts)-1])
		}
	}
	return out
}

// dateTime is a TOML offset date-time (RFC 3339 with a zone). A local
// date-time, date or time is refused: its meaning would depend on the
// machine's time zone, and the build must not.
type dateTime struct {
	t   time.Time
	set bool
}

func (d *dateTime) UnmarshalTOML(v any) error {
	t, ok := v.(time.Time)
	if !ok {
		return fmt.Errorf("got a TOML %s, want an offset date-time such as 2026-09-21T00:00:00Z", tomlType(v))
	}
	switch t.Location().String() {
	case "datetime-local", "date-local", "time-local":
		return fmt.Errorf("got a local %s without a time zone offset, want an offset date-time such as 2026-09-21T00:00:00Z", strings.TrimSuffix(t.Location().String(), "-local"))
	}
	d.t, d.set = t, true
	return nil
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64:
		return "integer"
	case float64:
		return "float"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "table"
	}
	return fmt.Sprintf("%T", v)
}

// missing is the error of a required key that is absent.
func (l *loader) missing(rel, key, want string) *Error {
	return l.errf(rel, key, "missing required key, want %s", want)
}

// text is a text the maintainers write for the pages, in a TOML file: a
// table of its French and its English version, { fr = "…", en = "…" }
// (bilingual.Text). Both keys are required and no other is allowed, each
// a string (the TOML decoder refuses invalid UTF-8, raw or escaped,
// naming the version); a plain string is refused, since it would be one
// language only. A version may be empty only when the other is too:
// whether the text may be empty at all is the rule of its field.
type text struct {
	bilingual.Text
	set bool
}

func (t *text) UnmarshalTOML(v any) error {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("got a TOML %s, want its French and English versions, { fr = \"…\", en = \"…\" }", tomlType(v))
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !slices.Contains(bilingual.Langs, k) {
			return fmt.Errorf("unknown key %s, want only \"fr\" and \"en\"", quote(k))
		}
	}
	for _, lang := range bilingual.Langs {
		raw, ok := m[lang]
		if !ok {
			return fmt.Errorf("missing %q, want the text in both languages, { fr = \"…\", en = \"…\" }", lang)
		}
		s, ok := raw.(string)
		if !ok {
			return fmt.Errorf("%s: got a TOML %s, want a string", lang, tomlType(raw))
		}
		if lang == "fr" {
			t.FR = s
		} else {
			t.EN = s
		}
	}
	if blankFR, blankEN := strings.TrimSpace(t.FR) == "", strings.TrimSpace(t.EN) == ""; blankFR != blankEN {
		empty, other := "fr", "en"
		if blankEN {
			empty, other = "en", "fr"
		}
		return fmt.Errorf("%s: empty while %s is not, want both versions or neither", empty, other)
	}
	t.set = true
	return nil
}

// textKeys are the keys of the text at key, for decodeTOML's list.
func textKeys(key string) []string {
	return []string{key, key + ".fr", key + ".en"}
}
