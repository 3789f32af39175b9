#!/usr/bin/env python3
"""`make fuzz`: feeds mutated files to every parser still in the app and to each request a
sandboxed decoder answers, for a set time each, and reports every input that traps or hangs one.

Each target is run by the built `snapshelf-fuzz TARGET PROGRESS FILE...`, which writes the path of
each file into PROGRESS before it reads it: when the process dies of a signal or exits otherwise
than cleanly, that file is the culprit. It is kept in the findings folder, named by its hash, with
what the process said, and the batch goes on from the file after it.

Usage: run.py [--seconds N] [--build DIR] [--findings DIR] [--seed S] [TARGET...]
"""
import argparse
import hashlib
import json
import os
import pathlib
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
PHOTOS = ROOT.parent / "shared" / "testdata" / "photos"
INTERESTING = [0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
               0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF]
BATCH = 40
BATCH_SECONDS = 60


def mutate(data, others, rng):
    """One to four of: bit flips, interesting bytes and numbers, cuts, repeats, splices."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data = bytearray(rng.choice(others)[:64])
        kind = rng.randrange(7)
        at = rng.randrange(len(data))
        if kind == 0:
            for _ in range(rng.randint(1, 8)):
                index = rng.randrange(len(data))
                data[index] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[at] = rng.choice([0, 0x7F, 0x80, 0xFF, rng.randrange(256)])
        elif kind == 2:
            size = rng.choice([2, 4, 8])
            value = rng.choice(INTERESTING) & ((1 << (8 * size)) - 1)
            data[at:at + size] = value.to_bytes(size, rng.choice(["big", "little"]))
        elif kind == 3:
            del data[at:]
        elif kind == 4:
            length = rng.randint(1, min(4096, len(data) - at))
            data[at:at] = data[at:at + length] * rng.randint(1, 4)
        elif kind == 5:
            del data[at:at + rng.randint(1, 256)]
        else:
            other = rng.choice(others)
            if other:
                start = rng.randrange(len(other))
                data[at:at] = other[start:start + rng.randint(1, 1024)]
    return bytes(data[:64 << 20])


def run(command, env=None, **kwargs):
    return subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)


def photo_seeds(work):
    """The shared JPEGs and TIFFs, and HEIC, AVIF, WebP and PNG made from one where the tools are."""
    seeds = sorted(p for p in (PHOTOS / "jpg").glob("*.jpg") if p.stat().st_size < 200_000)[:12]
    seeds += sorted((PHOTOS / "tiff").glob("*.tif*"))[:2]
    seeds += sorted((PHOTOS / "jpg" / "orientation").glob("*_6.jpg"))
    base = work / "base.png"
    if shutil.which("gdk-pixbuf-thumbnailer"):
        run(["gdk-pixbuf-thumbnailer", "-s", "128", str(seeds[0]), str(base)])
        seeds.append(base)
        for tool, arguments, name in [("heif-enc", ["-q", "30", str(base), "-o"], "photo.heic"),
                                      ("avifenc", [str(base)], "photo.avif"), ("cwebp", ["-q", "30", str(base), "-o"], "photo.webp")]:
            if shutil.which(tool):
                run([tool] + arguments + [str(work / name)])
                seeds.append(work / name)
            else:
                print(f"fuzz: {tool} is missing, so no {name} seed", file=sys.stderr)
    return seeds


def library_seeds(work, build):
    """Thumbnails and sidecars as Snapshelf writes them, from an import of a few photos."""
    env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"), XDG_DATA_HOME=str(work / "data"))
    photos = sorted((PHOTOS / "jpg").glob("*.jpg"))[:4]
    run([str(build / "snapshelf"), "--library", str(work / "library"), "import", "--label", "Fuzz seed"] + [str(p) for p in photos], env=env)
    run([str(build / "snapshelf"), "--library", str(work / "library"), "rotate", "1", "--by", "90"], env=env)
    thumbnails = sorted((work / "cache" / "thumbnails").rglob("*.png"))
    sidecars = sorted((work / "library" / "photos").glob("*.xmp"))
    # The database in one file, its log folded in, as a read-only open without the log reads it whole.
    database = work / "library.sqlite3"
    for suffix in ["", "-wal"]:
        source = work / "library" / f"library.sqlite3{suffix}"
        if source.exists():
            shutil.copy(source, f"{database}{suffix}")
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("PRAGMA journal_mode = DELETE")
    return thumbnails, sidecars, [database]


def shotwell_seed(work):
    """A photo.db of Shotwell 0.30's schema (src/db/PhotoTable.vala) with two photos."""
    path = work / "photo.db"
    with sqlite3.connect(path) as db:
        db.executescript("""
            CREATE TABLE VersionTable (id INTEGER PRIMARY KEY, schema_version INTEGER, app_version TEXT, user_data TEXT NULL);
            INSERT INTO VersionTable (schema_version, app_version) VALUES (20, '0.30.17');
            CREATE TABLE PhotoTable (id INTEGER PRIMARY KEY, filename TEXT UNIQUE NOT NULL, width INTEGER, height INTEGER,
                filesize INTEGER, timestamp INTEGER, exposure_time INTEGER, orientation INTEGER, original_orientation INTEGER,
                import_id INTEGER, event_id INTEGER, transformations TEXT, md5 TEXT, thumbnail_md5 TEXT, exif_md5 TEXT,
                time_created INTEGER, flags INTEGER DEFAULT 0, rating INTEGER DEFAULT 0, file_format INTEGER DEFAULT 0,
                title TEXT, backlinks TEXT, time_reimported INTEGER, editable_id INTEGER DEFAULT -1,
                metadata_dirty INTEGER DEFAULT 0, developer TEXT, develop_shotwell_id INTEGER DEFAULT -1,
                develop_camera_id INTEGER DEFAULT -1, develop_embedded_id INTEGER DEFAULT -1, comment TEXT);
            CREATE TABLE VideoTable (id INTEGER PRIMARY KEY, filename TEXT UNIQUE NOT NULL);
        """)
        for index, photo in enumerate(sorted((PHOTOS / "jpg").glob("*.jpg"))[:2]):
            db.execute("INSERT INTO PhotoTable (filename, width, height, filesize, exposure_time, orientation, title) VALUES (?, 1, 1, 1, 0, ?, ?)",
                       (str(photo), index + 1, f"Title {index}"))
    return [path]


def reply_seeds(work):
    """The header of each kind of answer a decoder sends, as the wire's JSON carries it."""
    replies = [
        {"image": {"_0": {"width": 256, "height": 192, "rowstride": 768, "hasAlpha": False, "storedWidth": 4000,
                          "storedHeight": 3000, "orientation": 6, "format": "jpeg"}}},
        {"facts": {"_0": {"contentType": "image/jpeg", "isCutOff": False, "takenClockSeconds": 1614834367,
                          "takenOffsetMinutes": -300, "tags": {"title": "A title", "make": "Canon"}}}},
        {"heifXMPLocation": {"_0": {"base": {"position": 0, "size": 0}, "offset": {"position": 100, "size": 4},
                                    "length": {"position": 104, "size": 4}}}},
        {"tags": {"_0": {"title": "Title", "latitude": 43.4, "longitude": 11.8}}},
        {"refused": {"_0": {"tooManyPixels": {"width": 100000, "height": 100000}}}},
    ]
    seeds = []
    for index, reply in enumerate(replies):
        path = work / f"reply-{index}.json"
        path.write_text(json.dumps(reply))
        seeds.append(path)
    return seeds


def fuzz(target, seeds, build, findings, seconds, rng, work):
    """Runs the target over mutated seeds for `seconds`; returns (inputs run, findings made)."""
    others = [s.read_bytes() for s in seeds]
    inputs = work / f"inputs-{target}"
    inputs.mkdir()
    progress = work / f"progress-{target}"
    deadline = time.monotonic() + seconds
    count, found = 0, []
    while time.monotonic() < deadline:
        batch = []
        for index in range(BATCH):
            path = inputs / f"{index:03d}{seeds[index % len(seeds)].suffix}"
            path.write_bytes(mutate(rng.choice(others), others, rng))
            batch.append(path)
        while batch and time.monotonic() < deadline:
            try:
                outcome = subprocess.run([str(build / "snapshelf-fuzz"), target, str(progress)] + [str(p) for p in batch],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=BATCH_SECONDS)
                hung, said = False, outcome.stderr.decode(errors="replace")
                clean = outcome.returncode == 0
            except subprocess.TimeoutExpired as expired:
                hung, said, clean = True, (expired.stderr or b"").decode(errors="replace"), False
            if clean:
                count += len(batch)
                break
            culprit = pathlib.Path(progress.read_text()) if progress.exists() else batch[0]
            done = batch.index(culprit) if culprit in batch else 0
            count += done + 1
            data = culprit.read_bytes()
            kept = findings / f"{target}-{hashlib.sha1(data).hexdigest()[:12]}{culprit.suffix}"
            kept.write_bytes(data)
            what = "hung" if hung else f"trapped ({outcome.returncode})"
            last = " ".join(said.strip().splitlines()[-3:])[:400]
            found.append(f"{target}: {what} on {kept}: {last}")
            print(found[-1], file=sys.stderr)
            batch = batch[done + 1:]
    shutil.rmtree(inputs)
    return count, found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("FUZZ_SECONDS", 60)), help="per target")
    parser.add_argument("--build", type=pathlib.Path, default=ROOT / ".build" / "debug")
    parser.add_argument("--findings", type=pathlib.Path, default=ROOT / ".build" / "fuzz-findings")
    parser.add_argument("--seed", type=int, default=None, help="the random seed, to replay a run")
    parser.add_argument("targets", nargs="*")
    options = parser.parse_args()
    if not PHOTOS.is_dir():
        sys.exit(f"fuzz: the sample photos are missing: {PHOTOS}")
    seed = options.seed if options.seed is not None else random.randrange(1 << 32)
    rng = random.Random(seed)
    options.findings.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="snapshelf-fuzz-") as folder:
        work = pathlib.Path(folder)
        photos = photo_seeds(work)
        thumbnails, sidecars, databases = library_seeds(work, options.build)
        corpora = {
            "thumbnail-png": thumbnails, "sidecar": sidecars, "sidecar-text": sidecars, "shotwell": shotwell_seed(work),
            "library-database": databases,
            "decoder-reply": reply_seeds(work), "facts": photos, "image": photos,
            "heif-xmp-location": [p for p in photos if p.suffix in (".heic", ".avif")] or photos,
        }
        targets = options.targets or sorted(corpora)
        print(f"fuzz: seed {seed}, {options.seconds:g} s a target, findings in {options.findings}", file=sys.stderr)
        everything = []
        for target in targets:
            if target not in corpora:
                sys.exit(f"fuzz: no target {target}; the targets are {' '.join(sorted(corpora))}")
            count, found = fuzz(target, corpora[target], options.build, options.findings, options.seconds, rng, work)
            print(f"{target}: {count} inputs, {len(found)} traps or hangs")
            everything += found
    if everything:
        print(f"fuzz: {len(everything)} inputs trapped or hung a parser; each is kept in {options.findings}")
        sys.exit(1)
    print("fuzz: no input trapped or hung a parser")


if __name__ == "__main__":
    main()
