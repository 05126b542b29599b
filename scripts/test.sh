#!/usr/bin/env bash
# make test: every suite, then the tests that were skipped and why. Swift
# Testing's last line counts a skipped test among those that "passed"; this
# says plainly which did not run (those that need ../shared's public
# recordings, in a clone with nothing beside it).
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
skipped=$(grep -c '^➜ Test .* skipped' "$log" || true)
if [ "$skipped" -gt 0 ]; then
    echo "make test: $skipped of those tests did not run (skipped, not passed):"
    grep '^➜ Test .* skipped' "$log" | sed 's/^➜ /  /'
fi
exit "$status"
