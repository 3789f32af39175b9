"""Times Snapshelf beside Shotwell 0.30 on the same photos, and prints one table (make bench-peers).

Usage: compare.py SNAPSHELF WORK RUNS
WORK holds corpus/ (the photos to import), library-10000/ (a Snapshelf library) and
shotwell-10000/ (the HOME of a Shotwell library of the same photos), as bench/peers/run makes
them. Each figure is the median of RUNS runs of each app, taken in turn.
"""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

import apps
import shotwell


def import_snapshelf(snapshelf, work, photos, log):
    """Seconds `snapshelf import` takes to copy the photos into a new library, thumbnails made."""
    library, cache = work / "import-snapshelf", work / "import-cache"
    shutil.rmtree(library, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    started = time.monotonic()
    subprocess.run([snapshelf, "import", "--library", library, *photos], env=dict(os.environ, XDG_CACHE_HOME=str(cache)),
                   stdout=log, stderr=log, check=True, timeout=300)
    seconds = time.monotonic() - started
    made = len(list((cache / "thumbnails/large").iterdir()))
    if made != len(photos):
        sys.exit(f"compare.py: snapshelf import made {made} thumbnails, not {len(photos)}")
    return seconds


def import_shotwell(work, photos, run, log):
    home = work / f"import-shotwell-{run}"
    process, seconds = shotwell.import_copies(home, photos[0].parent, len(photos), log)
    apps.stop(process)
    shutil.rmtree(home)
    return seconds


def open_snapshelf(snapshelf, work, log):
    env = dict(os.environ, XDG_CACHE_HOME=str(work / "open-cache"), XDG_CONFIG_HOME=str(work / "open-config"),
               XDG_DATA_HOME=str(work / "open-data"))
    return apps.measure_open([snapshelf, "--library", str(work / "library-10000")], env, log)


def open_shotwell(work, log):
    return apps.measure_open(["shotwell"], shotwell.environment(work / "shotwell-10000"), log)


def in_turn(runs, first, second):
    """Runs both, alternating which goes first, and returns the results of each."""
    results = ([], [])
    for run in range(runs):
        order = (0, 1) if run % 2 == 0 else (1, 0)
        for index in order:
            results[index].append((first, second)[index](run))
    return results


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: compare.py SNAPSHELF WORK RUNS")
    snapshelf, work, runs = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3])
    photos = sorted((work / "corpus").iterdir())
    log = open(work / "apps.log", "a")
    try:
        imports = in_turn(runs, lambda run: import_snapshelf(snapshelf, work, photos, log),
                          lambda run: import_shotwell(work, photos, run, log))
        # One opening of each first, which fills the page cache and Snapshelf's thumbnail cache.
        open_snapshelf(snapshelf, work, log)
        open_shotwell(work, log)
        opens = in_turn(runs, lambda run: open_snapshelf(snapshelf, work, log), lambda run: open_shotwell(work, log))
    except apps.Timeout as error:
        sys.exit(f"compare.py: {error} (the apps' output is in {work / 'apps.log'})")

    def median(results, column=None):
        return statistics.median(results if column is None else [result[column] for result in results])

    def row(measure, ours, theirs, unit, digits):
        ratio = f"{ours / theirs:.2f}×" if theirs > 0 else "–"
        print(f"{measure:<40}{ours:>10.{digits}f} {unit:<5}{theirs:>10.{digits}f} {unit:<5}{ratio:>8}")

    version = subprocess.run(["shotwell", "--version"], capture_output=True, text=True).stdout.split("(")[0].strip()
    print(f"\nSnapshelf beside {version}, {time.strftime('%Y-%m-%d', time.gmtime())}, "
          f"medians of {runs} runs of each, taken in turn; ratio: Snapshelf ÷ Shotwell\n")
    print(f"{'Measure':<40}{'Snapshelf':>10}{'':6}{'Shotwell':>10}{'':6}{'Ratio':>8}")
    row(f"Import {len(photos)} photos, thumbnails made", median(imports[0]), median(imports[1]), "s", 2)
    for column, measure, unit, digits in ((0, "Open 10,000: window mapped", "s", 2),
                                          (1, "Open 10,000: processor idle", "s", 2),
                                          (2, "Open 10,000: peak RSS, main process", "MiB", 0),
                                          (3, "Open 10,000: peak RSS, with children", "MiB", 0)):
        row(measure, median(opens[0], column), median(opens[1], column), unit, digits)


main()
