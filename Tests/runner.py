#!/usr/bin/env python3
"""Runs the XCTest classes of Snapshelf's suite side by side, for `make check` and `make test`.

Each worker owns a private Xvfb display and D-Bus session bus, so windows, focus, the accessibility
bus and GApplication's single instance never clash between workers; each class gets fresh
XDG data, cache and config folders of its own. A class is one process of the test bundle, so a
crash names its class and stops nothing else. The slowest classes start first, by the times of the
last run (.build/test-times.json) or, on a first run, by tier.

`--tier check` leaves out the classes that start an outside program (Syncthing, Shotwell,
darktable, a hostile loader or decoder); the test support refuses to start one in that tier, so a
class that needs one and is not listed in FULL_TIER fails, naming this file.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from runner_worker import LOOPBACK_ONLY, Worker, loopback_namespaces_allowed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLE = os.path.join(ROOT, ".build", "debug", "SnapshelfPackageTests.xctest")
TIMES = os.path.join(ROOT, ".build", "test-times.json")
SAMPLES = os.environ.get("SNAPSHELF_TESTDATA") or os.path.join(os.path.dirname(ROOT), "shared", "testdata", "photos")

# The classes that start Syncthing, Shotwell, darktable, a hostile GdkPixbuf loader or a hostile
# decoder: `make test` runs them, `make check` does not.
FULL_TIER = {
    "SnapshelfCommandLineTests.SyncthingConflictTests",
    "SnapshelfCommandLineTests.SyncthingLibraryTests",
    "SnapshelfCommandLineTests.SyncthingPairTests",
    "SnapshelfCommandLineTests.SyncthingSettingsTests",
    "SnapshelfCommandLineTests.PeerExportTests",
    "SnapshelfCommandLineTests.HostileLoaderTests",
    "SnapshelfCommandLineTests.HostileDecoderAttackTests",
    "SnapshelfCommandLineTests.HostileDecoderAttackControlTests",
    "SnapshelfCommandLineTests.ShotwellCommandTests",
    "SnapshelfCommandLineTests.ShotwellLimitCommandTests",
    "SnapshelfModelTests.ShotwellDatabaseTests",
    "SnapshelfModelTests.ShotwellImportTests",
    "SnapshelfModelTests.ShotwellLimitTests",
    "SnapshelfModelTests.DecoderPoolTests",
    "SnapshelfUITests.SyncthingWindowTests",
    "SnapshelfUITests.ShotwellImportWindowTests",
    "SnapshelfUITests.HostileDecoderWindowTests",
}

# The classes that read the IPC objects and the files of the ordinary user the hostile decoder's
# attacks run as, before and after each attack: the controls leave such objects on purpose, so
# none of these runs while another does.
ONE_AT_A_TIME = {
    "SnapshelfCommandLineTests.HostileDecoderAttackTests",
    "SnapshelfCommandLineTests.HostileDecoderAttackControlTests",
}

# The classes that take longest, started first on a first run, before the runner has a record:
# a long class started last would run on alone at the end.
LONG_CLASSES = [
    "SnapshelfCommandLineTests.CrashSafetyTests",
    "SnapshelfCommandLineTests.SyncthingConflictTests",
    "SnapshelfCommandLineTests.HostileDecoderAttackTests",
    "SnapshelfCommandLineTests.SidecarDisagreementTests",
    "SnapshelfCommandLineTests.HostileSidecarTests",
    "SnapshelfCommandLineTests.SyncthingLibraryTests",
    "SnapshelfCommandLineTests.PeerExportTests",
    "SnapshelfCommandLineTests.SidecarTests",
    "SnapshelfCommandLineTests.HostileLibraryTests",
    "SnapshelfCommandLineTests.HostileLoaderTests",
    "SnapshelfUITests.ShotwellImportWindowTests",
    "SnapshelfUITests.SyncthingWindowTests",
]


def listed_classes(bundle):
    listing = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True, check=True).stdout
    counts = {}
    for line in listing.splitlines():
        if "/" in line and not line.startswith("Listing"):
            name = line.split("/")[0].strip()
            counts[name] = counts.get(name, 0) + 1
    return counts


def summary_of(text):
    """XCTest's last 'Executed …' line for the class, the lines of its failures, and each test's seconds."""
    executed = [line.strip() for line in text.splitlines() if line.strip().startswith("Executed")]
    failures = [line for line in text.splitlines() if ": error: " in line or "' failed (" in line]
    seconds = {match.group(1): float(match.group(2))
               for match in re.finditer(r"Test Case '[^.']+\.(\w+)' (?:passed|failed|skipped) \(([\d.]+) seconds\)", text)}
    return (executed[-1] if executed else "no summary: the process ended early"), failures, seconds


def print_slowest(results, count):
    """Each target's seconds and the slowest tests, for Tests/README.md."""
    targets = {}
    for name, result in results.items():
        target = targets.setdefault(name.split(".")[0], [0, 0, 0.0, 0.0])
        target[0] += result["tests"]
        target[1] += 1
        target[2] += result["wall"]
        target[3] += result["cpu"]
    print("\n| target | tests | classes | seconds | CPU seconds |\n| --- | --- | --- | --- | --- |")
    for target, (tests, classes, wall, cpu) in sorted(targets.items(), key=lambda item: -item[1][2]):
        print(f"| {target} | {tests} | {classes} | {wall:.0f} | {cpu:.0f} |")
    tests = [(seconds, f"{name.split('.')[-1]}.{test}") for name, result in results.items()
             for test, seconds in result.get("seconds", {}).items()]
    print("\n| seconds | test |\n| --- | --- |")
    for seconds, test in sorted(tests, reverse=True)[:count]:
        print(f"| {seconds:.1f} | {test} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", choices=["check", "all"], default="all")
    parser.add_argument("--jobs", type=int, default=2 * (os.cpu_count() or 1) + 1,
                        help="classes run at once (default: two per core and one more, as most tests wait)")
    parser.add_argument("--bundle", default=BUNDLE)
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="print each target's time and the N slowest tests, as tables")
    parser.add_argument("only", nargs="*", help="run only the classes whose names contain one of these")
    arguments = parser.parse_args()

    if not os.path.isdir(SAMPLES):
        print(f"the sample photos are missing: {os.path.relpath(SAMPLES, ROOT)}; the tests that read them are skipped",
              flush=True)
    counts = listed_classes(arguments.bundle)
    classes = [name for name in counts
               if (arguments.tier == "all" or name not in FULL_TIER)
               and (not arguments.only or any(part in name for part in arguments.only))]
    for name, listed in (("FULL_TIER", FULL_TIER), ("LOOPBACK_ONLY", LOOPBACK_ONLY)):
        unknown = listed - set(counts)
        if unknown:
            raise SystemExit(f"{name} in {__file__} names classes the bundle does not have: {sorted(unknown)}")
    loopback_only = LOOPBACK_ONLY if LOOPBACK_ONLY & set(classes) and loopback_namespaces_allowed() else set()
    if LOOPBACK_ONLY & set(classes) and not loopback_only:
        print("this machine allows no network namespace: the Syncthing tests run on its network, "
              "kept to the loopback by their configuration alone", flush=True)
    try:
        with open(TIMES) as saved:
            known = json.load(saved)
    except (OSError, ValueError):
        known = {}
    # Longest first, so that no long class starts last; without a record, the known long classes
    # first, then the rest by tier and size.
    def expected(name):
        hint = len(LONG_CLASSES) - LONG_CLASSES.index(name) if name in LONG_CLASSES else 0
        return (-known.get(name, {}).get("wall", 0), -hint, name not in FULL_TIER, -counts[name])
    classes.sort(key=expected)

    work = list(classes)
    taking = threading.Condition()
    # The class of ONE_AT_A_TIME running now, if any.
    apart = []

    def take():
        """The next class to run, skipping one that must run alone while another such runs; None when done."""
        with taking:
            while work:
                name = next((name for name in work if name not in ONE_AT_A_TIME or not apart), None)
                if name is not None:
                    work.remove(name)
                    if name in ONE_AT_A_TIME:
                        apart.append(name)
                    return name
                taking.wait()
            return None

    def done(name):
        with taking:
            if name in apart:
                apart.remove(name)
            taking.notify_all()

    results = {}
    printing = threading.Lock()
    scratch = tempfile.mkdtemp(prefix="snapshelf-tests-")
    started = time.monotonic()

    def drain():
        worker = Worker(scratch, loopback_only)
        try:
            while (name := take()) is not None:
                try:
                    status, text, wall, cpu = worker.run(name, arguments.tier, arguments.bundle)
                finally:
                    done(name)
                executed, failures, seconds = summary_of(text)
                results[name] = {"status": status, "wall": round(wall, 2), "cpu": round(cpu, 2), "tests": counts[name],
                                 "seconds": seconds}
                with printing:
                    mark = "ok  " if status == 0 else "FAIL"
                    print(f"{mark} {wall:6.1f} s  {cpu:6.1f} s cpu  {name}: {executed}", flush=True)
                    if status != 0:
                        print(text if not failures else "\n".join(failures), flush=True)
        finally:
            worker.stop()

    threads = [threading.Thread(target=drain) for _ in range(max(1, min(arguments.jobs, len(classes))))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    shutil.rmtree(scratch, ignore_errors=True)

    failed = sorted(name for name, result in results.items() if result["status"] != 0)
    tests = sum(result["tests"] for result in results.values())
    cpu = sum(result["cpu"] for result in results.values())
    print(f"\n{arguments.tier} tier: {tests} tests in {len(results)} classes, {elapsed:.1f} s "
          f"({cpu:.1f} s of CPU, {len(threads)} at once)")
    if arguments.slowest:
        print_slowest(results, arguments.slowest)
    if not arguments.only:
        known.update(results)
        known[f"tier:{arguments.tier}"] = {"wall": round(elapsed, 1), "cpu": round(cpu, 1), "tests": tests}
        with open(TIMES, "w") as saved:
            json.dump(known, saved, indent=1, sort_keys=True)
    if failed:
        print("failed: " + ", ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
