#!/usr/bin/env bash
# Measures start-up of the packaged app against `java -jar`, alternating the two in one X server:
#   window: milliseconds from launch until the main window is mapped ("VRAM Advisor" in its title), polled with
#           xdotool every 20 ms;
#   cli:    wall milliseconds of `estimate --preset llama-3-8b --mode train --batch 1 --seq 4096` (catalog load,
#           engine, output), which opens no window.
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

window_ms() {
    local start pid elapsed=""
    start=$(now_ms)
    "$@" >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 1500); do
        if xdotool search --onlyvisible --name "VRAM Advisor" >/dev/null 2>&1; then
            elapsed=$(( $(now_ms) - start ))
            break
        fi
        sleep 0.02
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    sleep 0.5
    echo "${elapsed:-NaN}"
}

cli_ms() {
    local start
    start=$(now_ms)
    "$@" estimate --preset llama-3-8b --mode train --batch 1 --seq 4096 >/dev/null 2>&1
    echo $(( $(now_ms) - start ))
}

# Median of the numeric values; a run whose window never appeared (NaN) is left out and shows in the raw list.
median() { grep -E '^[0-9]+$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }

jar_cmd=(java -jar "$JAR")
app_cmd=("$APP")
window_ms "${jar_cmd[@]}" >/dev/null
window_ms "${app_cmd[@]}" >/dev/null

jw=(); aw=(); jc=(); ac=()
for _ in $(seq 1 "$RUNS"); do
    jw+=("$(window_ms "${jar_cmd[@]}")")
    aw+=("$(window_ms "${app_cmd[@]}")")
    jc+=("$(cli_ms "${jar_cmd[@]}")")
    ac+=("$(cli_ms "${app_cmd[@]}")")
done
mjw=$(printf '%s\n' "${jw[@]}" | median); maw=$(printf '%s\n' "${aw[@]}" | median)
mjc=$(printf '%s\n' "${jc[@]}" | median); mac=$(printf '%s\n' "${ac[@]}" | median)

echo "| start-up ($RUNS runs, median) | java -jar | packaged app | packaged / jar |"
echo "|---|---:|---:|---:|"
awk -v j="$mjw" -v a="$maw" 'BEGIN {printf "| window shown | %d ms | %d ms | %.2f |\n", j, a, a / j}'
awk -v j="$mjc" -v a="$mac" 'BEGIN {printf "| CLI estimate | %d ms | %d ms | %.2f |\n", j, a, a / j}'
echo
echo "raw window ms, jar: ${jw[*]}; packaged: ${aw[*]}"
echo "raw CLI ms, jar: ${jc[*]}; packaged: ${ac[*]}"
