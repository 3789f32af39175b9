# Sourced by bench/run: memory with helpers. The RSS of Snapshelf and of every decoder it started
# taken together, each resident page counted once, and the sum of their peak RSS
# (helpers-memory.py), beside the grid window's peak RSS, at 10,000 and 1,000,000 photos: once the
# first screen's thumbnails are made, and after scrolling through the library. Each run clears
# the thumbnails first, so decoders have the first screen to make: the worst case.
# $BENCH_MEMORY_RUNS rounds (default 3), each taking the grid window and the four Snapshelf cells
# in turn; the median counts.

# helpers_memory SNAPSHELF GRID_WINDOW LIBRARY_10000 LIBRARY_1000000: sets helpers_rss[CELL] (pages
# counted once), helpers_sum[CELL] (the peaks added up) and helpers_count[CELL] (decoders started)
# for CELL in first-10000, scrolled-10000, first-1000000 and scrolled-1000000, and helpers_rss[grid].
declare -A helpers_rss helpers_sum helpers_count
helpers_memory() {
    local snapshelf=$1 grid=$2 rounds=${BENCH_MEMORY_RUNS:-3} round cell size mode rss sum count made
    local -A libraries=([10000]=$3 [1000000]=$4)
    local results=$work/helpers-memory
    rm -rf "$results" && mkdir -p "$results"
    # Once first, as every launch of bench/run: Mesa fills its shader cache on a first run.
    "$grid" >/dev/null 2>&1 || { echo "bench/run: the grid window failed; run $grid to see why" >&2; exit 1; }
    for round in $(seq "$rounds"); do
        /usr/bin/time -a -o "$results/grid" -f "%M" "$grid" >/dev/null 2>&1 \
            || { echo "bench/run: the grid window failed; run $grid to see why" >&2; exit 1; }
        for size in 10000 1000000; do
            for mode in first-screen scrolled; do
                rm -rf "$XDG_CACHE_HOME/thumbnails"
                read -r rss sum count made < <(python3 "$here/helpers-memory.py" "$snapshelf" "${libraries[$size]}" "$mode")
                [ "${made:-0}" -gt 0 ] || { echo "bench/run: Snapshelf made no thumbnail for $mode at $size photos" >&2; exit 1; }
                echo "$rss" >>"$results/$mode-$size"
                echo "$sum" >>"$results/$mode-$size.sum"
                echo "$count" >>"$results/$mode-$size.count"
            done
        done
    done
    helpers_rss[grid]=$(( $(median <"$results/grid") / 1024 ))
    for size in 10000 1000000; do
        for mode in first-screen scrolled; do
            cell=${mode%-screen}-$size
            helpers_rss[$cell]=$(median <"$results/$mode-$size")
            helpers_sum[$cell]=$(median <"$results/$mode-$size.sum")
            helpers_count[$cell]=$(median <"$results/$mode-$size.count")
        done
    done
}

# Prints the four rows beside the grid window, with the target of issue 24; Σ is the sum of peaks.
helpers_memory_rows() {
    local size mode cell label
    for size in 10000 1000000; do
        for mode in first scrolled; do
            cell=$mode-$size
            label="RSS+helpers, $size, first screen"
            [ "$mode" = scrolled ] && label="RSS+helpers, $size, scrolled"
            row "$label" "${helpers_rss[$cell]} MB (Σ ${helpers_sum[$cell]})" \
                "libadwaita grid window ${helpers_rss[grid]} MB; ${helpers_count[$cell]} decoders" \
                "+$((helpers_rss[$cell] - helpers_rss[grid])) MB" "≤ +40 MB"
        done
    done
}
