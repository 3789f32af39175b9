#!/usr/bin/env python3
"""Reads a PNG with nothing but Python's zlib and struct, sharing no code with Snapshelf's writer
or with libpng, and prints what the thumbnail tests check as JSON: the header's fields, the tEXt
keys, which filters the rows used and how many used the one the writer's rule picks, and the
pixels once unfiltered, as hex. A bad signature, chunk
CRC, stream or filter byte stops it with a message."""
import json
import math
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def all_filters(row, above, channels):
    """The row's bytes by each of the five filters."""
    results = [bytearray(len(row)) for _ in range(5)]
    for i in range(len(row)):
        a = row[i - channels] if i >= channels else 0
        b, c = above[i], above[i - channels] if i >= channels else 0
        for kind, predicted in enumerate((0, a, b, (a + b) // 2, paeth(a, b, c))):
            results[kind][i] = (row[i] - predicted) & 0xFF
    return results


def cheapest_filters(trials):
    """The filter of each row that Snapshelf's writer documents, among Sub, Up, Average and Paeth:
    libpng's pick (the least sum of bytes read as signed magnitudes) gives the image's byte counts,
    one added to each; then each row takes the filter whose bytes cost the fewest bits, in 256ths,
    by those counts."""
    def libpng(results):
        sums = [sum(byte if byte < 128 else 256 - byte for byte in result) for result in results[1:]]
        return 1 + sums.index(min(sums))
    counts = [1] * 256
    for results in trials:
        for byte in results[libpng(results)]:
            counts[byte] += 1
    total = math.log2(sum(counts))
    costs = [int((total - math.log2(count)) * 256) for count in counts]
    choices = []
    for results in trials:
        sums = [sum(costs[byte] for byte in result) for result in results[1:]]
        choices.append(1 + sums.index(min(sums)))
    return choices


def main():
    data = open(sys.argv[1], "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("png-reader: not a PNG signature")
    position, header, text, compressed, chunks = 8, None, {}, b"", []
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        if zlib.crc32(kind + body) != crc:
            sys.exit(f"png-reader: bad CRC in {kind.decode()}")
        chunks.append(kind.decode())
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"tEXt":
            key, value = body.split(b"\0", 1)
            text[key.decode("latin-1")] = value.decode("latin-1")
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    width, height, depth, colour_type, compression, filter_method, interlace = header
    channels = {2: 3, 6: 4}[colour_type]
    raw = zlib.decompress(compressed)
    line = width * channels
    if len(raw) != height * (line + 1):
        sys.exit(f"png-reader: {len(raw)} bytes of rows, not {height * (line + 1)}")
    filters, pixels, above, trials = [], bytearray(), bytearray(line), []
    for y in range(height):
        kind, row = raw[y * (line + 1)], bytearray(raw[y * (line + 1) + 1:(y + 1) * (line + 1)])
        filters.append(kind)
        for i in range(line):
            a = row[i - channels] if i >= channels else 0
            b, c = above[i], above[i - channels] if i >= channels else 0
            predicted = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind] if kind <= 4 else sys.exit(f"png-reader: filter {kind}")
            row[i] = (row[i] + predicted) & 0xFF
        trials.append(all_filters(row, above, channels))
        pixels += row
        above = row
    print(json.dumps({
        "width": width, "height": height, "depth": depth, "colourType": colour_type,
        "compression": compression, "filterMethod": filter_method, "interlace": interlace,
        "chunks": chunks, "text": text, "filters": sorted(set(filters)),
        "rowsOfTheCheapestFilter": sum(map(int.__eq__, filters, cheapest_filters(trials))),
        "pixels": pixels.hex(),
    }))


main()
