#!/usr/bin/env bash
# make test: every suite, then the tests that were skipped and why. Swift
# Testing's last line counts a skipped test among those that "passed"; this
# says plainly which did not run (those that need ../shared's public
# recordings, in a clone with nothing beside it).
#
# With no arguments the suites run as five test processes side by side.
# Most of the end-to-end layer waits (a replay played in real time, Xvfb, a
# broker, a child's exit), and one process runs only as many tests at once
# as the machine has cores, each wait holding one: alone it kept less than
# half of two cores busy. The parts: the five-object journey (two chains of
# three sizes) with the core's layer; the other journeys; the windows,
# compositors and systemd, with the Peek & Pop journeys (a chain of three); the two longest single tests (the soak's own
# process and the install test's release build), so that they hold no
# other test back; the rest, which takes every suite the others do not
# name, so a new suite is never left out.
# With arguments (a --filter), one process, as given.
set -uo pipefail
swift=${SWIFT:-swift}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

if [ $# -gt 0 ]; then
    "$(dirname "$0")/scratch.sh" "$swift" test "$@" 2>&1 | tee "$dir/all.log"
    status=${PIPESTATUS[0]}
    logs=("$dir/all.log")
else
    first='^PlumScaleEndToEndTests\.JourneyWeighTests'
    journeys='^PlumScaleEndToEndTests\.Journey'
    peekPop='^PlumScaleEndToEndTests\.JourneyPeekPopTests'
    windows='^PlumScaleEndToEndTests\.(Window|KioskWindow|Wayland|GPUPath|Systemd|X11|JourneyPeekPop)'
    longest='^(PlumScaleShellTests\.SoakTests|PlumScaleEndToEndTests\.InstallTests)'
    parts=(
        "--filter $first --filter ^PlumScaleCoreTests\."
        "--filter $journeys --skip $first --skip $peekPop"
        "--filter $windows"
        "--filter $longest"
        "--skip $journeys --skip $windows --skip $longest --skip ^PlumScaleCoreTests\."
    )
    began=$SECONDS
    "$swift" build --build-tests >"$dir/build.log" 2>&1 || { cat "$dir/build.log"; exit 1; }
    echo "make test: the program, its hooks and the tests built in $((SECONDS - began)) s"
    began=$SECONDS
    # The test bundle itself, as swift test starts it: swift test holds the
    # build directory's lock while its tests run, so three would run in turn.
    bundle="$("$swift" build --show-bin-path)/PlumScalePackageTests.xctest"
    pids=()
    logs=()
    for i in "${!parts[@]}"; do
        # Each part's tests make their files in a scratch directory of its
        # own (scripts/scratch.sh): removed when the part passes, kept and
        # named in its output when it fails.
        # shellcheck disable=SC2086
        "$(dirname "$0")/scratch.sh" "$bundle" --testing-library swift-testing ${parts[$i]} >"$dir/part$i.log" 2>&1 &
        pids+=($!)
        logs+=("$dir/part$i.log")
    done
    status=0
    # Each part's end, in the order they end: the longest sets the stage's time.
    running=("${pids[@]}")
    for _ in "${!pids[@]}"; do
        done_pid=
        part_status=0
        wait -n -p done_pid "${running[@]}" || part_status=1
        # Waited for: out of the list (bash forgets it, "no such job").
        for k in "${!running[@]}"; do [ "${running[$k]}" = "$done_pid" ] && unset "running[$k]"; done
        for i in "${!pids[@]}"; do
            [ "${pids[$i]}" = "$done_pid" ] || continue
            echo "make test: part $((i + 1)) ended after $((SECONDS - began)) s"
            [ "$part_status" -eq 0 ] || status=1
        done
    done
    echo "make test: the ${#parts[@]} parts ran in $((SECONDS - began)) s"
    for i in "${!logs[@]}"; do
        echo "━━ make test, part $((i + 1)) of ${#logs[@]}: ${parts[$i]}"
        cat "${logs[$i]}"
    done
fi

# Counted over every part: the tests run, those that failed, those skipped.
ran=$(cat "${logs[@]}" | sed -nE 's/^. Test run with ([0-9]+) tests? .*/\1/p' | awk '{ n += $1 } END { print n + 0 }')
failed=$(cat "${logs[@]}" | grep -cE '^✘ Test [^ ]+\(.*\) (with .* )?failed after' || true)
skipped=$(cat "${logs[@]}" | grep -c '^➜ Test .* skipped' || true)
if [ "$skipped" -gt 0 ]; then
    echo "make test: $skipped of those tests did not run (skipped, not passed):"
    cat "${logs[@]}" | grep '^➜ Test .* skipped' | sed 's/^➜ /  /'
fi
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "tests: $((${ran:-0} - skipped - failed)) passed, $failed failed, $skipped skipped"
exit "$status"
