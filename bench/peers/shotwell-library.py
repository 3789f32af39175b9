#!/usr/bin/python3
"""Grows a Shotwell 0.30 library to hold every photo of a Snapshelf library, cheaply and as
Shotwell would have imported them.

Usage: shotwell-library.py HOME SNAPSHELF_LIBRARY LOG

Shotwell itself makes the library on the new HOME: it is started there, and imports (copies) the
library's first three photos, driven through its window; its output goes to LOG. The first
photo is a full-size JPEG and the next two are make-library.py's tiny PNGs, whose row is the
model for the others. Each other
photo is copied next to that PNG under its original name, gets the row Shotwell's
src/db/PhotoTable.vala `add` writes for such a file (its path, size, modification time and MD5
of the whole file; the model's import, event and flags), and the two thumbnails
src/ThumbnailCache.vala saves, scaled up to the model's as GdkPixbuf does and written as PNG at
compression 9 (src/photos/PngSupport.vala), so that opening the library regenerates nothing.
"""
import hashlib
import os
import pathlib
import shutil
import sqlite3
import sys

import apps
import gi
import shotwell

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf  # noqa: E402

PNG = 2  # PhotoFileFormat.PNG, as stored in file_format
SIZES = ("thumbs128", "thumbs360")


def thumbnail(home, size, photo_id):
    return pathlib.Path(home) / ".cache/shotwell/thumbs" / size / f"thumb{photo_id:016x}.png"


def seed(home, library, log):
    """Has Shotwell import the library's first three photos."""
    folder = home.with_name(home.name + "-seed")
    folder.mkdir()
    with sqlite3.connect(f"file:{library / 'library.sqlite3'}?mode=ro", uri=True) as snapshelf:
        for file_name, original_name in snapshelf.execute("SELECT file_name, original_name FROM photos ORDER BY id LIMIT 3"):
            shutil.copyfile(library / "photos" / file_name, folder / original_name)
    process, _ = shotwell.import_copies(home, folder, 3, log)
    apps.stop(process)
    shutil.rmtree(folder)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: shotwell-library.py HOME SNAPSHELF_LIBRARY LOG")
    home, library = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    with open(sys.argv[3], "a") as log:
        seed(home, library, log)
    shotwell = sqlite3.connect(home / ".local/share/shotwell/data/photo.db")
    shotwell.row_factory = sqlite3.Row
    model = shotwell.execute("SELECT * FROM PhotoTable WHERE file_format = ? ORDER BY id LIMIT 1", (PNG,)).fetchone()
    if model is None:
        sys.exit(f"shotwell-library.py: the library in {home} has no PNG to model the others on")
    folder = pathlib.Path(model["filename"]).parent
    sizes = {size: GdkPixbuf.Pixbuf.get_file_info(str(thumbnail(home, size, model["id"])))[1:] for size in SIZES}
    present = {pathlib.Path(name).name for (name,) in shotwell.execute("SELECT filename FROM PhotoTable")}
    snapshelf = sqlite3.connect(f"file:{library / 'library.sqlite3'}?mode=ro", uri=True)
    columns = [name for name in model.keys() if name != "id"]
    insert = (f"INSERT INTO PhotoTable ({', '.join(columns)}) "
              f"VALUES ({', '.join(':' + name for name in columns)})")
    with shotwell:
        for file_name, original_name in snapshelf.execute("SELECT file_name, original_name FROM photos ORDER BY id"):
            if original_name in present:
                continue
            if not original_name.endswith(".png"):
                sys.exit(f"shotwell-library.py: {original_name} is not one of make-library.py's PNGs")
            copy = folder / original_name
            shutil.copyfile(library / "photos" / file_name, copy)
            data = copy.read_bytes()
            row = dict(model, filename=str(copy), filesize=len(data), timestamp=int(os.stat(copy).st_mtime),
                       md5=hashlib.md5(data).hexdigest())
            photo_id = shotwell.execute(insert, row).lastrowid
            picture = GdkPixbuf.Pixbuf.new_from_file(str(copy))
            for size, (width, height) in sizes.items():
                scaled = picture.scale_simple(width, height, GdkPixbuf.InterpType.BILINEAR)
                scaled.savev(str(thumbnail(home, size, photo_id)), "png", ["compression"], ["9"])
    shotwell.close()


main()
