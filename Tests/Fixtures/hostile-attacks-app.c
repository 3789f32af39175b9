/* The hostile loader's attacks at the process that started the decoder (the app), as issue 19 found
 * them; hostile-loader.c carries them out. The words:
 *
 *   sigqueue            queues SIGKILL to its parent with rt_sigqueueinfo, as sigqueue() does
 *   pidfd-kill          sends its parent SIGKILL through a pidfd
 *   fasync              makes its stderr pipe signal-driven, owned by its parent with SIGKILL as the
 *                       signal, writes to it and waits a second, so the parent's read of the pipe kills it
 *   steal               takes its parent's descriptors 0 to 255 with pidfd_getfd, overwrites the
 *                       first bytes of every regular file among them and writes to its stdout and stderr
 *   escape [exit]       writes terminal escapes, controls, a direction override, invalid UTF-8 and
 *                       a 100 KB tail to its stderr, then the same but the tail as the decoder's own
 *                       words that it cannot lock down, then fails the load with the first text, or
 *                       with `exit` exits with status 2 */
#define _GNU_SOURCE
#include <gdk-pixbuf/gdk-pixbuf.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "hostile-loader.h"

/* Called by number: glibc 2.36 wraps none of them, and libseccomp 2.5.4 knows none past 439, so a
 * filter built from names cannot mention them. Every architecture numbers them alike. */
#define CALL_PIDFD_SEND_SIGNAL 424
#define CALL_PIDFD_OPEN 434
#define CALL_PIDFD_GETFD 438

/* What the tests look for: what steal writes. */
#define STOLEN "STOLEN BY THE HOSTILE LOADER\n"
#define GARBAGE "SNAPSHELF-HOSTILE-LOADER-WAS-HERE"

void attack_by_queueing_a_signal(G_GNUC_UNUSED const char *argument, GError **error)
{
    pid_t parent = getppid();
    siginfo_t info;
    memset(&info, 0, sizeof info);
    info.si_signo = SIGKILL;
    /* What sigqueue() sends; the kernel refuses a code that would pass for its own or kill's. */
    info.si_code = SI_QUEUE;
    info.si_pid = getpid();
    info.si_uid = getuid();
    long result = syscall(SYS_rt_sigqueueinfo, parent, SIGKILL, &info);
    fail(error, "rt_sigqueueinfo(%d, SIGKILL): %s", (int) parent, outcome(result));
}

/* A pidfd for the process that started this one, or -1 with the load failed saying why. */
static long open_parent(pid_t parent, GError **error)
{
    long pidfd = syscall(CALL_PIDFD_OPEN, parent, 0);
    if (pidfd < 0)
        fail(error, "pidfd_open(%d): %s", (int) parent, g_strerror(errno));
    return pidfd;
}

void attack_through_a_pidfd(G_GNUC_UNUSED const char *argument, GError **error)
{
    pid_t parent = getppid();
    long pidfd = open_parent(parent, error);
    if (pidfd < 0)
        return;
    long result = syscall(CALL_PIDFD_SEND_SIGNAL, pidfd, SIGKILL, NULL, 0);
    fail(error, "pidfd_send_signal(%d, SIGKILL): %s", (int) parent, outcome(result));
    close((int) pidfd);
}

void attack_by_signal_driven_output(G_GNUC_UNUSED const char *argument, GError **error)
{
    struct f_owner_ex owner = { .type = F_OWNER_PID, .pid = getppid() };
    const char *owned = outcome(fcntl(2, F_SETOWN_EX, &owner));
    const char *signal = outcome(fcntl(2, F_SETSIG, SIGKILL));
    int flags = fcntl(2, F_GETFL);
    const char *asynchronous = outcome(flags < 0 ? flags : fcntl(2, F_SETFL, flags | O_ASYNC));
    /* The pipe signals its owner when the reader takes this from it. */
    const char text[] = "hostile loader: reading this kills you\n";
    const char *written = outcome(write(2, text, sizeof text - 1));
    /* Alive a while, so that the reader reads while the pipe has this owner. */
    g_usleep(G_USEC_PER_SEC);
    fail(error, "stderr owned by %d: %s; SIGKILL as its signal: %s; O_ASYNC: %s; written: %s", (int) owner.pid, owned,
         signal, asynchronous, written);
}

void attack_by_stealing_descriptors(G_GNUC_UNUSED const char *argument, GError **error)
{
    pid_t parent = getppid();
    long pidfd = open_parent(parent, error);
    if (pidfd < 0)
        return;
    int taken = 0, overwritten = 0, told = 0, first_error = 0;
    for (int number = 0; number < 256; number++) {
        long fd = syscall(CALL_PIDFD_GETFD, pidfd, number, 0);
        if (fd < 0) {
            if (errno != EBADF && first_error == 0)
                first_error = errno;
            continue;
        }
        taken++;
        struct stat status;
        if (fstat((int) fd, &status) == 0 && S_ISREG(status.st_mode)) {
            /* Over a database's "SQLite format 3" header, a photo's magic, whatever it is. */
            if (pwrite((int) fd, GARBAGE, sizeof GARBAGE - 1, 0) > 0)
                overwritten++;
        } else if ((number == 1 || number == 2) && write((int) fd, STOLEN, sizeof STOLEN - 1) > 0) {
            told++;
        }
        close((int) fd);
    }
    close((int) pidfd);
    fail(error, "took %d of %d's descriptors (the first refusal: %s), overwrote %d files and wrote to %d of its outputs",
         taken, (int) parent, first_error ? g_strerror(first_error) : "none", overwritten, told);
}

/* Terminal escapes, controls and text that is no UTF-8, and with `tail`, 100 KB more than any line. */
static GString *hostile_text(gboolean tail)
{
    GString *text = g_string_new("escapes follow: ");
    g_string_append(text, "\033]0;pwned\007");  /* OSC 0, which sets the terminal's title */
    g_string_append(text, "\033[2J");           /* clears the screen */
    g_string_append(text, "\007");              /* BEL */
    g_string_append(text, "\302\233" "31m");    /* the C1 CSI, U+009B, in UTF-8 */
    g_string_append(text, "\233" "32m");        /* the C1 CSI as one raw byte */
    g_string_append(text, "\342\200\256" "txet desrever"); /* U+202E RIGHT-TO-LEFT OVERRIDE */
    g_string_append(text, "\377\376\300\200");  /* no UTF-8 */
    for (int count = 0; tail && count < 100 * 1024; count++)
        g_string_append_c(text, 'x');
    return text;
}

static void write_all(int fd, const GString *text)
{
    gsize written = 0;
    while (written < text->len) {
        ssize_t count = write(fd, text->str + written, text->len - written);
        if (count <= 0)
            return;
        written += (gsize) count;
    }
}

void attack_with_escapes(const char *argument, GError **error)
{
    GString *text = hostile_text(TRUE);
    GString *line = g_string_new(text->str);
    g_string_append_c(line, '\n');
    /* Last, and short, so that it stays in the end of stderr an app keeps: as the decoder's own
     * words when it cannot lock down, which the app repeats. */
    GString *words = hostile_text(FALSE);
    g_string_append_printf(line, "snapshelf decoder: cannot lock down: %s\n", words->str);
    g_string_free(words, TRUE);
    write_all(2, line);
    g_string_free(line, TRUE);
    if (strcmp(argument, "exit") == 0)
        _exit(2);
    fail(error, "%s", text->str);
    g_string_free(text, TRUE);
}
