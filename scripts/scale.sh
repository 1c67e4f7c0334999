#!/usr/bin/env bash
# scale.sh: the scale run of issues 14 and 31, reproducible on any machine.
#
#   scripts/scale.sh [N …]        (default: 1000 10000)
#
# For each N (participants per track) it generates the demo season with
# seasongen --participants N, then, side by side in the same run:
#   - the cryptographic floor (scripts/floor: SHA-256 of every input byte
#     and one Ed25519 verification per proof view, on every core);
#   - SCALE_RUNS (default 3) cold proveit builds, each with no previous
#     output and an empty verification cache that it fills (the page cache
#     is warm, as after seasongen), under /usr/bin/time -v for the peak RSS;
#     the median of their times is « the cold build », the largest of their
#     peak RSS its RSS; the first one's render step is timed from its
#     progress lines (the « pages » step: every page but the participants'
#     reports, which are rendered while the participants are scored);
#   - relinking the site (cp -al, then rm -rf of the copy): what a rebuild
#     that replaces the site as a whole must do to the file system even if
#     nothing changed, the least any rebuild can cost;
#   - the rebuild after one changed submission (one narrative edited), with
#     the cache the last cold build filled, as the default cache would be;
#   - copying the site the build wrote (cp -r): writing its files alone,
#     which the floor does not count;
#   - when hugo is installed (apt-get install -y hugo), Hugo on a generated
#     site with as many pages as the build's render step, each from a
#     comparable template (a layout, a header, a table of rows, text).
# Each timed step starts once what earlier steps wrote is on disk (sync).
# It prints issue 31's ratios, each against a reference measured in the
# same run (cold build ÷ (floor + copying the site), target ≤ 2; rebuild ÷
# cold build, target ≤ 50 %; peak RSS, target ≤ 512 MiB at 1k and ≤ 1 GiB
# at 10k), then the raw times they come from: times are not comparable
# between runs, as the machine's speed varies from one session to the
# next. Work files go under $SCALE_DIR (default /tmp/proveit-scale); each
# season is removed after its run (10k participants take about 6 GB).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${SCALE_DIR:-/tmp/proveit-scale}
NS=("$@")
[ ${#NS[@]} -gt 0 ] || NS=(1000 10000)
RUNS=${SCALE_RUNS:-3}
HUGO=$(command -v hugo || true)
[ -n "$HUGO" ] || echo "scale.sh: hugo is not installed (apt-get install -y hugo): the run goes on without it" >&2
[ -x /usr/bin/time ] || { echo "scale.sh: /usr/bin/time is missing (apt-get install -y time)" >&2; exit 1; }

mkdir -p "$WORK/bin"
(cd "$ROOT" && go build -o "$WORK/bin/seasongen" ./cmd/seasongen && go build -o "$WORK/bin/proveit" ./cmd/proveit && go build -o "$WORK/bin/floor" ./scripts/floor)
B=$WORK/bin

# timesof LOG: "wall rss_mib cpu" of a /usr/bin/time -v log (cpu: user + system seconds).
timesof() {
	awk '/Elapsed \(wall clock\)/ {n=split($NF,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; w=s}
	     /Maximum resident set size/ {r=$NF/1024}
	     /User time \(seconds\)|System time \(seconds\)/ {c+=$NF}
	     END {printf "%.2f %.0f %.2f\n", w, r, c}' "$1"
}

# timed LOG CMD…: runs CMD under /usr/bin/time -v into LOG, once what
# earlier steps left to write is on disk (settle); prints timesof LOG.
timed() {
	local log=$1
	shift
	settle
	/usr/bin/time -v "$@" >"$log.out" 2>"$log" || { echo "scale.sh: $* failed, see $log" >&2; tail -5 "$log" >&2; exit 1; }
	timesof "$log"
}

# settle writes what earlier steps left in the page cache (seasongen's
# season, a build's output, the blocks a removed copy freed) before the
# next step is timed, so that no step pays for the writeback of another
# (in a run without it, at 3k, creating the build's files took 30 s of CPU,
# against 1.6 s at 1k).
settle() { sync; }

# hugosite DIR PAGES: a Hugo site of PAGES pages, each a report-like page.
hugosite() {
	local dir=$1 pages=$2
	rm -rf "$dir"
	mkdir -p "$dir/content/p" "$dir/layouts/_default"
	cat >"$dir/config.toml" <<'TOML'
baseURL = "https://example.org/"
languageCode = "fr"
title = "Index"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]
TOML
	cat >"$dir/layouts/_default/baseof.html" <<'HTML'
<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>{{ .Title }} — Index</title>
<meta name="description" content="{{ .Params.agent }}"><style>body{font-family:sans-serif}table{border-collapse:collapse}</style></head>
<body><header><p><a href="/">Index</a></p><nav><ol><li><a href="/">Index</a></li><li><a href="/s/">Saison</a></li></ol></nav></header>
<main>{{ block "main" . }}{{ end }}</main><footer><p>page produite automatiquement ; {{ .Params.digest }}</p></footer></body></html>
HTML
	cat >"$dir/layouts/_default/single.html" <<'HTML'
{{ define "main" }}<h1>Rapport individuel : {{ .Params.agent }}</h1>
<p>DID <code>{{ .Params.did }}</code>, stack <span>{{ .Params.stack }} (déclarative)</span></p>
<table><caption>Tâches</caption><tr><th>tâche</th><th>statut</th><th>claims</th><th>preuve</th></tr>
{{ range .Params.tasks }}<tr><td>{{ .id }}</td><td>{{ .status }}</td><td>{{ .claims }}</td><td><a href="/preuves/{{ .proof }}.json">{{ .proof }}</a></td></tr>{{ end }}</table>
{{ range .Params.tasks }}<section id="tache-{{ .id }}"><h2>Tâche {{ .id }} : {{ .status }}</h2><blockquote>{{ .narrative }}</blockquote></section>{{ end }}
{{ .Content }}{{ end }}
HTML
	awk -v n="$pages" -v d="$dir/content/p" 'BEGIN {
		for (i = 0; i < n; i++) {
			f = sprintf("%s/%06d.md", d, i)
			printf "---\ntitle: \"Agent %d\"\nagent: \"Agent %d\"\ndid: \"did:key:z6Mk%08d\"\nstack: \"Go, outils maison\"\ndigest: \"%064d\"\ntasks:\n", i, i, i, i > f
			for (t = 0; t < 20; t++)
				printf "  - {id: \"conf-%02d\", status: \"rendue\", claims: %d, proof: \"prf_20260914_%06d_%02d\", narrative: \"J ai lu l agrement %d et verifie chaque entite citee.\"}\n", t, t % 4, i, t, t > f
			printf "---\nRapport de l agent %d.\n", i > f
			close(f)
		}
	}'
}

RESULTS=()
for n in "${NS[@]}"; do
	S=$WORK/seasons-$n
	OUT=$WORK/public-$n
	C=$WORK/cache-$n
	rm -rf "$S" "$OUT" "$C" "$WORK/hugo-$n"
	echo "== N=$n: seasongen" >&2
	read -r gen_s gen_rss _ < <(timed "$WORK/gen-$n.log" "$B/seasongen" --participants "$n" --out "$S/0")
	read -r floor_before _ floor_cpu_before < <(timed "$WORK/floor-$n-a.log" "$B/floor" "$S")
	# SCALE_RUNS cold builds, each into no previous output with an empty
	# cache; the first one's progress lines, stamped, time the render step.
	colds=()
	for ((r = 1; r <= RUNS; r++)); do
		echo "== N=$n: cold build $r/$RUNS" >&2
		rm -rf "$OUT" "$C"
		settle
		/usr/bin/time -v "$B/proveit" build --seasons "$S" --out "$OUT" --cache "$C" --cpuprofile "$WORK/cpu-$n-$r.prof" >"$WORK/build-$n-$r.out" \
			2> >(while IFS= read -r l; do printf '%s %s\n' "$(date +%s.%N)" "$l"; done >"$WORK/build-$n-$r.log")
		# The stamping loop may lag behind the build: wait for time's last line.
		for ((i = 0; i < 600; i++)); do grep -q 'Exit status' "$WORK/build-$n-$r.log" && break; sleep 0.1; done
		grep -q 'Exit status: 0' "$WORK/build-$n-$r.log" || { echo "scale.sh: the cold build failed, see $WORK/build-$n-$r.log" >&2; tail -5 "$WORK/build-$n-$r.log" >&2; exit 1; }
		colds+=("$(timesof "$WORK/build-$n-$r.log")")
	done
	# The median of the runs' wall and CPU times, the largest peak RSS.
	read -r build_s build_rss build_cpu build_runs < <(printf '%s\n' "${colds[@]}" | awk '
		{w[NR]=$1; c[NR]=$3; if ($2>r) r=$2; runs=runs (NR>1?",":"") sprintf("%.1f", $1)}
		function median(a, n,   i, j, t) {for (i=1;i<=n;i++) for (j=i+1;j<=n;j++) if (a[j]<a[i]) {t=a[i]; a[i]=a[j]; a[j]=t}
			return n%2 ? a[(n+1)/2] : (a[n/2]+a[n/2+1])/2}
		END {printf "%.2f %.0f %.2f %s\n", median(w, NR), r, median(c, NR), runs}')
	read -r pages render_s < <(awk '/proveit build: pages: 0\// {split($NF,a,"/"); t0=$1; p=a[2]}
		/proveit build: pages: / {split($NF,a,"/"); if (a[1]==a[2]) t1=$1}
		END {printf "%d %.2f\n", p, t1-t0}' "$WORK/build-$n-1.log")
	read -r floor_after _ floor_cpu_after < <(timed "$WORK/floor-$n-b.log" "$B/floor" "$S")
	floor_s=$(awk -v a="$floor_before" -v b="$floor_after" 'BEGIN {printf "%.2f", (a<b?a:b)}')
	floor_cpu=$(awk -v a="$floor_cpu_before" -v b="$floor_cpu_after" 'BEGIN {printf "%.2f", (a<b?a:b)}')
	# What any rebuild that replaces the site as a whole must do to the file
	# system, even if no file changed: a directory has one parent, so the new
	# tree needs a link to every file it keeps, and the old tree must go. cp -al
	# makes the links, rm -rf of the tree it made removes as many names (each
	# file then keeps its other link, as a reused file does when the old tree
	# is removed). No rebuild under the atomic replacement costs less.
	rm -rf "$WORK/relink-$n"
	read -r relink_s _ relink_cpu < <(timed "$WORK/relink-$n.log" sh -c 'cp -al "$1" "$2" && rm -rf "$2"' relink "$OUT" "$WORK/relink-$n")
	echo "== N=$n: one changed submission" >&2
	sub=$(find "$S/0" -path '*/submissions/*' -name '*.json' | sort | sed -n 1p)
	python3 - "$sub" <<'PY'
import json, sys
p = sys.argv[1]
d = json.load(open(p, encoding="utf-8"))
d["narrative"] = (d.get("narrative") or "") + " Relu."
open(p, "w", encoding="utf-8").write(json.dumps(d, ensure_ascii=False, indent=2) + "\n")
PY
	read -r rebuild_s _ rebuild_cpu < <(timed "$WORK/rebuild-$n.log" "$B/proveit" build --seasons "$S" --out "$OUT" --cache "$C")
	grep -h 'verification cache\|wrote' "$WORK/build-$n-$RUNS.out" "$WORK/rebuild-$n.log.out" >&2 || true
	# What writing the site's files alone costs: a copy of the output
	# (cp reads them from the page cache), beside the floor, which does not
	# count writing. It comes after the rebuild: at 10k the copy's 10 GB
	# push the season and the output out of the page cache, which the
	# rebuild, like every other step, finds warm.
	rm -rf "$WORK/copy-$n"
	read -r copy_s _ copy_cpu < <(timed "$WORK/copy-$n.log" cp -r "$OUT" "$WORK/copy-$n")
	rm -rf "$WORK/copy-$n"
	files=$(find "$OUT" -type f | wc -l)
	hugo_s=- hugo_cpu=- hugo_rss=- hugo_pages=-
	if [ -n "$HUGO" ]; then
		echo "== N=$n: hugo, $pages pages" >&2
		hugosite "$WORK/hugo-$n" "$pages"
		read -r hugo_s hugo_rss hugo_cpu < <(timed "$WORK/hugo-$n.log" "$HUGO" --quiet -s "$WORK/hugo-$n" -d "$WORK/hugo-$n/public")
		hugo_pages=$(find "$WORK/hugo-$n/public" -name '*.html' | wc -l)
	fi
	row="$n $gen_s $gen_rss $floor_s $floor_cpu $build_s $build_cpu $build_rss $pages $render_s $rebuild_s $rebuild_cpu $files $hugo_s $hugo_cpu $hugo_rss $hugo_pages $copy_s $copy_cpu $relink_s $relink_cpu $build_runs"
	RESULTS+=("$row")
	echo "$row" >>"$WORK/results.txt" # kept as each N ends
	rm -rf "$S" "$OUT" "$C" "$WORK/hugo-$n"
done

CORES=$(nproc)
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
printf '\nIssue 31'"'"'s ratios (N per track; wall time, and in brackets CPU time, user + system; the cold build is the median of %d runs; load average at the end: %s)\n' "$RUNS" "$LOAD"
printf 'Targets: cold build / (floor + copying the site) ≤ 2; rebuild after one changed submission / cold build ≤ 50 %% at 1k; peak RSS ≤ 512 MiB at 1k, ≤ 1 GiB at 10k.\n'
printf 'Bounds: a cold build does the floor'"'"'s work and writes the site, so it takes at least the longest of the floor, the copy and their CPU time over the %d cores; a rebuild takes at least relinking the site.\n\n' "$CORES"
printf '| N | cold build / (floor + copying the site) | its bound / (floor + copying) | rebuild / cold | its bound: relinking / cold | cold build peak RSS (MiB) | build / floor | render pages/s vs Hugo | build RSS vs Hugo |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for r in "${RESULTS[@]}"; do
	read -r n gen_s gen_rss floor_s floor_cpu build_s build_cpu build_rss pages render_s rebuild_s rebuild_cpu files hugo_s hugo_cpu hugo_rss hugo_pages copy_s copy_cpu relink_s relink_cpu build_runs <<<"$r"
	awk -v n="$n" -v f="$floor_s" -v fc="$floor_cpu" -v b="$build_s" -v bc="$build_cpu" -v rb="$rebuild_s" -v rbc="$rebuild_cpu" -v p="$pages" -v rs="$render_s" -v hs="$hugo_s" -v hp="$hugo_pages" -v br="$build_rss" -v hr="$hugo_rss" \
		-v cs="$copy_s" -v cc="$copy_cpu" -v ls="$relink_s" -v k="$CORES" \
		'BEGIN {bound = f; if (cs > bound) bound = cs; if ((fc+cc)/k > bound) bound = (fc+cc)/k
		hugo = "–"; hugorss = "–"; if (hs != "-") {hugo = sprintf("%.2f×", (p/rs)/(hp/hs)); hugorss = sprintf("%.2f×", br/hr)}
		printf "| %d | %.2f× (%.2f×) | %.2f× | %.0f %% (%.0f %%) | %.0f %% | %d | %.1f× (%.1f×) | %s | %s |\n", n, b/(f+cs), bc/(fc+cc), bound/(f+cs), 100*rb/b, 100*rbc/bc, 100*ls/b, br, b/f, bc/fc, hugo, hugorss}'
done
printf '\nThe raw times behind the ratios (seconds, wall and in brackets CPU; RSS in MiB): compare ratios of one run, not times of two\n\n'
printf '| N | seasongen | its RSS | floor | copying the site | relinking the site | cold build (median) | its runs (wall) | its RSS (largest) | pages | render step | rebuild | files | Hugo | its RSS |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for r in "${RESULTS[@]}"; do
	read -r n gen_s gen_rss floor_s floor_cpu build_s build_cpu build_rss pages render_s rebuild_s rebuild_cpu files hugo_s hugo_cpu hugo_rss hugo_pages copy_s copy_cpu relink_s relink_cpu build_runs <<<"$r"
	printf '| %s | %s | %s | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s | %s | %s | %s | %s (%s) | %s | %s (%s), %s pages | %s |\n' "$n" "$gen_s" "$gen_rss" "$floor_s" "$floor_cpu" "$copy_s" "$copy_cpu" "$relink_s" "$relink_cpu" "$build_s" "$build_cpu" "$build_runs" "$build_rss" "$pages" "$render_s" "$rebuild_s" "$rebuild_cpu" "$files" "$hugo_s" "$hugo_cpu" "$hugo_pages" "$hugo_rss"
done
printf '\nProfiles: %s/cpu-N-R.prof (go tool pprof -top %s/bin/proveit %s/cpu-N-1.prof)\n' "$WORK" "$WORK" "$WORK"
