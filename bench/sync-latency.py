#!/usr/bin/python3
"""Times a label given on computer A until computer B's open window shows it, through two real
Syncthing instances on 127.0.0.1 (issue 21, point 8), and prints three numbers in milliseconds:
the median from A's `snapshelf label` returning until B's grid shows the label, the median from
Syncthing writing B's sidecar until then (Snapshelf's own part), and the slowest of the first.

usage: sync-latency.py SNAPSHELF WORK RUNS PHOTO...

The instances are set up as the tests' SyncthingPair sets them up: homes, ports and API keys of
their own, discovery, relays, NAT and usage reporting off, the folder watched with a 1 s delay.
B's window is read over AT-SPI, as a screen reader reads it, so it needs the display and session
bus `make bench` gives it.
"""
import json
import os
import pathlib
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

import pyatspi

FOLDER = "snapshelf-library"


def free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for held in sockets:
        held.bind(("127.0.0.1", 0))
    ports = [held.getsockname()[1] for held in sockets]
    for held in sockets:
        held.close()
    return ports


class Peer:
    def __init__(self, name, home, gui_port, listen_port):
        self.name, self.gui_port, self.listen_port, self.key = name, gui_port, listen_port, os.urandom(16).hex()
        home.mkdir(parents=True)
        # A home of its own; STMONITORED runs the instance itself, not Syncthing's monitor, whose
        # child would outlive it.
        environment = dict(os.environ, HOME=str(home), STNOUPGRADE="1", STNORESTART="1", STMONITORED="yes")
        generated = subprocess.run(["syncthing", "generate", f"--home={home}", "--no-default-folder"], env=environment,
                                   check=True, capture_output=True, text=True)
        self.device_id = (generated.stdout + generated.stderr).split("Device ID: ")[1].split()[0]
        config = home / "config.xml"
        config.write_text(config.read_text().replace(
            "<listenAddress>default</listenAddress>", f"<listenAddress>tcp://127.0.0.1:{listen_port}</listenAddress>"))
        self.process = subprocess.Popen(
            ["syncthing", "serve", f"--home={home}", "--no-browser", "--no-default-folder", "--skip-port-probing",
             "--no-restart", f"--gui-address=127.0.0.1:{gui_port}", f"--gui-apikey={self.key}"],
            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        until(lambda: self.call("GET", "/rest/system/ping", quiet=True) is not None, 30, f"{name}'s API never answered")
        self.call("PATCH", "/rest/config/options", {
            "listenAddresses": [f"tcp://127.0.0.1:{listen_port}"], "globalAnnounceEnabled": False,
            "localAnnounceEnabled": False, "relaysEnabled": False, "natEnabled": False, "urAccepted": -1,
            "crashReportingEnabled": False, "autoUpgradeIntervalH": 0, "startBrowser": False})

    def call(self, method, path, body=None, quiet=False):
        request = urllib.request.Request(f"http://127.0.0.1:{self.gui_port}{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"X-API-Key": self.key, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                text = answer.read()
                return json.loads(text) if text.strip() else {}
        except OSError:
            if quiet:
                return None
            raise

    def share(self, folder, peer, dialling):
        # Only one side dials: when both dial at once, Syncthing may drop both connections and
        # try again only some twenty seconds later.
        address = f"tcp://127.0.0.1:{peer.listen_port}" if dialling else "dynamic"
        self.call("POST", "/rest/config/devices", {"deviceID": peer.device_id, "name": peer.name, "addresses": [address]})
        self.call("POST", "/rest/config/folders", {
            "id": FOLDER, "path": str(folder), "type": "sendreceive", "fsWatcherEnabled": True, "fsWatcherDelayS": 1,
            "rescanIntervalS": 60, "devices": [{"deviceID": self.device_id}, {"deviceID": peer.device_id}]})

    def in_sync_with(self, peer):
        self.call("POST", f"/rest/db/scan?folder={FOLDER}")
        status = self.call("GET", f"/rest/db/status?folder={FOLDER}")
        completion = self.call("GET", f"/rest/db/completion?folder={FOLDER}&device={peer.device_id}")
        return status["state"] == "idle" and status["needTotalItems"] == 0 and completion["completion"] == 100, \
            (status["sequence"], completion["sequence"])

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def until(condition, timeout, failure):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            sys.exit(f"sync-latency.py: {failure}")
        time.sleep(0.1)


def wait_in_sync(a, b):
    """Both idle, needing nothing, seeing the other complete, twice in a row with nothing new."""
    previous = [None]

    def settled():
        (ready_a, mark_a), (ready_b, mark_b) = a.in_sync_with(b), b.in_sync_with(a)
        now = (mark_a, mark_b) if ready_a and ready_b else None
        done = now is not None and now == previous[0]
        previous[0] = now
        return done
    until(settled, 120, "Syncthing never got in sync")


def labels_shown(process_id):
    """The names of B's accessible objects: a tile's label is read out by its text."""
    names = set()

    def walk(accessible, depth):
        names.add(accessible.name or "")
        for index in range(accessible.childCount if depth < 40 else 0):
            child = accessible.getChildAtIndex(index)
            if child is not None:
                walk(child, depth + 1)
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.get_process_id() == process_id:
            # AT-SPI keeps what it read of an object; a label that changed is read afresh.
            app.clear_cache()
            walk(app, 0)
    return names


def main():
    snapshelf, work, runs, photos = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    library_a, library_b = work / "a" / "library", work / "b" / "library"
    subprocess.run([snapshelf, "import", "--library", str(library_a), "--label", "Before", *photos],
                   check=True, stdout=subprocess.DEVNULL)
    library_b.parent.mkdir(parents=True)
    ports = free_ports(4)
    peers, window = [], None
    try:
        a = Peer("A", work / "syncthing-a", ports[0], ports[1])
        peers.append(a)
        b = Peer("B", work / "syncthing-b", ports[2], ports[3])
        peers.append(b)
        b.share(library_b, a, dialling=False)
        a.share(library_a, b, dialling=True)
        wait_in_sync(a, b)
        window = subprocess.Popen([snapshelf, "--library", str(library_b)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        until(lambda: "Before" in labels_shown(window.pid), 60, "B's window never showed the photos it received")
        first = json.loads(subprocess.run([snapshelf, "list", "--json", "--library", str(library_a)], check=True,
                                          capture_output=True, text=True).stdout)[0]
        id_a = str(first["id"])
        # The copy's name is the content's hash, the same on both computers.
        sidecar_b = library_b / "photos" / (pathlib.Path(first["file"]).name + ".xmp")
        totals, after_sync = [], []
        for run in range(runs):
            label = f"Label {run} given on A"
            subprocess.run([snapshelf, "label", "--library", str(library_a), id_a, label], check=True,
                           stdout=subprocess.DEVNULL)
            given = time.monotonic()
            written = None
            deadline = given + 60
            while True:
                if written is None and label in sidecar_b.read_text(encoding="utf-8", errors="replace"):
                    written = time.monotonic()
                if label in labels_shown(window.pid):
                    shown = time.monotonic()
                    break
                if time.monotonic() > deadline:
                    sys.exit(f"sync-latency.py: B's window never showed “{label}”")
                time.sleep(0.02)
            totals.append((shown - given) * 1000)
            after_sync.append((shown - (written or shown)) * 1000)
            wait_in_sync(a, b)
        print(f"{statistics.median(totals):.0f} {statistics.median(after_sync):.0f} {max(totals):.0f}")
    finally:
        if window is not None:
            window.send_signal(signal.SIGTERM)
            window.wait()
        for peer in peers:
            peer.stop()


if __name__ == "__main__":
    main()
