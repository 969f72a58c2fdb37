#!/usr/bin/env bash
# Builds VRAM Advisor's installers for the current OS with jpackage:
#   Linux:   target/installer/vram-advisor/ (app image) and target/installer/vram-advisor_<version>[-1]_amd64.deb
#   Windows: target/installer/VRAM Advisor/ and target/installer/VRAM Advisor-<version>.msi (needs WiX on PATH)
#   macOS:   target/installer/VRAM Advisor.app and target/installer/VRAM Advisor-<version>.dmg
# The runtime is jlinked by the chosen JDK's jpackage from its modules plus the JavaFX jars Maven downloads for this
# OS (on --module-path). The JDK (packaging/select-runtime-jdk.sh, docs/install.md): JPACKAGE_JDK=<JDK folder> if
# set; else a JDK 25 if one is found ($JAVA_HOME, the jpackage on PATH, the usual JDK folders); else the jpackage on
# PATH (JDK 17 or newer).
# With a JDK 25 or newer the runtime gets an ahead-of-time cache (lib/app/vram-advisor.aot) from a training run of
# the packaged window (packaging/train-aot-cache.sh), which the launcher uses through -XX:AOTCache (step 3, "AOT").
# With an older JDK its default CDS archive is dumped again with the JDK and JavaFX classes the app loads at
# start-up, and a dynamic AppCDS archive on top holds the app's own classes (step 3, "CDS").
#
# Usage: packaging/build-installer.sh [--app-image-only] [--skip-build]
#   --app-image-only  stop after the app image (what UiLatencyBenchmark --compare-launcher measures)
#   --skip-build      reuse target/vram-advisor.jar and target/original-vram-advisor.jar from an earlier build
set -euo pipefail
cd "$(dirname "$0")/.."

APP_IMAGE_ONLY=false
SKIP_BUILD=false
for arg in "$@"; do
    case "$arg" in
        --app-image-only) APP_IMAGE_ONLY=true ;;
        --skip-build) SKIP_BUILD=true ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-installer.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

VERSION=$(sed -n 's:^    <version>\([^<]*\)</version>$:\1:p' pom.xml | head -n 1)
WORK=target/jpackage
OUT=target/installer

case "$(uname -s)" in
    Linux) OS=linux; FX=linux; NAME=vram-advisor ;;
    Darwin) OS=mac; NAME="VRAM Advisor"; [[ "$(uname -m)" == arm64 ]] && FX=mac-aarch64 || FX=mac ;;
    MINGW*|MSYS*|CYGWIN*) OS=windows; FX=win; NAME="VRAM Advisor" ;;
    *) echo "build-installer.sh: unsupported OS $(uname -s)" >&2; exit 2 ;;
esac

# ---------------------------------------------------------------- 0. the JDK that builds the runtime
# JPACKAGE (its jpackage), FEATURE (its version) and STARTUP: aot with JDK 25 or newer, cds with JDK 17 to 24.
selected="$(packaging/select-runtime-jdk.sh)" || exit 2
eval "$selected"

log() { printf '==> %s\n' "$*"; }
log "runtime from JDK $FEATURE ($JPACKAGE); start-up with $([[ $STARTUP == aot ]] && echo "an AOT cache" \
    || echo "CDS archives")"

# ---------------------------------------------------------------- 1. jars
if ! $SKIP_BUILD; then
    log "building the jar"
    ./mvnw -B -q -DskipTests package
fi
[[ -f target/original-vram-advisor.jar ]] || { echo "build-installer.sh: no target/original-vram-advisor.jar" >&2; exit 2; }

log "staging the application jars and the JavaFX $FX jars"
rm -rf "$WORK" "$OUT"
mkdir -p "$WORK/input" "$WORK/javafx" "$OUT"
./mvnw -B -q dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$WORK/deps"
cp target/original-vram-advisor.jar "$WORK/input/vram-advisor.jar"
for jar in "$WORK"/deps/*.jar; do
    case "$(basename "$jar")" in
        javafx-*-"$FX".jar) cp "$jar" "$WORK/javafx/" ;;
        javafx-*) ;;
        *) cp "$jar" "$WORK/input/" ;;
    esac
done

# ---------------------------------------------------------------- 2. app image
# runtime-aot.args or runtime-cds.args: jlink's options, and for JDK 25 the launcher options its JavaFX 21 needs.
log "jpackage app image ($OS)"
"$JPACKAGE" --type app-image --dest "$OUT" --app-version "$VERSION" --input "$WORK/input" \
    --module-path "$WORK/javafx" @packaging/jpackage/metadata.args @packaging/jpackage/app-image.args \
    @packaging/jpackage/runtime-$STARTUP.args @packaging/jpackage/$OS.args

case "$OS" in
    linux) IMAGE="$OUT/$NAME"; APPDIR="$IMAGE/lib/app"; JAVA="$IMAGE/lib/runtime/bin/java"
           LAUNCHER="$IMAGE/bin/$NAME" ;;
    mac) IMAGE="$OUT/$NAME.app"; APPDIR="$IMAGE/Contents/app"; JAVA="$IMAGE/Contents/runtime/Contents/Home/bin/java"
         LAUNCHER="$IMAGE/Contents/MacOS/$NAME" ;;
    windows) IMAGE="$OUT/$NAME"; APPDIR="$IMAGE/app"; JAVA="$IMAGE/runtime/bin/java.exe"; LAUNCHER="$IMAGE/$NAME.exe" ;;
esac
CFG="$APPDIR/$NAME.cfg"
APPDIR_ABS="$(cd "$APPDIR" && pwd)"

# ---------------------------------------------------------------- 3. AOT cache (JDK 25)
# One training run of the packaged window writes lib/app/vram-advisor.aot (JDK and JavaFX classes and the
# application's, loaded and linked, with method profiles); the launcher options naming it go into every launcher's
# configuration only once it exists. The JVM checks the cache at each start against its own build and the launcher's
# class path and module options; where it does not match, the JVM starts without it (-Xlog:aot=off keeps that quiet),
# so the app always starts. The cache names no absolute path: it stays valid where the image is moved or installed.
if [[ "$STARTUP" == aot ]]; then
    log "training run for the AOT cache (the window opens and closes itself)"
    # As the launcher reads it: jpackage's launcher replaces $APPDIR with the app folder at each start.
    AOT_CACHE='$APPDIR/vram-advisor.aot'
    rm -f "$APPDIR/vram-advisor.aot"
    packaging/train-aot-cache.sh "$LAUNCHER" "$CFG" "$AOT_CACHE" "$WORK/aot-training.log" \
        || log "the training run did not report a complete window (see $WORK/aot-training.log)"
    if [[ -s "$APPDIR/vram-advisor.aot" ]]; then
        for cfg in "$APPDIR"/*.cfg; do
            printf 'java-options=%s\n' "-XX:AOTCache=$AOT_CACHE" -Xlog:aot=off >> "$cfg"
        done
        log "AOT cache: $(du -h "$APPDIR/vram-advisor.aot" | cut -f1)"
    else
        rm -f "$APPDIR/vram-advisor.aot" "$APPDIR/vram-advisor.aot.config"
        log "no AOT cache (see $WORK/aot-training.log); the app image starts without class-data sharing"
    fi
fi

# ---------------------------------------------------------------- 3. CDS (JDK 17 to 24)
if [[ "$STARTUP" == cds ]]; then
    # Record the classes a start-up loads (the window under Xvfb where available, then a CLI report) and archive them
    # as below. Output of the training runs is discarded.
    log "recording start-up classes for AppCDS"
    cp "$CFG" "$WORK/launcher.cfg"
    train_home="$(mktemp -d)"
    record() {
        local list="$1"; shift
        cp "$WORK/launcher.cfg" "$CFG"
        echo "java-options=-XX:DumpLoadedClassList=$list" >> "$CFG"
        HOME="$train_home" "$@" >/dev/null 2>&1 || true
    }
    if [[ "$OS" == linux ]] && command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
        record "$APPDIR_ABS/window.classlist" xvfb-run -a -s "-screen 0 1600x1000x24" \
            packaging/train-window.sh "$LAUNCHER"
    else
        log "no xvfb-run/xdotool: AppCDS covers the command line only"
    fi
    record "$APPDIR_ABS/cli.classlist" "$LAUNCHER" report --preset llama-3-8b --mode train --batch 1 --seq 4096 \
        --pdf "$train_home/r.pdf" --png "$train_home/r.png" --md "$train_home/r.md" --lang zh-CN
    cp "$WORK/launcher.cfg" "$CFG"
    # The window's run ends on SIGTERM, which can cut its list in the middle of a line: such a last line is dropped, as
    # the dump stops at the first malformed line.
    for list in "$APPDIR"/*.classlist; do
        [[ -s "$list" && -n "$(tail -c 1 "$list")" ]] && sed -i.bak '$d' "$list" && rm -f "$list.bak"
    done
    cat "$APPDIR"/*.classlist 2>/dev/null | awk '!seen[$0]++' > "$APPDIR/vram-advisor.classlist"
    rm -f "$APPDIR/window.classlist" "$APPDIR/cli.classlist"
    rm -rf "$train_home"

    # Two archives, so that an image moved to another folder (as docs/install.md invites) keeps most of the benefit:
    #  - the runtime's default archive (lib/server/classes.jsa, which the JVM maps without any option) is dumped again
    #    from the recorded list, with no class path: it then holds the JDK and JavaFX classes the app uses, and since it
    #    names no path outside the runtime it stays valid wherever the image goes;
    #  - a dynamic archive on top of it (JDK 17: -XX:ArchiveClassesAtExit) holds the classes from the application's jars
    #    that a command line report loads (picocli, PDFBox, the CLI; the window's own classes from jars are few enough
    #    that it starts as fast without them, see docs/install.md).
    #    It is bound to the absolute class path it was dumped with: in another folder the JVM finds the class paths
    #    mismatched, drops this layer alone and still maps the default archive (a static AppCDS archive would instead
    #    turn class-data sharing off altogether). -Xlog:cds+dynamic=off keeps that silent.
    case "$OS" in
        windows) BASE_JSA="$(dirname "$JAVA")/server/classes.jsa" ;;
        *) BASE_JSA="$(dirname "$JAVA")/../lib/server/classes.jsa" ;;
    esac
    dump_base() {
        "$JAVA" -Xshare:dump -XX:SharedClassListFile="$APPDIR/vram-advisor.classlist" \
            -XX:SharedArchiveFile="$WORK/classes.jsa" >"$WORK/cds-dump.log" 2>&1 \
            && mv -f "$WORK/classes.jsa" "$BASE_JSA"
    }
    # A dump that fails once (a busy machine) is tried again before the runtime keeps jlink's archive.
    if [[ -s "$APPDIR/vram-advisor.classlist" ]] && { dump_base || dump_base; }; then
        log "default CDS archive with the app's JDK and JavaFX classes: $(du -h "$BASE_JSA" | cut -f1)"
    else
        log "dumping the default CDS archive failed (see $WORK/cds-dump.log); the runtime keeps jlink's"
    fi

    log "recording the dynamic AppCDS archive"
    dump_top() {
        rm -f "$APPDIR/vram-advisor.jsa"
        cp "$WORK/launcher.cfg" "$CFG"
        echo "java-options=-XX:ArchiveClassesAtExit=$APPDIR_ABS/vram-advisor.jsa" >> "$CFG"
        train_home="$(mktemp -d)"
        HOME="$train_home" "$LAUNCHER" report --preset llama-3-8b --mode train --batch 1 --seq 4096 \
            --pdf "$train_home/r.pdf" --png "$train_home/r.png" --md "$train_home/r.md" --lang zh-CN \
            >"$WORK/cds-top.log" 2>&1 || true
        rm -rf "$train_home"
        cp "$WORK/launcher.cfg" "$CFG"
        [[ -s "$APPDIR/vram-advisor.jsa" ]]
    }
    if dump_top || dump_top; then
        cat >> "$CFG" <<'CDS'
java-options=-XX:SharedArchiveFile=$APPDIR/vram-advisor.jsa
java-options=-Xshare:auto
java-options=-Xlog:cds=off
java-options=-Xlog:cds+dynamic=off
CDS
        log "dynamic AppCDS archive: $(du -h "$APPDIR/vram-advisor.jsa" | cut -f1)"
    else
        log "no dynamic AppCDS archive (see $WORK/cds-top.log); the app image uses the default CDS archive only"
        rm -f "$APPDIR/vram-advisor.jsa"
    fi
fi

log "app image ready: $IMAGE"
$APP_IMAGE_ONLY && exit 0

# The .deb packages its desktop files the Debian way: the menu entry and the scenario file type (shared-mime-info)
# become files of the package in /usr/share/applications and /usr/share/mime/packages, which the triggers of
# desktop-file-utils and shared-mime-info pick up when those are installed, and dpkg removes with the package. No
# maintainer script runs xdg-utils, so the package does not depend on it (jpackage adds that dependency whenever it
# writes a menu entry): `dpkg -i` installs it wherever its other dependencies are, GTK 3 among them.
repack_deb() {
    local deb="$1" root="$WORK/deb-root"
    rm -rf "$root"
    dpkg-deb -R "$deb" "$root"
    # jpackage 17 writes "xdg-utils, ", jpackage 25 "xdg-utils , ": spaces on either side of the comma.
    sed -i -E -e 's/^(Depends:.*)xdg-utils *, */\1/' -e 's/^(Depends:.*), *xdg-utils *$/\1/' "$root/DEBIAN/control"
    install -D -m 644 "$root/opt/vram-advisor/lib/vram-advisor-vram-advisor.desktop" \
        "$root/usr/share/applications/vram-advisor-vram-advisor.desktop"
    install -D -m 644 packaging/linux/vram-advisor-scenario.xml \
        "$root/usr/share/mime/packages/vram-advisor-scenario.xml"
    sed -i -E "s/^Installed-Size: .*/Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)/" \
        "$root/DEBIAN/control"
    dpkg-deb --build --root-owner-group "$root" "$deb" >/dev/null
    if dpkg-deb -f "$deb" Depends | grep -q xdg-utils; then
        echo "build-installer.sh: the .deb still depends on xdg-utils" >&2
        exit 1
    fi
    rm -rf "$root"
}

# ---------------------------------------------------------------- 4. installer
# The installer gets a copy of the image. The AOT cache goes with it (it names no absolute path). The dynamic CDS
# archive does not, as it is bound to this build's paths: the .deb dumps its own in postinst from the shipped class
# list; the .msi and .dmg start on the runtime's CDS archive.
log "jpackage installer ($OS)"
PKG_IMAGE="$WORK/package-image/$(basename "$IMAGE")"
mkdir -p "$WORK/package-image"
cp -a "$IMAGE" "$PKG_IMAGE"
case "$OS" in
    linux) PKG_APPDIR="$PKG_IMAGE/lib/app" ;;
    mac) PKG_APPDIR="$PKG_IMAGE/Contents/app" ;;
    windows) PKG_APPDIR="$PKG_IMAGE/app" ;;
esac
if [[ "$STARTUP" == cds ]]; then
    rm -f "$PKG_APPDIR/vram-advisor.jsa"
    if [[ "$OS" == linux ]] && ! grep -q 'SharedArchiveFile=' "$PKG_APPDIR/$NAME.cfg"; then
        # postinst dumps the archive on the target machine, even when the dump here failed.
        printf '%s\n' 'java-options=-XX:SharedArchiveFile=$APPDIR/vram-advisor.jsa' 'java-options=-Xshare:auto' \
            'java-options=-Xlog:cds=off' 'java-options=-Xlog:cds+dynamic=off' >> "$PKG_APPDIR/$NAME.cfg"
    fi
    if [[ "$OS" != linux ]]; then
        rm -f "$PKG_APPDIR/vram-advisor.classlist"
        sed -i.bak -e '/SharedArchiveFile=/d' -e '/-Xshare:auto/d' -e '/-Xlog:cds/d' "$PKG_APPDIR/$NAME.cfg"
        rm -f "$PKG_APPDIR/$NAME.cfg.bak"
    fi
fi
case "$OS" in
    linux) "$JPACKAGE" --type deb --app-image "$PKG_IMAGE" --dest "$OUT" --app-version "$VERSION" \
               @packaging/jpackage/metadata.args @packaging/jpackage/linux-deb.args
           repack_deb "$OUT"/*.deb ;;
    mac) "$JPACKAGE" --type dmg --app-image "$PKG_IMAGE" --dest "$OUT" --app-version "$VERSION" \
             @packaging/jpackage/metadata.args @packaging/jpackage/mac-dmg.args ;;
    windows) "$JPACKAGE" --type msi --app-image "$PKG_IMAGE" --dest "$OUT" --app-version "$VERSION" \
                 @packaging/jpackage/metadata.args @packaging/jpackage/windows-msi.args ;;
esac
log "installer ready: $(ls "$OUT"/*.deb "$OUT"/*.msi "$OUT"/*.dmg 2>/dev/null | tr '\n' ' ')"
