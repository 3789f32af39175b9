#!/usr/bin/python3
"""What the hostile decoder's tests (issue 19) need around the program they attack, run as the user
the program runs as.

  run --report R --stdout O --stderr E [--deadline S] [--hold F] -- PROGRAM ARG...
      Runs PROGRAM in a session of its own whose controlling terminal is a new pseudo-terminal, its
      stdin, with stdout and stderr through pipes this reads into O and E. Kills the session after S
      seconds (60). A bystander, a process of the same user started first, sleeps meanwhile. Writes
      to R, as JSON, how PROGRAM ended, in how long, its nice value as it ended (read before it is
      reaped), the bystander's and this process's nice values, the terminal's settings before and
      after and what reached the terminal. With --hold, keeps F open for reading and writing
      meanwhile, as an app keeps its database.
  state --target PATH --uid UID [--queue NAME]
      Prints, as JSON, PATH's mode and extended attributes, the SysV message queues and shared
      memory segments UID created, and whether the POSIX message queue NAME exists.
  remove --queue ID... --segment ID... [--posix-queue NAME]
      Removes what an attack left.
  landlock-abi
      Prints the Landlock ABI version the kernel offers, 0 where it has none.
"""
import argparse
import base64
import ctypes
import fcntl
import json
import os
import select
import signal
import sys
import termios
import time

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.mq_open.restype = ctypes.c_int
libc.mq_open.argtypes = [ctypes.c_char_p, ctypes.c_int]
PR_SET_PDEATHSIG = 1
LANDLOCK_CREATE_RULESET = 444
LANDLOCK_CREATE_RULESET_VERSION = 1


def nice_of(pid):
    """The nice value in /proc/PID/stat, which a zombie still shows."""
    with open(f"/proc/{pid}/stat") as stat:
        # The name in parentheses may hold spaces; the fields after it start at the state, field 3.
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[19 - 3])


def settings(terminal):
    """The terminal's settings as `stty -g` writes them: the four flags, then the control characters, in hex."""
    iflag, oflag, cflag, lflag, _, _, characters = termios.tcgetattr(terminal)
    return ":".join([f"{flag:x}" for flag in (iflag, oflag, cflag, lflag)] + [f"{ord(c) if isinstance(c, bytes) else c:x}" for c in characters])


def start_bystander(seconds):
    pid = os.fork()
    if pid == 0:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        time.sleep(seconds)
        os._exit(0)
    return pid


def start(program, arguments, terminal, output, errors):
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()
            fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
            os.dup2(terminal, 0)
            os.dup2(output, 1)
            os.dup2(errors, 2)
            os.execv(program, [program] + arguments)
        finally:
            os._exit(127)
    return pid


def drain(sources, seconds):
    """Reads what the descriptors in `sources` (fd: bytearray) have, waiting up to `seconds`; drops those at their end."""
    ready, _, _ = select.select(list(sources), [], [], seconds)
    for fd in ready:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            chunk = b""
        if chunk:
            sources[fd] += chunk
        else:
            del sources[fd]


def run(options):
    master, terminal = os.openpty()
    os.set_blocking(master, False)
    before = settings(terminal)
    held = os.open(options.hold, os.O_RDWR) if options.hold else None
    bystander = start_bystander(options.deadline + 30)
    output_read, output_write = os.pipe()
    errors_read, errors_write = os.pipe()
    started = time.monotonic()
    pid = start(options.program, options.arguments, terminal, output_write, errors_write)
    os.close(output_write)
    os.close(errors_write)
    output, errors, typed = bytearray(), bytearray(), bytearray()
    sources = {output_read: output, errors_read: errors, master: typed}
    timed_out = False
    while os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
        if not timed_out and time.monotonic() - started > options.deadline:
            timed_out = True
            os.killpg(pid, signal.SIGKILL)
        drain(sources, 0.02)
    seconds = time.monotonic() - started
    nice = nice_of(pid)
    _, status = os.waitpid(pid, 0)
    after = settings(terminal)
    # What is still in the pipes; a process left holding one may keep it open, so not for ever.
    closing = time.monotonic() + 5
    while (output_read in sources or errors_read in sources) and time.monotonic() < closing:
        drain(sources, 0.1)
    bystander_nice = nice_of(bystander)
    os.kill(bystander, signal.SIGKILL)
    os.waitpid(bystander, 0)
    if held is not None:
        os.close(held)
    with open(options.stdout, "wb") as file:
        file.write(output)
    with open(options.stderr, "wb") as file:
        file.write(errors)
    report = {
        "exitStatus": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "timedOut": timed_out,
        "seconds": seconds,
        "nice": nice,
        "bystanderNice": bystander_nice,
        "harnessNice": os.getpriority(os.PRIO_PROCESS, 0),
        "terminalBefore": before,
        "terminalAfter": after,
        "terminalOutput": base64.b64encode(bytes(typed)).decode(),
    }
    with open(options.report, "w") as file:
        json.dump(report, file)


def sysv_ids(table, uid):
    """The IDs of the objects in /proc/sysvipc/TABLE that UID created."""
    with open(f"/proc/sysvipc/{table}") as listing:
        header, *rows = [line.split() for line in listing]
    ids, creators = header.index("msqid" if table == "msg" else "shmid"), header.index("cuid")
    return sorted(int(row[ids]) for row in rows if int(row[creators]) == uid)


def posix_queue_exists(name):
    fd = libc.mq_open(name.encode(), os.O_RDONLY)
    if fd >= 0:
        os.close(fd)
        return True
    return False


def state(options):
    status = os.stat(options.target)
    attributes = {name: os.getxattr(options.target, name).hex() for name in sorted(os.listxattr(options.target))}
    report = {
        "mode": status.st_mode & 0o7777,
        "attributes": attributes,
        "messageQueues": sysv_ids("msg", options.uid),
        "sharedMemory": sysv_ids("shm", options.uid),
        "posixQueue": posix_queue_exists(options.queue) if options.queue else False,
    }
    # Where the queues' file system is mounted, its listing says the same of every queue of the user.
    if os.path.ismount("/dev/mqueue"):
        report["mountedQueues"] = sorted(name for name in os.listdir("/dev/mqueue")
                                         if os.stat(f"/dev/mqueue/{name}").st_uid == options.uid)
    print(json.dumps(report))


def remove(options):
    IPC_RMID = 0
    for queue in options.queue:
        libc.msgctl(queue, IPC_RMID, None)
    for segment in options.segment:
        libc.shmctl(segment, IPC_RMID, None)
    if options.posix_queue:
        libc.mq_unlink(options.posix_queue.encode())


def landlock_abi(_):
    version = libc.syscall(LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION))
    print(max(0, version))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    running = commands.add_parser("run")
    running.add_argument("--report", required=True)
    running.add_argument("--stdout", required=True)
    running.add_argument("--stderr", required=True)
    running.add_argument("--deadline", type=float, default=60)
    running.add_argument("--hold")
    running.add_argument("program")
    running.add_argument("arguments", nargs=argparse.REMAINDER)
    running.set_defaults(action=run)
    checking = commands.add_parser("state")
    checking.add_argument("--target", required=True)
    checking.add_argument("--uid", type=int, required=True)
    checking.add_argument("--queue")
    checking.set_defaults(action=state)
    removing = commands.add_parser("remove")
    removing.add_argument("--queue", type=int, nargs="*", default=[])
    removing.add_argument("--segment", type=int, nargs="*", default=[])
    removing.add_argument("--posix-queue")
    removing.set_defaults(action=remove)
    commands.add_parser("landlock-abi").set_defaults(action=landlock_abi)
    options = parser.parse_args()
    options.action(options)


if __name__ == "__main__":
    sys.exit(main())
