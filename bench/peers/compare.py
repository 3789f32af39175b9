"""Times Snapshelf beside Shotwell 0.30 (and gThumb, where installed) on the same photos, and
prints one table (make bench-peers).

Usage: compare.py SNAPSHELF WORK RUNS
WORK holds corpus/ (the photos to import), library-10000/ (a Snapshelf library), shotwell-10000/
(the HOME of a Shotwell library of the same photos) and gthumb-10000/photos (the same photos in
one folder, as gThumb browses them), as bench/peers/run makes them. Each figure is the median of
RUNS runs of each app, taken in turn.
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


def openers(snapshelf, work, log):
    """How to open the 10,000 photos in each app, by name."""
    own = dict(os.environ, XDG_CACHE_HOME=str(work / "open-cache"), XDG_CONFIG_HOME=str(work / "open-config"),
               XDG_DATA_HOME=str(work / "open-data"))
    result = {
        "Snapshelf": lambda: apps.measure_open([snapshelf, "--library", str(work / "library-10000")], own, log),
        # Over 5,000 rows, Shotwell shows a "Loading Shotwell" window before its own (src/main.vala).
        "Shotwell": lambda: apps.measure_open(["shotwell"], shotwell.environment(work / "shotwell-10000"), log,
                                              window="^Shotwell$"),
    }
    if shutil.which("gthumb"):
        # The first opening makes gThumb's thumbnails of all 10,000, which takes longer.
        result["gThumb"] = lambda: apps.measure_open(["gthumb", str(work / "gthumb-10000/photos")],
                                                     shotwell.environment(work / "gthumb-10000"), log, timeout=300)
    return result


def in_turn(runs, actions):
    """Runs each action `runs` times, starting each round with the next one, and returns the
    results of each by name."""
    names = list(actions)
    results = {name: [] for name in names}
    for run in range(runs):
        for name in names[run % len(names):] + names[:run % len(names)]:
            results[name].append(actions[name](run))
    return results


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: compare.py SNAPSHELF WORK RUNS")
    snapshelf, work, runs = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3])
    photos = sorted((work / "corpus").iterdir())
    log = open(work / "apps.log", "a")
    try:
        imports = in_turn(runs, {"Snapshelf": lambda run: import_snapshelf(snapshelf, work, photos, log),
                                 "Shotwell": lambda run: import_shotwell(work, photos, run, log)})
        opening = openers(snapshelf, work, log)
        # One opening of each first, which fills the page cache and the thumbnail caches.
        for open_library in opening.values():
            open_library()
        opens = in_turn(runs, {name: lambda run, action=action: action() for name, action in opening.items()})
    except (apps.Timeout, subprocess.CalledProcessError) as error:
        sys.exit(f"compare.py: {error} (the apps' output is in {work / 'apps.log'})")

    peers = [name for name in opens if name != "Snapshelf"]
    version = subprocess.run(["shotwell", "--version"], capture_output=True, text=True).stdout.split("(")[0].strip()
    print(f"\nSnapshelf beside {version}{' and gThumb' if 'gThumb' in peers else ''}, "
          f"{time.strftime('%Y-%m-%d', time.gmtime())}, medians of {runs} runs of each, taken in turn;\n"
          "ratio: Snapshelf's figure ÷ the peer's, so below 1× Snapshelf is faster or smaller\n")
    print(f"{'Measure':<38}{'Snapshelf':>10}{'':5}" + "".join(f"{name:>10}{'':5}{'Ratio':>7}" for name in peers))

    def row(measure, figures, unit, digits):
        ours, line = figures["Snapshelf"], f"{measure:<38}"
        for name in ["Snapshelf", *peers]:
            figure = figures.get(name)
            line += f"{figure:>10.{digits}f} {unit:<4}" if figure is not None else f"{'–':>10}{'':5}"
            if name != "Snapshelf":
                line += f"{ours / figure:>6.2f}×" if figure else f"{'':7}"
        print(line.rstrip())

    row(f"Import {len(photos)} photos, thumbnails made", {name: statistics.median(times) for name, times in imports.items()}, "s", 2)
    for column, measure, unit, digits in ((0, "Open 10,000: window mapped", "s", 2),
                                          (1, "Open 10,000: processor idle", "s", 2),
                                          (2, "Open 10,000: peak RSS, main process", "MiB", 0),
                                          (3, "Open 10,000: peak RSS, with children", "MiB", 0)):
        row(measure, {name: statistics.median(result[column] for result in results) for name, results in opens.items()},
            unit, digits)


main()
