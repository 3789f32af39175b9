#!/usr/bin/env python3
"""Memory with helpers: the peak RSS of Snapshelf and of every decoder it started, added up.

    helpers-memory.py SNAPSHELF LIBRARY first-screen|scrolled

Starts the app on the library and samples /proc every 20 ms: each process's VmHWM (its own peak
RSS, which the kernel keeps, so a sample need only see a decoder once before it ends), for the app
and each child of it (the decoders). Every second, and at the end, it also counts the distinct
physical pages the app and its decoders have resident together, from /proc/PID/pagemap (which
needs root): a page of a library that the app and a decoder both map counts once, as it takes
memory once. Prints, in MiB, that count's peak, then the sum of the peaks of RSS, then how many
decoders ran and how many thumbnails the cache holds.

- first-screen: from launch until the first screen's thumbnails are made (the cache's count has
  stopped growing for 1.5 s), so the decoders that made them are counted; start with an empty
  cache;
- scrolled: as bench/run's scrolling: a tile clicked, 60 pages down, the end and back home.

The distinct pages are the RSS of the app and its helpers taken as one: what the anchors' RSS is
for one process, and what the benchmark sets against them. The sum of peaks counts the libraries
mapped by both the app and a decoder once per process (a decoder's RSS is mostly such pages) and
adds peaks that may not have come at once, so it is an upper bound. PSS would share the libraries'
pages out with every other program mapping them at that moment too, and so change with whatever
else runs on the machine.
"""
import array
import os
import subprocess
import sys
import threading
import time


def vm_hwm_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                # The command name is in parentheses and may hold spaces; the parent comes after it.
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    return found


def resident_pages(pid):
    """The physical frame numbers of the process's resident pages."""
    frames = set()
    try:
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
            for line in maps:
                start, end = (int(bound, 16) for bound in line.split()[0].split("-"))
                if line.rstrip().endswith("[vsyscall]"):
                    continue
                pagemap.seek(start // 4096 * 8)
                entries = array.array("Q", pagemap.read((end - start) // 4096 * 8))
                # Bit 63: present; bits 0-54: the frame.
                frames.update(entry & ((1 << 55) - 1) for entry in entries if entry >> 63)
    except OSError:
        pass
    return frames


class Sampler(threading.Thread):
    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.peaks = {}
        self.together = 0
        self.done = threading.Event()

    def sample(self):
        for pid in [self.pid] + children(self.pid):
            peak = vm_hwm_kib(pid)
            if peak is not None:
                self.peaks[pid] = max(self.peaks.get(pid, 0), peak)

    def count_together(self):
        frames = set()
        for pid in [self.pid] + children(self.pid):
            frames |= resident_pages(pid)
        self.together = max(self.together, len(frames) * 4)

    def run(self):
        counted = 0
        while not self.done.is_set():
            self.sample()
            if time.monotonic() - counted >= 1:
                self.count_together()
                counted = time.monotonic()
            time.sleep(0.02)


def xdotool(*arguments):
    return subprocess.run(["xdotool", *arguments], check=True, capture_output=True, text=True).stdout


def thumbnails_made():
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "thumbnails", "large")
    return len(os.listdir(cache)) if os.path.isdir(cache) else 0


def settled(count, quiet=1.5, limit=30):
    """Waits until count() is above 0 and has not changed for `quiet` seconds, or `limit` passed."""
    deadline = time.monotonic() + limit
    last, since = count(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = count()
        if now != last:
            last, since = now, time.monotonic()
        elif now > 0 and time.monotonic() - since >= quiet:
            return


def main():
    snapshelf, library, mode = sys.argv[1:4]
    app = subprocess.Popen([snapshelf, "--library", library], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sampler = Sampler(app.pid)
    sampler.start()
    try:
        window = xdotool("search", "--sync", "--onlyvisible", "--pid", str(app.pid)).split()[-1]
        if mode == "first-screen":
            settled(thumbnails_made)
        else:
            time.sleep(1)
            xdotool("windowfocus", "--sync", window)
            xdotool("mousemove", "--window", window, "140", "170", "click", "1")
            for _ in range(60):
                xdotool("key", "Page_Down")
                time.sleep(0.1)
            xdotool("key", "End")
            time.sleep(2)
            xdotool("key", "Home")
            time.sleep(2)
        sampler.done.set()
        sampler.join()
        sampler.sample()
        sampler.count_together()
    finally:
        app.kill()
        app.wait()
    print(round(sampler.together / 1024), round(sum(sampler.peaks.values()) / 1024), len(sampler.peaks) - 1, thumbnails_made())


if __name__ == "__main__":
    main()
