#!/usr/bin/env bash
# Records packaging/startup.classlist: the names of the classes that the window loads from launch until it is
# complete (workload panel, charts and a filled decision table; reported by the start-up trace, app/StartupTrace).
# `./mvnw package` dumps a class-data sharing archive of these classes beside the jar (target/vram-advisor.jsa, see
# the `startup-cds-archive` execution in pom.xml and docs/install.md), which the README's run command maps at start.
# The list holds class names only, no paths, so it can be recorded once here and committed; a class renamed since
# is skipped by the dump (and then loaded from the jar as usual), so rerun this when the start-up changes a lot.
#
# Usage: packaging/record-startup-classes.sh      (after ./mvnw -B package -DskipTests)
# Needs: xvfb-run (Debian: apt-get install xvfb) and GTK 3, as the window does.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=target/vram-advisor.jar
OUT=packaging/startup.classlist
[[ -f "$JAR" ]] || { echo "no $JAR: run ./mvnw -B package -DskipTests first" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "needs xvfb-run" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One start in a fresh home (defaults, no restored scenario), ended with SIGTERM a second after the complete window.
HOME="$work" xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
    java -XX:DumpLoadedClassList="$1/startup.classlist" -Dvramadvisor.startupTrace=true -Duser.home="$1" \
        -jar "$2" >"$1/trace.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 900); do
        grep -q "startup-trace complete" "$1/trace.log" && break
        sleep 0.1
    done
    sleep 1
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null || true' bash "$work" "$JAR"
grep -q "startup-trace complete" "$work/trace.log" \
    || { echo "the window never reported being complete:" >&2; cat "$work/trace.log" >&2; exit 1; }
list="$work/startup.classlist"
# SIGTERM can cut the list inside its last line: drop a last line without its newline.
[[ -n "$(tail -c 1 "$list")" ]] && sed -i '$d' "$list"
cp "$list" "$OUT"
echo "$OUT: $(grep -vc '^#' "$OUT") classes ($(grep -c '^com/vramadvisor/' "$OUT") of the application's)"
