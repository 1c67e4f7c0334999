package site

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestBrowser opens the built site in a real headless Chromium. On every
// page that a link reaches, from the index: no console error, no broken
// local link or fragment, no script but the JSON-LD label, no resource from
// another origin, no participant-controlled markup that runs, and no
// horizontal overflow at phone (390 px) and desktop (1280 px) widths; at
// both widths it measures
// element boxes: on every row of every track table both rates and the tasks
// rendered, on a participant's page both rates of each track, on the home
// and a season's page both rates of every row of each head of table, on a
// season page each track's results and on a report each status and cause,
// lie inside the window, and their table does not scroll sideways in its
// region. On one page of each kind and edition (the crawl classes them),
// at both widths and in the light and the dark colour scheme (print stays
// light): the scheme asked for is in effect; at the phone width, axe-core
// finds no serious or critical violation (axe-core costs about a second a
// page: the stylesheet is the same on every page of a kind); and the
// overview holds (checkOverview, in a 390 × 844 and a 1280 × 800 window):
// the first row's rates on a phone's first screen, ten rows of a track
// table in a laptop's screen, the task grid without sideways scroll, and
// each closed track's head of table on the home page's first screen.
// With PROVEIT_SCREENSHOTS=DIR it writes screenshots of every page kind at
// both widths in both schemes into DIR, for a person to look at.
//
// It needs chromium (PROVEIT_CHROMIUM, or chromium on PATH) and axe-core's
// axe.min.js (PROVEIT_AXE_CORE). Where either is missing it skips, naming
// it, unless PROVEIT_REQUIRE_CHROMIUM=1 — as .ci/run sets — and then it
// fails.
func TestBrowser(t *testing.T) {
	require := os.Getenv("PROVEIT_REQUIRE_CHROMIUM") == "1"
	if testing.Short() && !require {
		t.Skip("-short: the browser test is long (PROVEIT_REQUIRE_CHROMIUM=1 runs it anyway)")
	}
	missing := func(what string) {
		if require {
			t.Fatalf("PROVEIT_REQUIRE_CHROMIUM=1 but %s", what)
		}
		t.Skipf("skipped: %s (set PROVEIT_REQUIRE_CHROMIUM=1 to make this a failure)", what)
	}
	chrome := os.Getenv("PROVEIT_CHROMIUM")
	if chrome == "" {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(name); err == nil {
				chrome = p
				break
			}
		}
	}
	if chrome == "" {
		missing("chromium is not installed (apt-get install chromium, or set PROVEIT_CHROMIUM)")
	}
	axePath := os.Getenv("PROVEIT_AXE_CORE")
	if axePath == "" {
		missing("axe-core is not found: set PROVEIT_AXE_CORE to node_modules/axe-core/axe.min.js (npm install axe-core@4)")
	}
	axe, err := os.ReadFile(axePath)
	if err != nil {
		missing(fmt.Sprintf("axe-core: %v", err))
	}

	site := buildBrowserSite(t)
	srv := httptest.NewServer(staticHost(site))
	defer srv.Close()
	base, _ := url.Parse(srv.URL + "/")

	shots := os.Getenv("PROVEIT_SCREENSHOTS")
	if shots != "" {
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,OptimizationHints,MediaRouter"),
		chromedp.UserDataDir(t.TempDir()),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// A guard against a browser that hangs, not a timing.
	deadline := time.AfterFunc(20*time.Minute, cancel)
	defer deadline.Stop()

	var mu sync.Mutex
	var consoleErrors []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError {
				consoleErrors = append(consoleErrors, fmt.Sprintf("log %s: %s (%s)", e.Entry.Source, e.Entry.Text, e.Entry.URL))
			}
		case *runtime.EventExceptionThrown:
			consoleErrors = append(consoleErrors, "exception: "+e.ExceptionDetails.Text)
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
				consoleErrors = append(consoleErrors, fmt.Sprintf("console.%s", e.Type))
			}
		}
	}); err != nil {
		t.Fatalf("starting chromium %s: %v", chrome, err)
	}
	takeErrors := func() []string {
		mu.Lock()
		defer mu.Unlock()
		e := consoleErrors
		consoleErrors = nil
		return e
	}

	type pageInfo struct {
		Links    []string `json:"links"`
		IDs      []string `json:"ids"`
		Scripts  int      `json:"scripts"`
		XSS      string   `json:"xss"`
		Foreign  []string `json:"foreign"`
		Overflow bool     `json:"overflow"`
		Title    string   `json:"title"`
		Lang     string   `json:"lang"`
		// Off lists the cells that must be seen whole without scrolling
		// (both rates and the tasks rendered of every row of a track table,
		// both rates of every track on a participant's page, a season's
		// results, a report's status and cause) and are not,
		// with their box; Scrolls, the tables that scroll sideways in their
		// region; Rows counts the rows of track tables measured.
		Off     []string `json:"off"`
		Scrolls []string `json:"scrolls"`
		Rows    int      `json:"rows"`
		// Dark is whether the page sees prefers-color-scheme: dark, and
		// Background the computed background of its body.
		Dark       bool   `json:"dark"`
		Background string `json:"background"`
	}
	// The window's width is the layout viewport's, clientWidth: a phone
	// (and Chromium emulating one) zooms out on a page wider than the
	// window, and innerWidth then grows to the page's width.
	const probe = `(() => { const vw = () => Math.min(window.innerWidth, document.documentElement.clientWidth); return {
		links: Array.from(document.querySelectorAll('a[href]')).map(a => typeof a.href === 'string' ? a.href : new URL(a.href.baseVal, document.baseURI).href), // an SVG link's href is an SVGAnimatedString
		ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
		scripts: document.querySelectorAll('script:not([type="application/ld+json"])').length,
		xss: typeof window.__xss,
		foreign: performance.getEntriesByType('resource').map(r => r.name).filter(n => !n.startsWith(location.origin)),
		overflow: document.documentElement.scrollWidth > vw() + 1,
		title: document.title,
		lang: document.documentElement.lang,
		...(() => {
			const must = Array.from(document.querySelectorAll('table.track tbody tr:not(.group), table.by-track tbody tr, table.leading tbody tr'));
			const cells = must.flatMap(tr => {
				const c = Array.from(tr.querySelectorAll('td.rate'));
				return c.length >= 2 ? c : [tr];
			}).concat(Array.from(document.querySelectorAll('td.results, td.status')));
			const off = cells.filter(c => {
				const r = c.getBoundingClientRect();
				return c.tagName === 'TR' || r.width === 0 || r.left < -0.5 || r.right > vw() + 0.5;
			}).map(c => {
				const r = c.getBoundingClientRect();
				const row = c.closest('tr');
				return (c.tagName === 'TR' ? 'row without its two rates' : c.className) + ' of ' + ((row && (row.dataset.participant || row.dataset.leading || row.dataset.track || row.id)) || (row && row.querySelector('th') ? row.querySelector('th').textContent.slice(0, 40) : '?')) + ' at ' + Math.round(r.left) + '–' + Math.round(r.right);
			});
			const scrolls = Array.from(document.querySelectorAll('.scroll'))
				.filter(s => s.querySelector('table.track, table.by-track, td.results, td.status') && s.scrollWidth > s.clientWidth + 1)
				.map(s => (s.getAttribute('aria-labelledby') || '?') + ' ' + s.scrollWidth + ' > ' + s.clientWidth);
			return {off, scrolls, rows: must.length};
		})(),
		dark: matchMedia('(prefers-color-scheme: dark)').matches,
		background: getComputedStyle(document.body).backgroundColor,
	}})()`
	type axeViolation struct {
		ID     string   `json:"id"`
		Impact string   `json:"impact"`
		Help   string   `json:"help"`
		Nodes  []string `json:"nodes"`
	}
	const runAxe = `axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
		.filter(v => v.impact === 'serious' || v.impact === 'critical')
		.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))})))`

	width := int64(1280)
	visit := func(u string) pageInfo {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
			t.Fatalf("navigating to %s: %v", u, err)
		}
		info, err := chromedp.Run(ctx, chromedp.Evaluate[pageInfo](probe))
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		return info
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
	// fits fails the page where a rate, a season's results or a report's
	// status is not seen whole, or where its table scrolls sideways.
	rows := map[int64]int{}
	fits := func(name string, w int64, info pageInfo) {
		t.Helper()
		for _, c := range info.Off {
			t.Errorf("%s at %d px: %s is not inside the window", name, w, c)
		}
		for _, s := range info.Scrolls {
			t.Errorf("%s at %d px: the table %s scrolls sideways (scrollWidth > clientWidth)", name, w, s)
		}
	}
	// scheme emulates prefers-color-scheme (light or dark) for the pages
	// loaded next.
	colours, media := "light", ""
	scheme := func(s string) {
		t.Helper()
		colours = s
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Media:    media,
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s}},
			})
			return err
		})); err != nil {
			t.Fatalf("emulating prefers-color-scheme: %s: %v", s, err)
		}
	}
	scheme("light")

	// Crawl from the index: every local link, HTML or not, must resolve, and
	// every fragment must name an element of its page.
	rel := func(u *url.URL) string { return strings.TrimPrefix(u.Path, "/") }
	seen := map[string]bool{}
	ids := map[string]map[string]bool{}
	fragments := map[string][]string{} // page → fragments linked, with the linking page
	queue := []string{base.ResolveReference(&url.URL{Path: "index.html"}).String()}
	seen["index.html"] = true
	var htmlPages []string
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		pu, _ := url.Parse(u)
		name := rel(pu)
		htmlPages = append(htmlPages, name)
		info := visit(u)
		for _, e := range takeErrors() {
			t.Errorf("%s: console error: %s", name, e)
		}
		if info.Scripts != 0 {
			t.Errorf("%s: %d scripts besides the JSON-LD label", name, info.Scripts)
		}
		if info.XSS != "undefined" {
			t.Errorf("%s: participant markup ran: window.__xss is %s", name, info.XSS)
		}
		if len(info.Foreign) > 0 {
			t.Errorf("%s: resources from another origin: %v", name, info.Foreign)
		}
		wantLang := "fr"
		if strings.HasPrefix(name, "en/") {
			wantLang = "en"
		}
		if info.Lang != wantLang || info.Title == "" {
			t.Errorf("%s: lang %q, title %q", name, info.Lang, info.Title)
		}
		if info.Overflow {
			t.Errorf("%s is wider than a %d px window: a table, a code block or a line does not fit or scroll", name, width)
		}
		rows[width] += info.Rows
		fits(name, width, info)
		ids[name] = map[string]bool{}
		for _, id := range info.IDs {
			ids[name][id] = true
		}
		for _, l := range info.Links {
			lu, err := url.Parse(l)
			if err != nil {
				t.Errorf("%s: link %q: %v", name, l, err)
				continue
			}
			if lu.Host != base.Host || lu.Scheme != base.Scheme {
				continue // external: not followed
			}
			target := rel(lu)
			if target == "" || strings.HasSuffix(target, "/") {
				t.Errorf("%s: link %q names a directory, not a file: a static host may not serve it", name, l)
				continue
			}
			if lu.Fragment != "" {
				fragments[target] = append(fragments[target], lu.Fragment+" (from "+name+")")
			}
			if seen[target] {
				continue
			}
			seen[target] = true
			if path.Ext(target) == ".html" {
				lu.Fragment = ""
				queue = append(queue, lu.String())
				continue
			}
			resp, err := http.Get(srv.URL + "/" + target)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("%s: broken link %s: %s", name, target, resp.Status)
			}
		}
	}
	for target, frs := range fragments {
		for _, f := range frs {
			id, from, _ := strings.Cut(f, " (from ")
			if ids[target] != nil && !ids[target][id] {
				t.Errorf("broken fragment %s#%s, from %s", target, id, strings.TrimSuffix(from, ")"))
			}
		}
	}
	sort.Strings(htmlPages)
	t.Logf("crawled %d pages and %d links", len(htmlPages), len(seen))

	// Every page type must have been reached.
	kinds := map[string]string{}
	for _, page := range htmlPages {
		// The English edition, reached by the language link, is the same
		// kinds of pages under en/.
		p, edition := strings.CutPrefix(page, "en/")
		kind := pageKind(p)
		if kind == "" {
			t.Errorf("%s: a page of no known kind (pageKind)", page)
			continue
		}
		if edition {
			kind = "en-" + kind
		}
		// The demo season's pages where there is one, and the report full of
		// markup besides.
		if _, ok := kinds[kind]; !ok || strings.Contains(p, "saison-0") && !strings.Contains(kinds[kind], "saison-0") {
			kinds[kind] = page
		}
		if strings.Contains(p, "/balise/") && !edition {
			kinds["rapport-balises"] = page
		}
	}
	for _, k := range []string{"index", "contenu", "saison", "incidents", "dossier", "registre", "piste", "rapport", "tache", "participant", "en-index", "en-saison", "en-registre", "en-piste", "en-rapport"} {
		if kinds[k] == "" {
			t.Errorf("no %s page was reached from the index", k)
		}
	}

	// The escaped name is shown as text, the markup never runs.
	xssPage := "saison-3/conformite/participants/balise/index.html"
	if !seen[xssPage] {
		t.Errorf("%s was not reached", xssPage)
	} else {
		visit(srv.URL + "/" + xssPage)
		h1, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('h1').textContent`))
		if err != nil || !strings.Contains(h1, xssAgent) {
			t.Errorf("the agent name is not shown as text: %q, %v", h1, err)
		}
		quote, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.narrative blockquote').textContent`))
		if err != nil || !strings.Contains(quote, "</blockquote><script>") {
			t.Errorf("the narrative is not shown as written: %q, %v", quote, err)
		}
	}

	// axe-core on one page of each kind and edition, at both widths, in both
	// schemes (below).
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("true")); err != nil {
		t.Fatal(err)
	}
	check := func(name string) {
		t.Helper()
		visit(srv.URL + "/" + name)
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(axe)+";true")); err != nil {
			t.Fatalf("injecting axe-core: %v", err)
		}
		vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](runAxe, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: axe.run: %v", name, err)
		}
		for _, v := range vs {
			t.Errorf("%s (%d px, %s): axe %s violation %s: %s, at %v", name, width, colours, v.Impact, v.ID, v.Help, v.Nodes)
		}
		for _, e := range takeErrors() {
			t.Errorf("%s: console error: %s", name, e)
		}
	}
	// axe-core itself must see a violation where there is one: a page
	// outside the site, never linked, with an image without alternative.
	if err := os.WriteFile(filepath.Join(site, "controle-axe.html"), []byte(`<!DOCTYPE html><html lang="fr"><head><title>contrôle</title><link rel="icon" href="data:,"></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	visit(srv.URL + "/controle-axe.html")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(axe)+";true")); err != nil {
		t.Fatalf("injecting axe-core: %v", err)
	}
	if vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](runAxe, chromedp.EvalAwaitPromise)); err != nil || len(vs) == 0 || vs[0].ID != "image-alt" {
		t.Fatalf("axe-core does not report an image without alternative: %v, %v", vs, err)
	}
	takeErrors()
	light := visit(srv.URL + "/index.html").Background
	scheme("dark")
	// Print stays light, whatever the scheme.
	media = "print"
	scheme("dark")
	for _, p := range []string{"index.html", kinds["piste"]} {
		if info := visit(srv.URL + "/" + p); info.Background != light {
			t.Errorf("%s: printed in the dark scheme, the background is %s, not the light %s", p, info.Background, light)
		}
	}
	media = ""
	scheme("light")
	var types []string
	for k := range kinds {
		types = append(types, k)
	}
	sort.Strings(types)
	// No page, of any kind, is wider than a phone.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait)); err != nil {
		t.Fatal(err)
	}
	for _, name := range htmlPages {
		info := visit(srv.URL + "/" + name)
		if info.Overflow {
			t.Errorf("%s is wider than a 390 px window: a table, a code block or a line does not fit or scroll", name)
		}
		rows[390] += info.Rows
		fits(name, 390, info)
	}
	// The measure is not empty: track tables were measured at both widths.
	for _, w := range []int64{390, 1280} {
		if rows[w] == 0 {
			t.Errorf("no row of a track table was measured at %d px", w)
		}
	}
	for _, w := range []int64{390, 1280} {
		width = w
		vopts := []chromedp.EmulateViewportOption{}
		if w < 600 {
			vopts = append(vopts, chromedp.EmulateMobile, chromedp.EmulatePortrait)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, screenHeight[w], vopts...)); err != nil {
			t.Fatal(err)
		}
		for _, sc := range []string{"light", "dark"} {
			scheme(sc)
			for _, k := range types {
				name := kinds[k]
				info := visit(srv.URL + "/" + name)
				if info.Overflow {
					t.Errorf("%s overflows horizontally at %d px (%s): a table or a line does not fit or scroll", name, w, sc)
				}
				// The dark scheme is in effect when asked for: the body's
				// background is no longer the light one.
				if dark := sc == "dark"; info.Dark != dark || dark == (info.Background == light) {
					t.Errorf("%s at %d px, %s scheme: prefers-color-scheme dark %v, background %s (light %s)", name, w, sc, info.Dark, info.Background, light)
				}
				fits(name, w, info)
				if w < 600 {
					check(name)
				}
				if k == "piste" {
					checkPlot(t, ctx, name, w)
				}
				checkOverview(t, ctx, k, name, w, sc)
				if shots == "" {
					continue
				}
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatalf("screenshot of %s: %v", name, err)
				}
				file := filepath.Join(shots, fmt.Sprintf("%s-%dpx-%s.png", k, w, sc))
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	scheme("light")
	if shots != "" {
		t.Logf("screenshots of %v in %s", kinds, shots)
	}
}

// The kinds of pages, by their path in the French edition (pageKind).
var (
	seasonPage      = regexp.MustCompile(`^saison-[0-9]+/index\.html$`)
	incidentsPage   = regexp.MustCompile(`^saison-[0-9]+/incidents\.html$`)
	dossierPage     = regexp.MustCompile(`^saison-[0-9]+/dossier/index\.html$`)
	registerPage    = regexp.MustCompile(`^saison-[0-9]+/corrections/index\.html$`)
	participantPage = regexp.MustCompile(`^saison-[0-9]+/participants/[^/]+\.html$`)
	taskPage        = regexp.MustCompile(`^saison-[0-9]+/[^/]+/taches/[^/]+\.html$`)
	reportPage      = regexp.MustCompile(`^saison-[0-9]+/[^/]+/participants/[^/]+/index\.html$`)
	trackPage       = regexp.MustCompile(`^saison-[0-9]+/[^/]+/index\.html$`)
)

// pageKind is the kind of the page at the French path p, as the browser
// test names its screenshots: "" for a path no page kind has.
func pageKind(p string) string {
	switch {
	case p == "index.html":
		return "index"
	case !strings.Contains(p, "/") && strings.HasSuffix(p, ".html"):
		return "contenu"
	case seasonPage.MatchString(p):
		return "saison"
	case incidentsPage.MatchString(p):
		return "incidents"
	case dossierPage.MatchString(p):
		return "dossier"
	case registerPage.MatchString(p):
		return "registre"
	case participantPage.MatchString(p):
		return "participant"
	case taskPage.MatchString(p):
		return "tache"
	case reportPage.MatchString(p):
		return "rapport"
	case trackPage.MatchString(p):
		return "piste"
	}
	return ""
}

// screenHeight is the height of the window the layout is measured in, by
// width: a phone's (390 × 844) and a laptop's (1280 × 800).
var screenHeight = map[int64]int64{390: 844, 1280: 800}

// checkOverview measures, on a page of kind k loaded at the top in a window
// of width w and screenHeight[w], the overview of issue 32, with the boxes
// of the rates' values (the text of the rate, before its interval and
// notes):
//
//   - on a track page (piste, en-piste), whose table must have at least ten
//     rows (the demo's): at 390 px, both rates of the first row lie inside
//     the first screen; at 1280 px, ten rows fit in one screen, from the top
//     of the first row to the bottom of the tenth, and the task grid does
//     not scroll sideways (scrollWidth ≤ clientWidth of its region);
//   - on the home page (index, en-index): every closed track has its head of
//     table (table.leading, at least two: the demo's two tracks), each with
//     at least one row; at both widths both rates of the first head's first
//     row lie inside the first screen, and at 1280 px both rates of every
//     row of the first season's heads do.
func checkOverview(t *testing.T, ctx context.Context, kind, name string, w int64, scheme string) {
	t.Helper()
	type box struct{ Top, Bottom, Left, Right float64 }
	type head struct {
		ID   string
		Rows [][]box
	}
	type overview struct {
		Height, Width float64
		Rows          int
		FirstRates    []box
		TenRows       float64
		Grid          []int
		Heads         []head
	}
	info, err := chromedp.Run(ctx, chromedp.Evaluate[overview](overviewProbe))
	if err != nil {
		t.Fatalf("%s: measuring the overview: %v", name, err)
	}
	at := fmt.Sprintf("%s at %d × %d px (%s)", name, w, screenHeight[w], scheme)
	inside := func(b box) bool {
		return b.Bottom > b.Top && b.Top >= -0.5 && b.Bottom <= info.Height+0.5 && b.Left >= -0.5 && b.Right <= info.Width+0.5
	}
	switch strings.TrimPrefix(kind, "en-") {
	case "piste":
		if info.Rows < 10 {
			t.Errorf("%s: %d rows in the track table, the measure needs ten (the demo season's)", at, info.Rows)
			return
		}
		if len(info.FirstRates) != 2 || !inside(info.FirstRates[0]) || !inside(info.FirstRates[1]) {
			t.Errorf("%s: the first row's two rates %v are not inside the first screen", at, info.FirstRates)
		}
		if w >= 1280 {
			if info.TenRows > info.Height {
				t.Errorf("%s: ten rows of the track table take %.0f px, more than a screen of %.0f px", at, info.TenRows, info.Height)
			}
			if len(info.Grid) != 2 || info.Grid[0] > info.Grid[1] {
				t.Errorf("%s: the task grid scrolls sideways (scrollWidth, clientWidth %v)", at, info.Grid)
			}
		}
	case "index":
		if len(info.Heads) < 2 {
			t.Errorf("%s: %d heads of table, want one per closed track (at least the demo's two)", at, len(info.Heads))
			return
		}
		// A head's id is tete-<season>-<track>: the first season's are
		// those of the first head.
		season := strings.Join(strings.SplitN(info.Heads[0].ID, "-", 3)[:min(2, strings.Count(info.Heads[0].ID, "-")+1)], "-")
		for i, h := range info.Heads {
			if len(h.Rows) == 0 {
				t.Errorf("%s: the head %s has no row", at, h.ID)
				continue
			}
			for j, r := range h.Rows {
				if (i == 0 && j == 0 || w >= 1280 && strings.HasPrefix(h.ID, season+"-")) && (len(r) != 2 || !inside(r[0]) || !inside(r[1])) {
					t.Errorf("%s: row %d of the head %s has its rates %v outside the first screen", at, j+1, h.ID, r)
				}
			}
		}
	}
}

// overviewProbe measures what checkOverview checks, the page scrolled to
// its top.
const overviewProbe = `(() => {
	window.scrollTo(0, 0);
	const box = e => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
	const value = td => { const r = document.createRange(); const n = td.firstChild; if (n && n.nodeType === Node.TEXT_NODE) r.selectNode(n); else r.selectNodeContents(td); return box(r); };
	const rates = tr => Array.from(tr.querySelectorAll('td.rate')).slice(0, 2).map(value);
	const out = {height: window.innerHeight, width: Math.min(window.innerWidth, document.documentElement.clientWidth), rows: 0, firstRates: [], tenRows: 0, grid: [], heads: []};
	const track = document.querySelector('table.track');
	if (track) {
		const rows = Array.from(track.querySelectorAll('tr[data-participant]'));
		out.rows = rows.length;
		if (rows.length > 0) out.firstRates = rates(rows[0]);
		if (rows.length >= 10) out.tenRows = rows[9].getBoundingClientRect().bottom - rows[0].getBoundingClientRect().top;
	}
	const grid = document.querySelector('table.grid');
	if (grid) { const s = grid.closest('.scroll'); out.grid = [s.scrollWidth, s.clientWidth]; }
	out.heads = Array.from(document.querySelectorAll('table.leading')).map(t => ({id: t.caption ? t.caption.id : '', rows: Array.from(t.querySelectorAll('tr[data-leading]')).map(rates)}));
	return out;
})()`

// checkPlot measures the plot of a track page as the browser lays it out:
// every text at least 11 px high and in a font of at least 11 px, every point's label inside the SVG and
// overlapping no other label.
func checkPlot(t *testing.T, ctx context.Context, name string, width int64) {
	t.Helper()
	type rect struct {
		Text                     string
		Left, Top, Right, Bottom float64
		Size                     float64 // the font size in CSS px, as the SVG is scaled
	}
	type plotInfo struct {
		SVG    rect
		Texts  []rect
		Labels []rect
	}
	const measure = `(() => {
		const svg = document.querySelector('figure.graph svg');
		if (!svg) return null;
		const r = (e) => { const b = e.getBoundingClientRect(); return {text: e.textContent, left: b.left, top: b.top, right: b.right, bottom: b.bottom,
			size: parseFloat(getComputedStyle(e).fontSize) * svg.getScreenCTM().a}; };
		return {svg: r(svg), texts: Array.from(svg.querySelectorAll('text')).map(r), labels: Array.from(svg.querySelectorAll('text.name')).map(r)};
	})()`
	info, err := chromedp.Run(ctx, chromedp.Evaluate[*plotInfo](measure))
	if err != nil {
		t.Fatalf("%s: measuring the plot: %v", name, err)
	}
	if info == nil || len(info.Labels) < 2 {
		t.Errorf("%s (%d px): no plot with named points", name, width)
		return
	}
	for _, e := range info.Texts {
		if h := e.Bottom - e.Top; h < 11 || e.Size < 11 {
			t.Errorf("%s (%d px): plot text %q is %.1f px high in a font of %.1f px, want both ≥ 11", name, width, e.Text, h, e.Size)
		}
	}
	const eps = 0.5
	for i, a := range info.Labels {
		if a.Left < info.SVG.Left-eps || a.Right > info.SVG.Right+eps || a.Top < info.SVG.Top-eps || a.Bottom > info.SVG.Bottom+eps {
			t.Errorf("%s (%d px): label %q %v leaves the plot %v", name, width, a.Text, a, info.SVG)
		}
		for _, b := range info.Labels[i+1:] {
			if a.Left < b.Right-eps && b.Left < a.Right-eps && a.Top < b.Bottom-eps && b.Top < a.Bottom-eps {
				t.Errorf("%s (%d px): labels %q %v and %q %v overlap", name, width, a.Text, a, b.Text, b)
			}
		}
	}
}

// buildBrowserSite builds the fixture seasons (open 1 and 2, closed 3 with
// markup in every participant string) and, when the repository has it, the
// demo season seasons/0, into a directory.
func buildBrowserSite(t *testing.T) string {
	t.Helper()
	root := writeSeasons(t, false)
	if fi, err := os.Stat(filepath.Join(repoRoot, "seasons", "0", "season.toml")); err == nil && fi.Mode().IsRegular() {
		if err := os.CopyFS(filepath.Join(root, "0"), os.DirFS(filepath.Join(repoRoot, "seasons", "0"))); err != nil {
			t.Fatal(err)
		}
	}
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "public")
	if err := WriteAtomic(dir, tree); err != nil {
		t.Fatal(err)
	}
	return dir
}

// staticHost serves the files of dir exactly at their paths, as the
// plainest static host does: no redirect, no index for a directory.
func staticHost(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := path.Clean("/" + r.URL.Path)
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, name, time.Time{}, f)
	})
}
