#!/usr/bin/env bash
# Chooses the JDK whose jpackage builds the installers' runtime, for build-installer.sh, and prints three lines for
# `eval`: JPACKAGE=<its jpackage>, FEATURE=<its feature version>, STARTUP=aot (JDK 25 or newer: an ahead-of-time
# cache) or cds (JDK 17 to 24: CDS archives). Exit status 2, with the reason on standard error, when there is none.
#   1. JPACKAGE_JDK=<JDK folder>: that JDK (17 or newer), whatever else is installed.
#   2. Otherwise the first JDK 25 among $JAVA_HOME, the JDK of the jpackage on PATH, and the folders in
#      JDK_CANDIDATES (default: /usr/lib/jvm/* /usr/java/* /opt/java/*; on macOS
#      /Library/Java/JavaVirtualMachines/*/Contents/Home; in Git Bash "C:/Program Files"/*/jdk-25*). Only feature
#      release 25 is taken unasked: it is the one the AOT cache and the launcher options were checked with
#      (docs/adr/0027-installed-runtime-jdk25-aot-cache.md).
#   3. Otherwise the jpackage on PATH (JDK 17 or newer).
set -euo pipefail

# The feature version of the JDK in folder $1, from its release file; nothing when it has none.
jdk_feature() {
    [[ -f "$1/release" ]] && sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release"
    return 0
}

has_jpackage() {
    [[ -e "$1/bin/jpackage" || -e "$1/bin/jpackage.exe" ]]
}

jdk=""
if [[ -n "${JPACKAGE_JDK:-}" ]]; then
    has_jpackage "$JPACKAGE_JDK" \
        || { echo "select-runtime-jdk.sh: JPACKAGE_JDK=$JPACKAGE_JDK has no bin/jpackage" >&2; exit 2; }
    jdk="$JPACKAGE_JDK"
else
    candidates=("${JAVA_HOME:-}")
    if command -v jpackage >/dev/null; then
        # bin/jpackage may be a link (/usr/bin/jpackage on Debian): the JDK is the folder above the linked file's.
        on_path="$(command -v jpackage)"
        resolved="$(readlink -f "$on_path" 2>/dev/null || printf '%s' "$on_path")"
        candidates+=("$(dirname "$(dirname "$resolved")")")
    fi
    if [[ -n "${JDK_CANDIDATES+set}" ]]; then
        read -r -a listed <<< "$JDK_CANDIDATES"
        candidates+=("${listed[@]}")
    else
        shopt -s nullglob
        candidates+=(/usr/lib/jvm/* /usr/java/* /opt/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home
            "/c/Program Files"/*/jdk-25*)
        shopt -u nullglob
    fi
    for dir in "${candidates[@]}"; do
        if [[ -n "$dir" && -d "$dir" && "$(jdk_feature "$dir")" == 25 ]] && has_jpackage "$dir"; then
            jdk="$dir"
            break
        fi
    done
fi

if [[ -n "$jdk" ]]; then
    jpackage="$jdk/bin/jpackage"
elif command -v jpackage >/dev/null; then
    jpackage=jpackage
else
    echo "select-runtime-jdk.sh: no JDK 25 found and no jpackage on PATH; set JPACKAGE_JDK to a JDK folder" >&2
    exit 2
fi

# jpackage --version prints the JDK's version ("17.0.15", "25.0.3").
feature="$("$jpackage" --version 2>/dev/null | head -n 1 | sed 's/^\([0-9]*\).*/\1/')"
if ! [[ "$feature" =~ ^[0-9]+$ ]] || (( feature < 17 )); then
    echo "select-runtime-jdk.sh: $jpackage is not from a JDK 17 or newer" >&2
    exit 2
fi
printf 'JPACKAGE=%q\nFEATURE=%q\nSTARTUP=%q\n' "$jpackage" "$feature" "$([[ $feature -ge 25 ]] && echo aot || echo cds)"
