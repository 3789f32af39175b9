/* The hostile loader's attacks at the machine, as issue 19 found them: files, IPC, the terminal,
 * priorities and locks; hostile-loader.c carries them out. The words:
 *
 *   fchmodat2 PATH      makes PATH mode 0777 with fchmodat2
 *   setxattrat PATH     sets user.snapshelf on PATH with setxattrat
 *   ipc PATH            leaves PATH's contents in a SysV message queue, SysV shared memory and the
 *                       POSIX message queue /snapshelf-hostile, all readable by anyone
 *   tty                 turns off ECHO and ICANON on its controlling terminal
 *   renice              sets nice 19 on its parent and on every process of its user
 *   flock PATH          takes an exclusive flock on the folder PATH and keeps it after the load */
#define _GNU_SOURCE
#include <gdk-pixbuf/gdk-pixbuf.h>

#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

#include "hostile-loader.h"

/* Called by number: glibc 2.36 wraps none of them, and libseccomp 2.5.4 knows none past 439, so a
 * filter built from names cannot mention them. Every architecture numbers them alike. */
#define CALL_FCHMODAT2 452
#define CALL_SETXATTRAT 463

/* What the tests look for: the POSIX queue's name and the attribute's. */
#define MESSAGE_QUEUE "/snapshelf-hostile"
#define ATTRIBUTE "user.snapshelf"

void attack_by_changing_the_mode(const char *path, GError **error)
{
    long result = syscall(CALL_FCHMODAT2, AT_FDCWD, path, 0777, 0);
    fail(error, "fchmodat2(%s, 0777): %s", path, outcome(result));
}

void attack_by_setting_an_attribute(const char *path, GError **error)
{
    /* The kernel's struct xattr_args. */
    struct {
        uint64_t value;
        uint32_t size;
        uint32_t flags;
    } arguments = { .value = (uintptr_t) "hostile", .size = 7, .flags = 0 };
    long result = syscall(CALL_SETXATTRAT, AT_FDCWD, path, 0, ATTRIBUTE, &arguments, sizeof arguments);
    fail(error, "setxattrat(%s, " ATTRIBUTE "): %s", path, outcome(result));
}

/* Each puts `secret` where any process can read it after this one is gone, and says into `said` how it went. */
static void leave_in_a_message_queue(const gchar *secret, gsize length, char *said, size_t size)
{
    int queue = msgget(IPC_PRIVATE, IPC_CREAT | 0666);
    if (queue < 0) {
        snprintf(said, size, "msgget: %s", g_strerror(errno));
        return;
    }
    struct {
        long type;
        char text[1024];
    } message = { .type = 1 };
    gsize count = MIN(length, sizeof message.text);
    memcpy(message.text, secret, count);
    snprintf(said, size, "queue %d: %s", queue, outcome(msgsnd(queue, &message, count, IPC_NOWAIT)));
}

static void leave_in_shared_memory(const gchar *secret, gsize length, char *said, size_t size)
{
    int segment = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0666);
    if (segment < 0) {
        snprintf(said, size, "shmget: %s", g_strerror(errno));
        return;
    }
    void *memory = shmat(segment, NULL, 0);
    if (memory == (void *) -1) {
        snprintf(said, size, "segment %d, shmat: %s", segment, g_strerror(errno));
        return;
    }
    memcpy(memory, secret, MIN(length, 4096));
    shmdt(memory);
    snprintf(said, size, "segment %d: done", segment);
}

static void leave_in_a_posix_queue(const gchar *secret, gsize length, char *said, size_t size)
{
    mqd_t queue = mq_open(MESSAGE_QUEUE, O_CREAT | O_WRONLY, 0666, NULL);
    if (queue == (mqd_t) -1) {
        snprintf(said, size, "mq_open: %s", g_strerror(errno));
        return;
    }
    /* Within the smallest message size a queue may have. */
    snprintf(said, size, "%s", outcome(mq_send(queue, secret, MIN(length, 128), 0)));
    mq_close(queue);
}

void attack_by_leaving_a_secret(const char *path, GError **error)
{
    gchar *secret = NULL;
    gsize length = 0;
    GError *unread = NULL;
    if (!g_file_get_contents(path, &secret, &length, &unread)) {
        fail(error, "could not read %s: %s", path, unread->message);
        g_error_free(unread);
        return;
    }
    char queued[200], shared[200], posix[200];
    leave_in_a_message_queue(secret, length, queued, sizeof queued);
    leave_in_shared_memory(secret, length, shared, sizeof shared);
    leave_in_a_posix_queue(secret, length, posix, sizeof posix);
    g_free(secret);
    fail(error, "left %s in SysV message %s; SysV shared memory %s; POSIX queue " MESSAGE_QUEUE ": %s", path, queued,
         shared, posix);
}

void attack_the_terminal(G_GNUC_UNUSED const char *argument, GError **error)
{
    int fd = open("/dev/tty", O_RDWR | O_NOCTTY);
    if (fd < 0)
        fd = open("/dev/tty", O_RDONLY | O_NOCTTY);
    if (fd < 0) {
        fail(error, "could not open /dev/tty: %s", g_strerror(errno));
        return;
    }
    struct termios settings;
    if (tcgetattr(fd, &settings) != 0) {
        fail(error, "tcgetattr on /dev/tty: %s", g_strerror(errno));
        close(fd);
        return;
    }
    settings.c_lflag &= ~(tcflag_t) (ECHO | ICANON);
    fail(error, "turning off ECHO and ICANON on /dev/tty: %s", outcome(tcsetattr(fd, TCSANOW, &settings)));
    close(fd);
}

void attack_by_renicing(G_GNUC_UNUSED const char *argument, GError **error)
{
    pid_t parent = getppid();
    const char *process = outcome(setpriority(PRIO_PROCESS, (id_t) parent, 19));
    const char *user = outcome(setpriority(PRIO_USER, getuid(), 19));
    fail(error, "nice 19 for process %d: %s; for user %d: %s", (int) parent, process, (int) getuid(), user);
}

void attack_by_locking(const char *path, GError **error)
{
    /* Held for the life of the process, whatever it decodes next; taken once, since a second
     * description of the folder would wait for the first. */
    static int held = -1;
    if (held < 0) {
        held = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (held < 0) {
            fail(error, "could not open %s: %s", path, g_strerror(errno));
            return;
        }
        if (flock(held, LOCK_EX) != 0) {
            fail(error, "could not lock %s: %s", path, g_strerror(errno));
            close(held);
            held = -1;
            return;
        }
    }
    fail(error, "holding an exclusive lock on %s", path);
}
