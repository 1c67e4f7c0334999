package demo

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// The demo writes its JSON files itself, so that keys keep the order a
// reader expects (the order of §4's example, a corpus body's natural
// order) and non-ASCII text stays readable: hashes are computed over
// canonical JSON, so neither the order nor the escaping of the file changes
// a hash.

// kv is one member of an ordered object.
type kv struct {
	k string
	v any
}

// obj is a JSON object whose members keep their order.
type obj []kv

// arr is a JSON array.
type arr []any

// raw is JSON text written as it is (a number, a canonical value).
type raw string

// get returns the value of key k, or nil.
func (o obj) get(k string) any {
	for _, m := range o {
		if m.k == k {
			return m.v
		}
	}
	return nil
}

// encodeJSON writes v indented by two spaces, with a final newline. Values
// are obj, arr, raw, string, bool and nil.
func encodeJSON(v any) []byte {
	var b bytes.Buffer
	writeValue(&b, v, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func writeValue(b *bytes.Buffer, v any, depth int) {
	indent := func(d int) {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat("  ", d))
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case string:
		writeString(b, x)
	case raw:
		b.WriteString(string(x))
	case obj:
		if len(x) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, m := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			indent(depth + 1)
			writeString(b, m.k)
			b.WriteString(": ")
			writeValue(b, m.v, depth+1)
		}
		indent(depth)
		b.WriteByte('}')
	case arr:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			indent(depth + 1)
			writeValue(b, e, depth+1)
		}
		indent(depth)
		b.WriteByte(']')
	default:
		panic(fmt.Sprintf("demo: cannot write %T as JSON", v))
	}
}

// writeString writes s as a JSON string: quote, backslash and control
// characters escaped, everything else (non-ASCII included) as it is.
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// toValue converts a corpus leaf (string, bool, nil) or an ordered value to
// a pyjson value.
func toValue(v any) pyjson.Value {
	switch x := v.(type) {
	case nil:
		return pyjson.NullValue()
	case bool:
		return pyjson.BoolValue(x)
	case string:
		return pyjson.StringValue(x)
	case obj:
		ms := make([]pyjson.Member, len(x))
		for i, m := range x {
			ms[i] = pyjson.Member{Key: m.k, Value: toValue(m.v)}
		}
		return pyjson.ObjectValue(ms...)
	case arr:
		es := make([]pyjson.Value, len(x))
		for i, e := range x {
			es[i] = toValue(e)
		}
		return pyjson.ArrayValue(es...)
	}
	panic(fmt.Sprintf("demo: no pyjson value for %T", v))
}

// tomlString writes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlStrings writes a TOML array of strings on one line.
// tomlText writes a text the maintainers write for the pages, in French
// and in English, as the inline table the season loader requires.
func tomlText(fr, en string) string {
	return "{ fr = " + tomlString(fr) + ", en = " + tomlString(en) + " }"
}

func tomlStrings(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = tomlString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// rfc3339 writes t as a TOML offset date-time in UTC.
func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }
