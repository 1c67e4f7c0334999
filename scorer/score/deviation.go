package score

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
)

// §2.4 lists what a participant must not change in a call for the
// recomputation to be possible: the currency is "eur", no extra_headers,
// the method and payload documented for the resource, the URL exactly as
// the catalogue publishes it. A submission that breaks one « est rejetée à
// l'entrée, pas scorée à zéro ». The opened request_hash of a valid proof
// is all the scorer sees of the call, so it recognises a deviation by
// recomputing the hash of the claimed resource's request with each
// deviation the Trust Layer can record, as trust_layer/proxy.py builds
// request_data (v1.7):
//
//	{"target", "method": method.upper(), "payload", "amount": 0.0,
//	 "currency": currency.lower().strip(), "extra_headers_keys": sorted(keys)}
//
// with currency one of the proxy's supported ones (eur, usd, gbp). A
// deviation outside this list (an unusual header name, an exotic URL form)
// cannot be told from a call to another resource and stays a resource
// mismatch; the limits page says so.

// otherCurrencies are the currencies the proxy accepts besides "eur".
var otherCurrencies = []string{"usd", "gbp"}

// methods are the methods a call may use, upper case as the proxy writes
// them.
var methods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}

// headerKeys are the extra_headers names a participant plausibly adds, in
// the case a client writes them.
var headerKeys = []string{
	"Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Content-Type", "Cookie",
	"User-Agent", "X-Api-Key", "X-Challenge-Secret", "X-Request-Id", "X-Agent-Identity",
}

// deviation is one recognisable departure from the documented request.
type deviation struct {
	what   string // for the report: "currency \"usd\"", "method POST" …
	target string
	method string
	data   pyjson.Value
}

// requestDeviation returns what departure from the documented request of
// r the opened request hash h is the hash of, or "".
func requestDeviation(r *season.Resource, h string) string {
	for _, d := range deviations(r) {
		if hashes.Of(d.data) == h {
			return d.what
		}
	}
	return ""
}

// deviations lists the recognisable departures from r's documented
// request, in a fixed order.
func deviations(r *season.Resource) []deviation {
	var out []deviation
	add := func(what, target, method string, payload pyjson.Value, currency string, keys []string) {
		out = append(out, deviation{what: what, target: target, method: method, data: requestData(target, method, payload, currency, keys)})
	}
	for _, c := range otherCurrencies {
		add(fmt.Sprintf("currency %s, not \"eur\"", quote(c)), r.Target, r.Method, r.Payload, c, nil)
	}
	for _, k := range headerKeys {
		for _, key := range []string{k, strings.ToLower(k)} {
			add(fmt.Sprintf("extra_headers %s", quote(key)), r.Target, r.Method, r.Payload, hashes.Currency, []string{key})
		}
	}
	for _, m := range methods {
		if m != r.Method {
			add(fmt.Sprintf("method %s, not the documented %s", m, r.Method), r.Target, m, r.Payload, hashes.Currency, nil)
		}
	}
	for _, p := range []pyjson.Value{pyjson.ObjectValue(), pyjson.NullValue(), pyjson.ArrayValue(), pyjson.StringValue("")} {
		if !pyjson.Equal(p, r.Payload) {
			add(fmt.Sprintf("payload %s, not the documented %s", pyjson.Canonical(p), pyjson.Canonical(r.Payload)), r.Target, r.Method, p, hashes.Currency, nil)
		}
	}
	for _, t := range urlForms(r.Target) {
		add(fmt.Sprintf("target %s, not the catalogue's %s", quote(t), quote(r.Target)), t, r.Method, r.Payload, hashes.Currency, nil)
	}
	return out
}

// urlForms are other spellings of target that reach the same resource: a
// trailing slash added or removed, an empty query or fragment, the
// default port, the host in upper case.
func urlForms(target string) []string {
	var out []string
	if strings.HasSuffix(target, "/") {
		out = append(out, strings.TrimSuffix(target, "/"))
	} else {
		out = append(out, target+"/")
	}
	out = append(out, target+"?", target+"#")
	if u, err := url.Parse(target); err == nil && u.Host != "" {
		withPort := *u
		withPort.Host = u.Hostname() + ":443"
		out = append(out, withPort.String())
		upper := *u
		upper.Host = strings.ToUpper(u.Host)
		if upper.Host != u.Host {
			out = append(out, upper.String())
		}
	}
	return out
}

// requestData is request_data as the proxy builds it (amount forced to
// 0.0 for the challenge's keys).
func requestData(target, method string, payload pyjson.Value, currency string, headerKeys []string) pyjson.Value {
	members := []pyjson.Member{
		{Key: "amount", Value: pyjson.FloatValue(0)},
		{Key: "currency", Value: pyjson.StringValue(currency)},
		{Key: "method", Value: pyjson.StringValue(method)},
		{Key: "payload", Value: payload},
		{Key: "target", Value: pyjson.StringValue(target)},
	}
	if len(headerKeys) > 0 {
		keys := make([]pyjson.Value, len(headerKeys))
		for i, k := range headerKeys {
			keys[i] = pyjson.StringValue(k)
		}
		members = append(members, pyjson.Member{Key: "extra_headers_keys", Value: pyjson.ArrayValue(keys...)})
	}
	return pyjson.ObjectValue(members...)
}
