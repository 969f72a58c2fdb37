#!/usr/bin/env bash
# The training run that writes a JDK 25 runtime's ahead-of-time cache (JEP 483/514/515) for an app image, called by
# build-installer.sh: appends the training options to the launcher's configuration, starts the launcher without
# arguments (the window, from the defaults, in a scratch home), and restores the configuration. The window closes
# itself 3 s after it is complete (the start-up trace's vramadvisor.startupTrace.closeAfterMs, as its close button
# does), the application ends normally, and the JVM writes the cache on exit (-XX:AOTCacheOutput: it records the
# run, then starts the runtime's own java to assemble the cache). A run still going after the time limit is ended
# with SIGTERM, which also ends the JVM normally (on Linux and macOS).
#
# Usage: packaging/train-aot-cache.sh LAUNCHER CFG CACHE LOG [LIMIT_S]
#   LAUNCHER  the app image's launcher (bin/vram-advisor, Contents/MacOS/VRAM Advisor, VRAM Advisor.exe)
#   CFG       its configuration (lib/app/vram-advisor.cfg); restored as it was when the run ends
#   CACHE     the cache the run writes, as the launcher sees it ('$APPDIR/vram-advisor.aot')
#   LOG       the run's output (the trace lines and the JVM's cache messages)
#   LIMIT_S   seconds before the run is ended (default 600: a loaded 2-core machine needed about 90)
# Linux: runs under xvfb-run where available (nothing shows; GTK 3 is needed), else on $DISPLAY; without either it
# fails. Windows and macOS: the window shows for a few seconds on the desktop the build runs in.
# Exit status 0 when the window reported being complete and the run ended; the caller checks the cache file.
set -uo pipefail
LAUNCHER="$1"
CFG="$2"
CACHE="$3"
LOG="$4"
LIMIT_S="${5:-600}"

home="$(mktemp -d)"
saved="$(mktemp)"
cp "$CFG" "$saved"
restore() {
    cp "$saved" "$CFG"
    rm -f "$saved"
    rm -rf "$home"
}
trap restore EXIT

# Paths as the JVM reads them: Windows paths in Git Bash (cygpath), unchanged elsewhere.
native() {
    if command -v cygpath >/dev/null; then cygpath -m "$1"; else printf '%s' "$1"; fi
}
jhome="$(native "$home")"

# A scratch home, configuration and catalog folder: the run starts from the defaults (no saved scenario, theme or
# window size of whoever builds) and leaves their settings alone. Java takes user.home from the account, not $HOME.
cat >> "$CFG" <<OPTIONS
java-options=-XX:AOTCacheOutput=$CACHE
java-options=-Duser.home=$jhome
java-options=-Dvramadvisor.configDir=$jhome/config
java-options=-Dvramadvisor.catalog.dir=$jhome/catalog
java-options=-Dvramadvisor.startupTrace=true
java-options=-Dvramadvisor.startupTrace.closeAfterMs=3000
OPTIONS

run=("$LAUNCHER")
if [[ "$(uname -s)" == Linux ]]; then
    if command -v xvfb-run >/dev/null; then
        run=(xvfb-run -a -s "-screen 0 1600x1000x24" "$LAUNCHER")
    elif [[ -z "${DISPLAY:-}" ]]; then
        echo "train-aot-cache.sh: no xvfb-run and no DISPLAY: the window cannot start" >"$LOG"
        exit 1
    fi
fi

HOME="$home" XDG_CONFIG_HOME="$home/config-home" "${run[@]}" >"$LOG" 2>&1 &
pid=$!
for (( tenths = 0; tenths < LIMIT_S * 10; tenths++ )); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
    echo "train-aot-cache.sh: still running after ${LIMIT_S} s, ended with SIGTERM" >>"$LOG"
    kill -TERM "$pid" 2>/dev/null
fi
wait "$pid"
grep -q '^startup-trace complete ' "$LOG"
