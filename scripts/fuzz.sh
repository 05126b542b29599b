#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (swiftc -sanitize=fuzzer,address, with
# the Foundation-only PlumScaleCore target linked in, as the AddressSanitizer
# build compiled it) and runs each for SECONDS.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (default: $FUZZ_SECONDS or 60; all targets)
#   scripts/fuzz.sh --build [TARGET...]       (builds them, fuzzes nothing)
#
# Targets: replay (JSONLinesReplay.parse: repeated keys, open ids bounded),
# evemu (EvemuRecording + inputEvents, declared sizes included, and the
# streamed EvemuStream giving the same events), config (Config.parse:
# durations in range, no NUL in strings bound for C), state (state document round
# trip), terminal (TerminalText and the history listing), writer (OutputFile
# with failing system calls; compiled with the shell's OutputFile.swift and
# InputFile.swift, whose NUL check it shares) and
# history (HistoryStore on foreign and damaged files; the shell's history
# sources and SQLite).
# Corpora live in .build/fuzz/corpus/TARGET, seeded at each run from the
# repository's replays, ../shared/recordings and Fuzz/seeds (copies: the
# originals are never written). Crashing inputs go to .build/fuzz/crashes/.
# Prints one line per target ("fuzz replay: 1234567 execs in 60 s, 0 crashes")
# and exits 1 if any target crashed.
set -uo pipefail
cd "$(dirname "$0")/.."
# --build: only the builds (CI makes them beforehand, in what the test
# stage leaves of the cores; the pass then finds nothing stale).
build_only=0
if [ "${1:-}" = --build ]; then
    build_only=1
    shift
    seconds=0
else
    seconds=${1:-${FUZZ_SECONDS:-60}}
    shift || true
fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(replay evemu config state terminal writer history)

out=.build/fuzz
mkdir -p "$out/crashes" "$out/logs"
flags=(-parse-as-library -O -sanitize=fuzzer,address -use-ld=lld)

# The Core: the AddressSanitizer build's own (make sanitize-build-address,
# whose tests run it), which Package.swift compiles there with the fuzzer's
# coverage too (in the tests, the ASan runtime's hooks for it do nothing):
# one build of the Core for both, where the fuzzers once compiled their own.
# Built here if it is missing or older than a source (CI builds it first,
# for the sanitized tests). Its object files, archived, go into each target.
asan_bin=.build/asan/debug
# (An object file tells: the whole-module build writes every one of them.)
object=$(find "$asan_bin/PlumScaleCore.build" -name '*.swift.o' 2>/dev/null | head -1)
if [ -z "$object" ] || [ -n "$(find Sources/PlumScaleCore Package.swift -name '*.swift' -newer "$object" | head -1)" ]; then
    echo "fuzz: building the Core (the AddressSanitizer build's, with the fuzzer's coverage)"
    PLUMSCALE_SANITIZED=address swift build --sanitize=address --scratch-path .build/asan --target PlumScaleCore \
        >"$out/logs/build-core.log" 2>&1 || { cat "$out/logs/build-core.log"; exit 2; }
fi
lib="$out/libPlumScaleCore.a"
if [ ! -f "$lib" ] || [ -n "$(find "$asan_bin/PlumScaleCore.build" -name '*.swift.o' -newer "$lib" | head -1)" ]; then
    rm -f "$lib"
    ar rcs "$lib" "$asan_bin"/PlumScaleCore.build/*.swift.o || exit 2
fi

declare -A source=([replay]=ReplayFuzzer [evemu]=EvemuFuzzer [config]=ConfigFuzzer [state]=StateDocumentFuzzer
    [terminal]=TerminalFuzzer [writer]=WriterFuzzer [history]=HistoryFuzzer)
# Shell sources a target is compiled with (they need only Foundation, Glibc
# and, for the history, SQLite through Sources/CSQLite's module map).
history_sources=(Sources/PlumScale/Platform/History/HistoryStore.swift Sources/PlumScale/Platform/History/HistorySchema.swift
    Sources/PlumScale/Platform/History/HistoryQueries.swift Sources/PlumScale/Platform/History/SQLiteStatement.swift
    Sources/PlumScale/Platform/History/HistoryError.swift Sources/PlumScale/Platform/Fleet/FleetOutbox.swift
    Sources/PlumScale/Files/InputFile.swift
    Sources/PlumScale/Files/OutputFile.swift)
declare -A extra=([writer]="Sources/PlumScale/Files/OutputFile.swift Sources/PlumScale/Files/InputFile.swift" [history]="${history_sources[*]}")
declare -A extra_flags=([history]="-I Sources/CSQLite -package-name PlumScale")
for target in "${targets[@]}"; do
    [ -n "${source[$target]:-}" ] || { echo "fuzz: unknown target $target (replay, evemu, config, state, terminal, writer, history)"; exit 2; }
done

# One target built if stale; returns 2 (its errors printed) if it would not build.
build_target() {
    local target=$1
    local file=${source[$target]}
    local bin="$out/fuzz-$target"
    read -r -a more <<<"${extra[$target]:-}"
    read -r -a more_flags <<<"${extra_flags[$target]:-}"
    stale=0
    for src in "Fuzz/$file.swift" Fuzz/FuzzSupport.swift "$lib" "${more[@]}"; do [ "$src" -nt "$bin" ] && stale=1; done
    if [ ! -x "$bin" ] || [ $stale = 1 ]; then
        swiftc "${flags[@]}" -I "$asan_bin/Modules" "${more_flags[@]}" "Fuzz/$file.swift" Fuzz/FuzzSupport.swift "${more[@]}" "$lib" -o "$bin" \
            2>"$out/logs/build-$target.log" || { cat "$out/logs/build-$target.log"; return 2; }
    fi
    return 0
}

# One target: built if stale, then fuzzed for $seconds. Prints its line and
# returns 2 if it would not build, 1 if it crashed.
fuzz_target() {
    local target=$1
    bin="$out/fuzz-$target"
    build_target "$target" || return 2
    [ $build_only = 1 ] && return 0
    corpus="$out/corpus/$target"
    mkdir -p "$corpus"
    case $target in
        replay) seeds=(Resources/sessions/*.jsonl Fuzz/seeds/replay/*) ;;
        evemu)  seeds=(Tests/PlumScaleCoreTests/Fixtures/recordings/*.evemu ../shared/recordings/*.evemu Fuzz/seeds/evemu/*) ;;
        config) seeds=(Fuzz/seeds/config/*) ;;
        state)  seeds=(Fuzz/seeds/state/* Resources/sessions/*.jsonl) ;;
        terminal) seeds=(Fuzz/seeds/terminal/*) ;;
        writer) seeds=(Fuzz/seeds/writer/*) ;;
        history) seeds=(Fuzz/seeds/history/*) ;;
    esac
    for seed in "${seeds[@]}"; do [ -f "$seed" ] && cp "$seed" "$corpus/seed-$(basename "$seed")"; done
    dict=()
    [ -f "Fuzz/dicts/$target.dict" ] && dict=(-dict="Fuzz/dicts/$target.dict")
    log="$out/logs/$target.log"
    "$bin" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$out/crashes/$target-" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$execs" ] || execs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
    crashes=0
    if [ $rc -ne 0 ]; then
        crashes=1
        grep -m3 -E "ERROR|Fatal error|panic|SUMMARY|Test unit written" "$log"
    fi
    echo "fuzz $target: ${execs:-?} execs in $seconds s, $crashes crash(es), corpus $(ls "$corpus" | wc -l) inputs (log $log)"
    return $crashes
}

# As many targets at once as there are cores: libFuzzer runs one process on
# one core, so each target still has a core to itself for its $seconds, and
# the pass takes a fraction of the time. (Two ASan processes share memory
# bandwidth: in 10 s evemu and state ran about a quarter fewer inputs than
# alone, the others as many.) Each target's lines are printed together, in
# the order above.
jobs=$(nproc)
status=0
pids=()
for i in "${!targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    fuzz_target "${targets[$i]}" >"$out/logs/pass-$i.out" 2>&1 &
    pids[i]=$!
done
for i in "${!targets[@]}"; do
    wait "${pids[$i]}"
    rc=$?
    cat "$out/logs/pass-$i.out"
    [ $rc -gt "$status" ] && status=$rc
done
[ $build_only = 1 ] && [ $status = 0 ] && echo "fuzz: ${#targets[@]} targets built in $out"
exit $status
