#!/bin/bash
# Runs a test command with a scratch directory of its own for the tests'
# files (PLUMSCALE_TEST_TMP, read by Paths.temporaryDirectory): removed
# when the command succeeds, kept and named when it fails, so a failure's
# files (a journey's pictures) are there to look at and a green run
# leaves nothing behind. Readable by the user the Wayland tests create.
set -uo pipefail
scratch=$(mktemp -d "${TMPDIR:-/tmp}/plumscale-tests-run-XXXXXX") || exit 1
chmod 755 "$scratch"
# env: the command may begin with VAR=value words (the Makefile's sanitizer builds).
PLUMSCALE_TEST_TMP="$scratch" env "$@"
status=$?
if [ "$status" -eq 0 ]; then
    rm -rf "$scratch"
else
    echo "scripts/scratch.sh: the tests failed; their files are kept in $scratch" >&2
fi
exit "$status"
