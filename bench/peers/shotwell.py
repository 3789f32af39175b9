"""Drives Shotwell 0.30 as a person would, for bench/peers: a fresh library, and an import.

Where Shotwell keeps things under its HOME: the library in ~/.local/share/shotwell/data/photo.db
(table PhotoTable), copies of imported photos under ~/Pictures/YYYY/MM/DD, and a JPEG or PNG
thumbnail per photo in ~/.cache/shotwell/thumbs/thumbs128 and thumbs360, named
thumb<the photo's id as 16 hex digits> (src/ThumbnailCache.vala).
"""
import os
import pathlib
import sqlite3
import time

import apps

SIZES = ("thumbs128", "thumbs360")


def database(home):
    return pathlib.Path(home) / ".local/share/shotwell/data/photo.db"


def thumbnails(home, size):
    return pathlib.Path(home) / ".cache/shotwell/thumbs" / size


def environment(home):
    # Settings in memory, so that nothing of the person running it is read or changed.
    return dict(os.environ, HOME=str(home), GSETTINGS_BACKEND="memory",
                XDG_DATA_HOME=f"{home}/.local/share", XDG_CACHE_HOME=f"{home}/.cache",
                XDG_CONFIG_HOME=f"{home}/.config")


def start_empty(home, log):
    """Starts Shotwell on a new HOME, closes its "Welcome!" dialog, and returns it with its
    main window."""
    pathlib.Path(home).mkdir(parents=True)
    process = apps.start(["shotwell"], environment(home), log)
    try:
        welcome = apps.window_named(process, "Welcome!")
        apps.keys(welcome, "Return")
        apps.wait_for("the welcome dialog to close", lambda: not apps.named(process, "Welcome!"), 30)
        main = apps.window_named(process, "Shotwell")
        apps.wait_for("photo.db", database(home).exists, 30)
        return process, main
    except BaseException:
        apps.stop(process)
        raise


def rows(home):
    """The rows in PhotoTable, read-only, or -1 while Shotwell holds the database locked."""
    try:
        with sqlite3.connect(f"file:{database(home)}?mode=ro", uri=True, timeout=0.1) as connection:
            return connection.execute("SELECT count(*) FROM PhotoTable").fetchone()[0]
    except sqlite3.Error:
        return -1


def made(home, count):
    """Whether Shotwell has both thumbnails and the row of every one of `count` photos."""
    return (all(sum(1 for _ in thumbnails(home, size).iterdir()) >= count for size in SIZES)
            and rows(home) >= count)


def import_copies(home, folder, count, log, timeout=300):
    """Imports the photos of `folder` into a new library on `home`, copying them, and returns
    the seconds from "Copy Photos" until all `count` rows and their thumbnails exist.
    Shotwell is left running; the caller stops it."""
    process, main = start_empty(home, log)
    try:
        apps.keys(main, "ctrl+i")
        chooser = apps.window_named(process, "Import From Folder")
        apps.keys(chooser, "ctrl+l")
        apps.type_text(chooser, f"{folder}/")
        time.sleep(0.3)  # the location bar completes what was typed; let it settle
        apps.keys(chooser, "Return")
        question = apps.window_named(process, "Import to Library")
        started = time.monotonic()
        apps.keys(question, "alt+p")  # Co_py Photos
        # Polled every 50 ms, and the database only once the thumbnails are all there.
        _, finished = apps.wait_for(f"Shotwell to import {count} photos", lambda: made(home, count),
                                    timeout, interval=0.05)
        apps.window_named(process, "Import Complete")
        return process, finished - started
    except BaseException:
        apps.stop(process)
        raise
