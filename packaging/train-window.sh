#!/usr/bin/env bash
# Starts the app's window, waits until it is shown and has had time to draw its results, then ends the app with SIGTERM.
# Used by build-installer.sh (inside xvfb-run) to record the classes a window start-up loads.
set -u
"$1" &
pid=$!
for _ in $(seq 1 600); do
    xdotool search --onlyvisible --name "VRAM Advisor" >/dev/null 2>&1 && break
    sleep 0.1
done
# The window shows a skeleton first and its content about 2-3 s after launch; wait well past that.
sleep 5
kill -TERM "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exit 0
