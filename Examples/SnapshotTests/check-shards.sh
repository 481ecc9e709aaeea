#!/usr/bin/env bash
# Runs the screen snapshots as two shards (LAMINA_SHARD=1/2 and 2/2) and checks that together
# they ran each test exactly once, and that each shard reported the other's tests as skipped.
set -euo pipefail
cd "$(dirname "$0")"
suite=ScreenSnapshotTests
all=$(grep -o '@Test func [A-Za-z0-9_]*' Tests/SnapshotScreensTests/$suite.swift | sed 's/@Test func //' | sort)
ran=""
for shard in 1 2; do
    log=$(mktemp)
    LAMINA_SHARD=$shard/2 SNAPSHOT_TESTING_RECORD=never swift test --skip-build --filter "$suite" > "$log" 2>&1 || {
        cat "$log"; echo "check-shards: shard $shard/2 failed" >&2; exit 1; }
    passed=$(grep -o '✔ Test [A-Za-z0-9_]*()' "$log" | sed 's/✔ Test //; s/()//' | sort)
    skipped=$(grep -o 'Test [A-Za-z0-9_]*() was cancelled' "$log" | sed 's/Test //; s/() was cancelled//' | sort)
    if [ "$(printf '%s\n%s\n' "$passed" "$skipped" | grep -v '^$' | sort)" != "$all" ]; then
        echo "check-shards: shard $shard/2 neither ran nor skipped some tests" >&2
        printf 'passed:\n%s\nskipped:\n%s\n' "$passed" "$skipped" >&2; exit 1
    fi
    echo "shard $shard/2 ran: $(echo $passed)"
    ran=$(printf '%s\n%s\n' "$ran" "$passed" | grep -v '^$' || true)
    rm -f "$log"
done
if [ "$(echo "$ran" | sort)" != "$all" ]; then
    echo "check-shards: the shards together did not run each test exactly once" >&2
    printf 'ran:\n%s\nall:\n%s\n' "$(echo "$ran" | sort)" "$all" >&2; exit 1
fi
echo "check-shards: $(echo "$all" | wc -l) tests, each in exactly one of two shards"
