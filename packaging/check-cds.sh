#!/usr/bin/env bash
# Checks class-data sharing of a Linux app image where it was built and after it is moved to another folder: runs
# `estimate` through the launcher with -Xlog:class+load (via JAVA_TOOL_OPTIONS) and counts the classes that came from
# the default CDS archive ("shared objects file") and from the dynamic AppCDS archive ("shared objects file (top)").
# Fails when the moved copy loads no class from any archive, which is what a static AppCDS archive bound to the
# build's class path did (the JVM then turns sharing off altogether).
# Usage: packaging/check-cds.sh [APP_IMAGE]   default target/installer/vram-advisor (packaging/build-installer.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
IMAGE="${1:-target/installer/vram-advisor}"
[[ -x "$IMAGE/bin/vram-advisor" ]] || { echo "no app image at $IMAGE" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Prints "base top jars": classes from the default archive, from the dynamic archive, and from jars/the jimage.
count() {
    local launcher="$1" log="$work/class-load.log"
    rm -f "$log"
    HOME="$work" JAVA_TOOL_OPTIONS="-Xlog:class+load=info:file=$log" "$launcher" estimate --preset llama-3-8b \
        --mode train --batch 1 --seq 4096 >/dev/null 2>&1
    local top base all
    top=$(grep -c 'source: shared objects file (top)' "$log" || true)
    base=$(grep 'source: shared objects file' "$log" | grep -vc '(top)' || true)
    all=$(grep -c 'source: ' "$log" || true)
    echo "$base $top $(( all - base - top ))"
}

read -r base top other < <(count "$IMAGE/bin/vram-advisor")
echo "in place ($IMAGE): $base classes from the default archive, $top from the AppCDS archive, $other from files"
cp -a "$IMAGE" "$work/moved"
read -r mbase mtop mother < <(count "$work/moved/bin/vram-advisor")
echo "moved ($work/moved): $mbase classes from the default archive, $mtop from the AppCDS archive, $mother from files"
if (( mbase == 0 )); then
    echo "check-cds.sh: the moved image uses no CDS archive at all" >&2
    exit 1
fi
