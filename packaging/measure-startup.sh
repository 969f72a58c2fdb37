#!/usr/bin/env bash
# Measures start-up of the packaged app against `java -jar`, alternating the two in one X server:
#   window: from launch until the main window is mapped ("VRAM Advisor" in its title, polled with xdotool every
#           20 ms): wall milliseconds, and CPU milliseconds the process used until then (from /proc, Linux);
#   cli:    `estimate --preset llama-3-8b --mode train --batch 1 --seq 4096` (catalog load, engine, output), which
#           opens no window: wall and CPU milliseconds.
# CPU time is reported because wall time on a busy machine mostly measures the other processes.
# Prints the median of each and the ratio packaged / jar (below 1 means the packaged app starts faster).
# Usage: packaging/measure-startup.sh [RUNS] [APP_LAUNCHER] [JAR]
#   defaults: 7 runs, target/installer/vram-advisor/bin/vram-advisor, target/vram-advisor.jar
# Needs: xvfb-run and xdotool (Debian: apt-get install xvfb xdotool), libgtk-3-0, a built jar and app image.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-7}"
APP="${2:-target/installer/vram-advisor/bin/vram-advisor}"
JAR="${3:-target/vram-advisor.jar}"
[[ -x "$APP" ]] || { echo "no app launcher at $APP; run packaging/build-installer.sh --app-image-only first" >&2; exit 2; }
[[ -f "$JAR" ]] || { echo "no jar at $JAR; run ./mvnw -q -B package -DskipTests first" >&2; exit 2; }
command -v xvfb-run >/dev/null && command -v xdotool >/dev/null \
    || { echo "needs xvfb-run and xdotool" >&2; exit 2; }

if [[ -z "${MEASURE_INSIDE_X:-}" ]]; then
    # JavaFX extracts its native libraries into ~/.openjfx/cache on first start: use a fresh writable home and
    # warm it once per launcher so that no measured run pays for the extraction.
    home="$(mktemp -d)"
    trap 'rm -rf "$home"' EXIT
    HOME="$home" MEASURE_INSIDE_X=1 xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$RUNS" "$APP" "$JAR"
    exit $?
fi

now_ms() { date +%s%3N; }

CLK_TCK=$(getconf CLK_TCK)

# Prints "wall_ms cpu_ms" for one start until the window shows, or "NaN NaN" when it never does.
window_ms() {
    local start pid result="NaN NaN"
    start=$(now_ms)
    "$@" >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 1500); do
        if xdotool search --onlyvisible --name "VRAM Advisor" >/dev/null 2>&1; then
            local wall=$(( $(now_ms) - start ))
            local ticks
            ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)
            result="$wall $(( ticks * 1000 / CLK_TCK ))"
            break
        fi
        sleep 0.02
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    sleep 0.5
    echo "$result"
}

# Prints "wall_ms cpu_ms" for one CLI run.
cli_ms() {
    local t
    t=$(mktemp)
    /usr/bin/time -o "$t" -f "%e %U %S" "$@" estimate --preset llama-3-8b --mode train --batch 1 --seq 4096 \
        >/dev/null 2>&1 || true
    awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}' "$t"
    rm -f "$t"
}

# Median of the numeric values; a run whose window never appeared (NaN) is left out and shows in the raw list.
median() { grep -E '^[0-9]+$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }

jar_cmd=(java -jar "$JAR")
app_cmd=("$APP")
window_ms "${jar_cmd[@]}" >/dev/null
window_ms "${app_cmd[@]}" >/dev/null

runs=()
for _ in $(seq 1 "$RUNS"); do
    runs+=("jar window $(window_ms "${jar_cmd[@]}")")
    runs+=("app window $(window_ms "${app_cmd[@]}")")
    runs+=("jar cli $(cli_ms "${jar_cmd[@]}")")
    runs+=("app cli $(cli_ms "${app_cmd[@]}")")
done
col() { printf '%s\n' "${runs[@]}" | awk -v w="$1" -v k="$2" -v c="$3" '$1 == w && $2 == k {print $c}'; }

echo "| start-up ($RUNS runs each, median) | java -jar | packaged app | packaged / jar |"
echo "|---|---:|---:|---:|"
for kind in window cli; do
    for c in 3 4; do
        j=$(col jar "$kind" "$c" | median); a=$(col app "$kind" "$c" | median)
        label=$([[ "$kind" == window ]] && echo "window shown" || echo "CLI estimate")
        unit=$([[ "$c" == 3 ]] && echo "wall" || echo "CPU")
        awk -v l="$label, $unit" -v j="$j" -v a="$a" 'BEGIN {printf "| %s | %d ms | %d ms | %.2f |\n", l, j, a, a / j}'
    done
done
echo
echo "raw (launcher, measurement, wall ms, CPU ms):"
printf '%s\n' "${runs[@]}" | sort | awk '{k = $1 " " $2; v[k] = v[k] " " $3 "/" $4} END {for (k in v) print "  " k ":" v[k]}'
