# Sourced by bench/run: the test suite's tiers (issue 32), timed as a contributor meets them. A
# clean clone of the committed tree is built with its tests and runs `make test`, the whole suite
# as CI runs it (packages installed, build included); then `make check`, the fast tier, from that
# warm build. The clone reads the sample photos through SNAPSHELF_TESTDATA. Each tier's own
# figures (tests, CPU seconds) come from the runner's record in the clone's .build.

# test_tiers: sets tier_build (the clean build, tests included), tier_test and tier_check (wall
# seconds of each make target), and tier_test_cpu, tier_check_cpu, tier_test_count, tier_check_count.
test_tiers() {
    local clone=$work/suite started
    rm -rf "$clone"
    git clone -q "$root" "$clone"
    export SNAPSHELF_TESTDATA=$photos
    started=$(date +%s.%N)
    (cd "$clone" && env -u DISPLAY -u DBUS_SESSION_BUS_ADDRESS make test >"$work/suite-test.log" 2>&1) ||
        { tail -40 "$work/suite-test.log" >&2; echo "bench/run: make test failed in a clean clone" >&2; exit 1; }
    tier_test=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
    tier_build=$(sed -n 's/^Build complete! (\([0-9.]*\)s)$/\1/p' "$work/suite-test.log" | tail -1)
    started=$(date +%s.%N)
    (cd "$clone" && env -u DISPLAY -u DBUS_SESSION_BUS_ADDRESS make check >"$work/suite-check.log" 2>&1) ||
        { tail -40 "$work/suite-check.log" >&2; echo "bench/run: make check failed" >&2; exit 1; }
    tier_check=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
    read -r tier_test_cpu tier_test_count tier_check_cpu tier_check_count < <(python3 -c '
import json, sys
times = json.load(open(sys.argv[1]))
print(*(times[f"tier:{tier}"][key] for tier in ("all", "check") for key in ("cpu", "tests")))' "$clone/.build/test-times.json")
    unset SNAPSHELF_TESTDATA
    rm -rf "$clone"
}

# Prints the three rows, with the targets of issue 32.
test_tiers_rows() {
    row "Build with tests, clean clone" "$tier_build s" "" "" ""
    row "make test, clean clone" "$tier_test s" "$tier_test_count tests, $tier_test_cpu s of CPU" "" "≤ 300 s"
    row "make check, warm build" "$tier_check s" "$tier_check_count tests, $tier_check_cpu s of CPU" "" "≤ 90 s"
}
