#!/usr/bin/env python3
"""Prints the mean bytes per thumbnail of Snapshelf's and of gdk-pixbuf-thumbnailer's, made from the
same photos: `thumbnail-bytes.py SNAPSHELF_FOLDER THUMBNAILER_FOLDER COUNT`.

It counts only what is a thumbnail by the freedesktop.org standard: each of Snapshelf's must be an
8-bit PNG, not interlaced, with its Thumb::URI and Thumb::MTime, and each folder must hold COUNT,
so that a smaller file that breaks the standard, or a missing one, stops the benchmark instead.
"""
import pathlib
import struct
import sys
import zlib


def check(path):
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return "not a PNG"
    position, header, keys = 8, None, set()
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[position + 8 + length:position + 12 + length])[0]:
            return f"bad CRC in {kind.decode()}"
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"tEXt":
            keys.add(body.split(b"\0", 1)[0].decode("latin-1"))
        position += 12 + length
    if header is None or header[2] != 8 or header[3] not in (2, 6) or header[6] != 0:
        return f"not 8-bit RGB or RGBA without interlacing: {header}"
    if not {"Thumb::URI", "Thumb::MTime"} <= keys:
        return f"no Thumb::URI or Thumb::MTime among {sorted(keys)}"
    return None


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: thumbnail-bytes.py SNAPSHELF_FOLDER THUMBNAILER_FOLDER COUNT")
    count = int(sys.argv[3])
    means = []
    for index, folder in enumerate(sys.argv[1:3]):
        files = sorted(pathlib.Path(folder).glob("*.png"))
        if len(files) != count:
            sys.exit(f"thumbnail-bytes.py: {folder} holds {len(files)} thumbnails, not {count}")
        for path in files if index == 0 else []:
            problem = check(path)
            if problem:
                sys.exit(f"thumbnail-bytes.py: {path} is no standard thumbnail: {problem}")
        means.append(sum(path.stat().st_size for path in files) / count)
    print(" ".join(f"{mean / 1000:.2f}" for mean in means))


main()
