// How many malloc arenas a process's threads share. glibc gives a thread that finds the arenas
// busy one of its own, up to eight per core, and keeps resident the pages freed in each: the
// window's workers, decoder pool and GTK's threads left about 2 MB so (bench/README.md).
import CLinux

public enum MallocArenas {
    /// Two arenas for all the threads, so the main thread seldom waits for one; call it before
    /// any thread starts. A single arena saved no more and made the first frame's threads wait on
    /// its lock a hundred times more.
    public static func limitToTwo() {
        mallopt(M_ARENA_MAX, 2)
    }
}
