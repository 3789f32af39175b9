"""Starting, watching and stopping the apps that bench/peers/compare.py sets side by side.

Every wait is on a real condition (a window mapped, files written, processor ticks that stopped
moving) with a time-out that names what did not happen, and every app runs in a process group of
its own, which stop() ends whole.
"""
import os
import pathlib
import signal
import subprocess
import time


class Timeout(Exception):
    pass


def wait_for(what, condition, timeout, interval=0.02):
    """Polls condition() until it returns something true, and returns it with the time it did."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result, time.monotonic()
        if time.monotonic() > deadline:
            raise Timeout(f"gave up after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def start(argv, env, log):
    return subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                            start_new_session=True)


def stop(process):
    """Ends the app and everything it started in its process group."""
    for sig, grace in ((signal.SIGTERM, 3), (signal.SIGKILL, 3)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(grace)
            # The leader is gone; give its helpers the same grace before the next signal.
            time.sleep(0.2)
        except subprocess.TimeoutExpired:
            continue
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def windows(*args):
    found = subprocess.run(["xdotool", "search", "--onlyvisible", *args],
                           capture_output=True, text=True).stdout.split()
    return found


def named(process, name):
    return windows("--all", "--pid", str(process.pid), "--name", f"^{name}$")


def window_named(process, name, timeout=30):
    """The first visible window of process whose title is exactly name."""
    found, _ = wait_for(f'a window named "{name}"', lambda: named(process, name), timeout)
    return found[0]


def keys(window, *names):
    subprocess.run(["xdotool", "windowfocus", "--sync", window, "key", "--clearmodifiers", *names], check=True)


def type_text(window, text):
    subprocess.run(["xdotool", "windowfocus", "--sync", window, "type", "--delay", "5", text], check=True)


def tree(pid):
    """pid and every process descended from it."""
    children = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    result, todo = [], [pid]
    while todo:
        current = todo.pop()
        result.append(current)
        todo.extend(children.get(current, []))
    return result


def ticks(pids):
    total = 0
    for pid in pids:
        try:
            fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime and stime
    return total


def peak_kib(pid):
    try:
        for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def measure_open(argv, env, log, window=".", quiet=0.5, timeout=60):
    """Starts an app on its library and returns the seconds to its window (the first whose title
    matches `window`) being mapped and to its processor ticks (its own and its children's)
    standing still for `quiet` seconds, and its peak RSS in MiB then, alone and with its
    children."""
    started = time.monotonic()
    process = start(argv, env, log)
    try:
        _, mapped = wait_for(f"a window of {argv[0]} to be mapped",
                             lambda: windows("--all", "--pid", str(process.pid), "--name", window), timeout)
        last, last_change, deadline = ticks(tree(process.pid)), time.monotonic(), started + timeout
        while time.monotonic() - last_change < quiet:
            if time.monotonic() > deadline or process.poll() is not None:
                raise Timeout(f"{argv[0]} did not fall idle within {timeout:.0f} s")
            time.sleep(0.05)
            now = ticks(tree(process.pid))
            if now != last:
                last, last_change = now, time.monotonic()
        pids = tree(process.pid)
        main = peak_kib(process.pid)
        everything = sum(peak_kib(pid) for pid in pids)
        return mapped - started, last_change - started, main / 1024, everything / 1024
    finally:
        stop(process)
