#!/usr/bin/env python3
"""Writes COUNT distinct full-size photos into OUT, cycling through the given JPEG files.

Each copy gets a few bytes after the JPEG's end-of-image marker, so every file has its own
content hash (and is a new photo to Snapshelf) while decoding exactly like its source.
"""
import pathlib
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: make-corpus.py COUNT OUT SOURCE.jpg...")
    count, out = int(sys.argv[1]), pathlib.Path(sys.argv[2])
    sources = [pathlib.Path(p) for p in sys.argv[3:]]
    contents = [p.read_bytes() for p in sources]
    out.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        source = index % len(sources)
        name = f"{index:03d}-{sources[source].stem}.jpg"
        (out / name).write_bytes(contents[source] + f"snapshelf-bench-{index}".encode())


main()
