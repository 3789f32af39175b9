#!/usr/bin/env python3
"""Grows a Snapshelf library to COUNT photos cheaply, and writes the search queries for it.

The library must already exist: the benchmark creates it with a real `snapshelf import` of one
photo, so the schema, its triggers and its folders are Snapshelf's own. This script then adds
tiny distinct PNGs (16x12, one colour each, with the photo's number in a text chunk) straight
into the photo folder under their SHA-256 names, and their rows in one transaction. The
triggers keep the photo count and the change log as an import would. Labels are plain ASCII
and lower-cased for the search key, which is what Snapshelf's folding gives for ASCII.
"""
import hashlib
from xml.sax.saxutils import escape as xml_escape
import pathlib
import sqlite3
import struct
import sys
import time
import zlib

PLACES = ["lisbon", "porto", "madrid", "paris", "berlin", "oslo", "rome", "vienna", "prague",
          "dublin", "athens", "krakow", "seville", "lyon", "geneva", "munich", "bergen", "turin",
          "ghent", "riga", "tallinn", "bled", "split", "nice", "cork", "malmo", "graz", "bruges"]
SUBJECTS = ["beach", "picnic", "birthday", "wedding", "hiking", "harbour", "market", "garden",
            "concert", "museum", "breakfast", "sunset", "snow", "cathedral", "bicycle", "train"]
PEOPLE = ["Ana", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas"]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def tiny_png(number):
    width, height = 16, 12
    red, green, blue = (number * 67) % 256, (number * 131) % 256, (number * 29) % 256
    row = b"\x00" + bytes([red, green, blue]) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"tEXt", b"Comment\x00snapshelf bench photo %d" % number)
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def label(number):
    place = PLACES[number % len(PLACES)]
    subject = SUBJECTS[(number // len(PLACES)) % len(SUBJECTS)]
    person = PEOPLE[(number // 7) % len(PEOPLE)]
    return f"{subject.capitalize()} in {place.capitalize()} with {person}, {2000 + number % 25}"


def queries():
    """100 searches a person might type: whole and partial words, other cases and accents,
    years, and some that match nothing."""
    result = []
    for index in range(100):
        kind = index % 5
        if kind == 0:
            result.append(PLACES[index % len(PLACES)])
        elif kind == 1:
            result.append(SUBJECTS[index % len(SUBJECTS)][1:5])
        elif kind == 2:
            result.append(PEOPLE[index % len(PEOPLE)].upper().replace("E", "É"))
        elif kind == 3:
            result.append(str(2000 + index % 25))
        else:
            result.append(f"nothing like {index}")
    return result


def escape(text):
    return xml_escape(text, {'"': "&quot;"})


def sidecar(photo_id, text, original_name, added_ms, width, height):
    """The XMP sidecar of a photo, laid out as Exiv2 writes Snapshelf's."""
    added = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(added_ms // 1000)) + f".{added_ms % 1000:03d}Z"
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        '  <rdf:Description rdf:about=""\n'
        '    xmlns:dc="http://purl.org/dc/elements/1.1/"\n'
        '    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"\n'
        '    xmlns:snapshelf="https://snapshelf.github.io/ns/1.0/"\n'
        f'   xmpMM:PreservedFileName="{escape(original_name)}"\n'
        f'   snapshelf:PhotoID="{photo_id}"\n'
        f'   snapshelf:Added="{added}"\n'
        f'   snapshelf:Width="{width}"\n'
        f'   snapshelf:Height="{height}"\n'
        '   snapshelf:Rotation="0"\n'
        '   snapshelf:Camera="">\n'
        f'   <dc:title>\n    <rdf:Alt>\n     <rdf:li xml:lang="x-default">{escape(text)}</rdf:li>\n    </rdf:Alt>\n   </dc:title>\n'
        '  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>'
    )


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: make-library.py LIBRARY COUNT QUERIES-FILE")
    library, count, queries_file = pathlib.Path(sys.argv[1]), int(sys.argv[2]), pathlib.Path(sys.argv[3])
    photos = library / "photos"
    connection = sqlite3.connect(library / "library.sqlite3")
    existing = connection.execute("SELECT count(*) FROM photos").fetchone()[0]
    start_ms = int(time.time() * 1000) - count * 1000
    rows = []
    for number in range(existing, count):
        data = tiny_png(number)
        digest = hashlib.sha256(data).hexdigest()
        (photos / f"{digest}.png").write_bytes(data)
        text = label(number)
        rows.append((text, text.lower(), f"{digest}.png", f"IMG_{number:06d}.png",
                     start_ms + number * 1000, 16, 12, digest))
    with connection:
        connection.executemany(
            # A tiny PNG names no camera: '' says so, as Snapshelf records it, where NULL would have
            # the camera looked for in every copy.
            "INSERT INTO photos (label, label_key, file_name, original_name, added_ms, width, height, sha256, camera)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, '')", rows)
        # Each photo gets the sidecar Snapshelf would write, so the library is whole and a rebuild
        # has sidecars to read; the marks the triggers left for them are cleared, as Snapshelf does.
        for photo_id, text, file_name, original_name, added_ms, width, height in connection.execute(
                "SELECT id, label, file_name, original_name, added_ms, width, height FROM photos WHERE id > ?", (existing,)):
            (photos / f"{file_name}.xmp").write_text(
                sidecar(photo_id, text, original_name, added_ms, width, height), encoding="utf-8")
        connection.execute("DELETE FROM pending_sidecars")
    connection.close()
    queries_file.write_text("\n".join(queries()) + "\n", encoding="utf-8")


main()
