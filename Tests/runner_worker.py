"""The runner's workers (see runner.py): each a private Xvfb display and D-Bus session bus, kept
for every class the worker runs, each class in a process of its own; and the network namespace the
classes that start Syncthing run in."""
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREEN = "1280x800x24"
# A class still running after this long is stuck; it is killed and reported as such.
CLASS_LIMIT = 900

# The classes that start Syncthing. Each runs in a network namespace of its own that has only a
# loopback, where the machine allows one, so that no instance can reach another computer or a
# discovery or relay server, whatever its configuration says.
LOOPBACK_ONLY = {
    "SnapshelfCommandLineTests.SyncthingConflictTests",
    "SnapshelfCommandLineTests.SyncthingLibraryTests",
    "SnapshelfCommandLineTests.SyncthingPairTests",
    "SnapshelfCommandLineTests.SyncthingSettingsTests",
    "SnapshelfUITests.SyncthingWindowTests",
}
# The command that starts a class in such a namespace: `unshare` makes it, `ip` brings its
# loopback up, then the class's process takes the place of the shell.
LOOPBACK_PREFIX = ["unshare", "--net", "--", "sh", "-c", 'ip link set lo up && exec "$0" "$@"']


def loopback_namespaces_allowed():
    """Whether this machine lets the runner make a network namespace and bring its loopback up."""
    try:
        return subprocess.run(LOOPBACK_PREFIX + ["true"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


class Worker:
    """A private display and session bus, kept for every class the worker runs."""

    def __init__(self, scratch, loopback_only):
        self.scratch = scratch
        self.loopback_only = loopback_only
        read, write = os.pipe()
        self.display = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp"],
                                        pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True)
        os.close(write)
        with os.fdopen(read) as said:
            number = said.readline().strip()
        if not number:
            raise SystemExit("Xvfb did not start: is the xvfb package installed?")
        # A window that was the new Xvfb's very first client could, under load, not open the
        # display (2 runs in 11 with two busy loops beside them; none in 8 since): a client of the
        # runner's is the first, and the worker starts once it has been served.
        subprocess.run(["xdpyinfo", "-display", f":{number}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=60, check=True)
        read, write = os.pipe()
        # On a socket with a path, not an abstract one, which a class in a network namespace of its
        # own could not reach.
        self.bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", f"--print-address={write}",
                                     f"--address=unix:dir={scratch}"],
                                    pass_fds=[write], env=dict(os.environ, DISPLAY=f":{number}"),
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(write)
        with os.fdopen(read) as said:
            address = said.readline().strip()
        if not address:
            raise SystemExit("dbus-daemon did not start: is the dbus-daemon package installed?")
        # Xvfb has no GPU: GTK's GL renderer would run on llvmpipe, which compiles its shaders with
        # LLVM in every test process, half a UI test's CPU. Cairo draws the same widgets.
        self.environment = dict(os.environ, DISPLAY=f":{number}", DBUS_SESSION_BUS_ADDRESS=address, GSK_RENDERER="cairo")
        self.environment.pop("WAYLAND_DISPLAY", None)

    def run(self, name, tier, bundle):
        """Runs one class in a process of its own; returns its status, output, wall and CPU seconds."""
        home = tempfile.mkdtemp(prefix=name.split(".")[-1] + "-", dir=self.scratch)
        environment = dict(self.environment, SNAPSHELF_TEST_TIER=tier, SNAPSHELF_TEST_HOME=home,
                           XDG_DATA_HOME=os.path.join(home, "data"), XDG_CACHE_HOME=os.path.join(home, "cache"),
                           XDG_CONFIG_HOME=os.path.join(home, "config"))
        log = os.path.join(home, "output")
        started = time.monotonic()
        with open(log, "wb") as output:
            prefix = LOOPBACK_PREFIX if name in self.loopback_only else []
            process = subprocess.Popen(prefix + [bundle, name], cwd=ROOT, env=environment, stdout=output,
                                       stderr=subprocess.STDOUT, start_new_session=True)
            timer = threading.Timer(CLASS_LIMIT, lambda: os.killpg(process.pid, signal.SIGKILL))
            timer.start()
            _, status, usage = os.wait4(process.pid, 0)
            timer.cancel()
            process.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - started
        with open(log, errors="replace") as output:
            text = output.read()
        # A class that left a process behind has it stopped now, not at the end: those in its
        # session, and any that has the class's environment, as Foundation starts each in a session
        # of its own.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stop_processes_of(home)
        shutil.rmtree(home, ignore_errors=True)
        return process.returncode, text, wall, usage.ru_utime + usage.ru_stime

    def stop(self):
        for process in (self.bus, self.display):
            process.terminate()
            process.wait()


def stop_processes_of(home):
    marker = f"SNAPSHELF_TEST_HOME={home}".encode() + b"\0"
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as environ:
                if marker in environ.read():
                    os.kill(int(pid), signal.SIGKILL)
        except OSError:
            pass
