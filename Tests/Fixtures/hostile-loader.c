/* A GdkPixbuf loader module that attacks whatever process decodes with it, for the tests of the
 * sandboxed decoder (issue 14). It claims files that start with "SNAPSHELF-HOSTILE " and does
 * what the word after that says, as soon as the line holding it arrives:
 *
 *   crash               writes through a null pointer (SIGSEGV)
 *   spin                loops for ever
 *   hog                 allocates and touches memory until the allocation fails and g_malloc aborts
 *   write PATH          creates PATH and writes to it
 *   socket PORT PATH    connects a TCP socket to 127.0.0.1:PORT and a Unix socket to PATH
 *   exec PATH           runs /bin/sh -c 'touch PATH' in a child process
 *
 * and, as issue 19 found them, at the process that started it (the app) and the machine:
 *
 *   sigqueue            queues SIGKILL to its parent with rt_sigqueueinfo, as sigqueue() does
 *   pidfd-kill          sends its parent SIGKILL through a pidfd
 *   fasync              makes its stderr pipe signal-driven, owned by its parent with SIGKILL as the
 *                       signal, writes to it and waits a second, so the parent's read of the pipe kills it
 *   steal               takes its parent's descriptors 0 to 255 with pidfd_getfd, overwrites the
 *                       first bytes of every regular file among them and writes to its stdout and stderr
 *   fchmodat2 PATH      makes PATH mode 0777 with fchmodat2
 *   setxattrat PATH     sets user.snapshelf on PATH with setxattrat
 *   ipc PATH            leaves PATH's contents in a SysV message queue, SysV shared memory and the
 *                       POSIX message queue /snapshelf-hostile, all readable by anyone
 *   tty                 turns off ECHO and ICANON on its controlling terminal
 *   renice              sets nice 19 on its parent and on every process of its user
 *   flock PATH          takes an exclusive flock on the folder PATH and keeps it after the load
 *   escape [exit]       writes terminal escapes, controls, a direction override, invalid UTF-8 and
 *                       a 100 KB tail to its stderr, then the same but the tail as the decoder's own
 *                       words that it cannot lock down, then fails the load with the first text, or
 *                       with `exit` exits with status 2
 *   readhome PATH       fails the load with PATH's first line as its reason
 *
 * Where it lives through its attack it fails the load with an error saying how the attack went,
 * so that a test's message shows it. It is built by the tests (see HostileLoader.swift), never
 * installed, and registered through a loaders.cache of their own. */
#define _GNU_SOURCE
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gdk-pixbuf/gdk-pixbuf-io.h>
#undef GDK_PIXBUF_ENABLE_BACKEND

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#define MAGIC "SNAPSHELF-HOSTILE "

/* Called by number: glibc 2.36 wraps none of them, and libseccomp 2.5.4 knows none past 439, so a
 * filter built from names cannot mention them. Every architecture numbers them alike. */
#define CALL_PIDFD_SEND_SIGNAL 424
#define CALL_PIDFD_OPEN 434
#define CALL_PIDFD_GETFD 438
#define CALL_FCHMODAT2 452
#define CALL_SETXATTRAT 463

/* What the tests look for: the POSIX queue's name, the attribute's, and what steal writes. */
#define MESSAGE_QUEUE "/snapshelf-hostile"
#define ATTRIBUTE "user.snapshelf"
#define STOLEN "STOLEN BY THE HOSTILE LOADER\n"
#define GARBAGE "SNAPSHELF-HOSTILE-LOADER-WAS-HERE"

typedef struct {
    GString *data;
    gboolean attacked;
} HostileContext;

static void fail(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

static void fail(GError **error, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    gchar *message = g_strdup_vprintf(format, arguments);
    va_end(arguments);
    g_set_error(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "hostile loader: %s", message);
    g_free(message);
}

static void attack_by_crashing(G_GNUC_UNUSED const char *argument, G_GNUC_UNUSED GError **error)
{
    /* Volatile, so that the compiler cannot see the null and put a trap of its own there. */
    int *volatile target = NULL;
    *target = 1;
}

static void attack_by_spinning(G_GNUC_UNUSED const char *argument, G_GNUC_UNUSED GError **error)
{
    volatile unsigned long turns = 0;
    for (;;)
        turns++;
}

static void attack_by_hogging(G_GNUC_UNUSED const char *argument, G_GNUC_UNUSED GError **error)
{
    const gsize block = 64 * 1024 * 1024;
    for (;;) {
        /* Touched, so that the pages are really taken rather than only promised. */
        memset(g_malloc(block), 0x5a, block);
    }
}

static void attack_by_writing(const char *path, GError **error)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        fail(error, "could not create %s: %s", path, g_strerror(errno));
        return;
    }
    const char text[] = "written by the hostile loader\n";
    ssize_t written = write(fd, text, sizeof text - 1);
    int saved = errno;
    close(fd);
    if (written < 0) {
        fail(error, "created %s but could not write to it: %s", path, g_strerror(saved));
        return;
    }
    fail(error, "created and wrote %s", path);
}

/* Writes how connecting went into `outcome`, for the error message. */
static void connect_to(int domain, const struct sockaddr *address, socklen_t length, char *outcome, size_t size)
{
    int fd = socket(domain, SOCK_STREAM, 0);
    if (fd < 0) {
        snprintf(outcome, size, "no socket (%s)", g_strerror(errno));
        return;
    }
    if (connect(fd, address, length) < 0)
        snprintf(outcome, size, "not connected (%s)", g_strerror(errno));
    else
        snprintf(outcome, size, "connected");
    close(fd);
}

static void attack_by_connecting(const char *arguments, GError **error)
{
    int port = 0;
    char path[sizeof ((struct sockaddr_un *) 0)->sun_path] = "";
    if (sscanf(arguments, "%d %107s", &port, path) < 1) {
        fail(error, "socket needs a port");
        return;
    }

    struct sockaddr_in tcp = { .sin_family = AF_INET, .sin_port = htons((uint16_t) port) };
    tcp.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    char tcp_outcome[200];
    connect_to(AF_INET, (struct sockaddr *) &tcp, sizeof tcp, tcp_outcome, sizeof tcp_outcome);

    struct sockaddr_un local = { .sun_family = AF_UNIX };
    g_strlcpy(local.sun_path, path, sizeof local.sun_path);
    char local_outcome[200] = "not tried";
    if (path[0] != '\0')
        connect_to(AF_UNIX, (struct sockaddr *) &local, sizeof local, local_outcome, sizeof local_outcome);

    fail(error, "TCP to port %d: %s; Unix socket %s: %s", port, tcp_outcome, path, local_outcome);
}

static void attack_by_running(const char *path, GError **error)
{
    pid_t child = fork();
    if (child < 0) {
        fail(error, "could not fork: %s", g_strerror(errno));
        return;
    }
    if (child == 0) {
        gchar *command = g_strdup_printf("touch '%s'", path);
        execl("/bin/sh", "sh", "-c", command, (char *) NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        fail(error, "forked, but could not run /bin/sh");
        return;
    }
    fail(error, "ran /bin/sh -c 'touch %s', which ended with status %d", path, status);
}

/* How a call went, for an error message: "done", or the system's reason. Read errno at once. */
static const char *outcome(long result)
{
    return result < 0 ? g_strerror(errno) : "done";
}

static void attack_by_queueing_a_signal(G_GNUC_UNUSED const char *argument, GError **error)
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

static void attack_through_a_pidfd(G_GNUC_UNUSED const char *argument, GError **error)
{
    pid_t parent = getppid();
    long pidfd = open_parent(parent, error);
    if (pidfd < 0)
        return;
    long result = syscall(CALL_PIDFD_SEND_SIGNAL, pidfd, SIGKILL, NULL, 0);
    fail(error, "pidfd_send_signal(%d, SIGKILL): %s", (int) parent, outcome(result));
    close((int) pidfd);
}

static void attack_by_signal_driven_output(G_GNUC_UNUSED const char *argument, GError **error)
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

static void attack_by_stealing_descriptors(G_GNUC_UNUSED const char *argument, GError **error)
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

static void attack_by_changing_the_mode(const char *path, GError **error)
{
    long result = syscall(CALL_FCHMODAT2, AT_FDCWD, path, 0777, 0);
    fail(error, "fchmodat2(%s, 0777): %s", path, outcome(result));
}

static void attack_by_setting_an_attribute(const char *path, GError **error)
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

static void attack_by_leaving_a_secret(const char *path, GError **error)
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

static void attack_the_terminal(G_GNUC_UNUSED const char *argument, GError **error)
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

static void attack_by_renicing(G_GNUC_UNUSED const char *argument, GError **error)
{
    pid_t parent = getppid();
    const char *process = outcome(setpriority(PRIO_PROCESS, (id_t) parent, 19));
    const char *user = outcome(setpriority(PRIO_USER, getuid(), 19));
    fail(error, "nice 19 for process %d: %s; for user %d: %s", (int) parent, process, (int) getuid(), user);
}

static void attack_by_locking(const char *path, GError **error)
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

static void attack_with_escapes(const char *argument, GError **error)
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

static void attack_by_reading(const char *path, GError **error)
{
    gchar *contents = NULL;
    GError *unread = NULL;
    if (!g_file_get_contents(path, &contents, NULL, &unread)) {
        fail(error, "could not read %s: %s", path, unread->message);
        g_error_free(unread);
        return;
    }
    contents[strcspn(contents, "\n")] = '\0';
    fail(error, "%s begins: %s", path, contents);
    g_free(contents);
}

/* Carries out the command on the first line of `data`, which starts with the magic. */
static void attack(const char *data, gsize length, GError **error)
{
    static const struct {
        const char *word;
        void (*run)(const char *argument, GError **error);
    } attacks[] = {
        { "crash", attack_by_crashing },
        { "spin", attack_by_spinning },
        { "hog", attack_by_hogging },
        { "write", attack_by_writing },
        { "socket", attack_by_connecting },
        { "exec", attack_by_running },
        { "sigqueue", attack_by_queueing_a_signal },
        { "pidfd-kill", attack_through_a_pidfd },
        { "fasync", attack_by_signal_driven_output },
        { "steal", attack_by_stealing_descriptors },
        { "fchmodat2", attack_by_changing_the_mode },
        { "setxattrat", attack_by_setting_an_attribute },
        { "ipc", attack_by_leaving_a_secret },
        { "tty", attack_the_terminal },
        { "renice", attack_by_renicing },
        { "flock", attack_by_locking },
        { "escape", attack_with_escapes },
        { "readhome", attack_by_reading },
    };
    gchar *line = g_strndup(data, length);
    line[strcspn(line, "\n")] = '\0';
    gchar *command = line + strlen(MAGIC);
    gchar *space = strchr(command, ' ');
    const char *argument = "";
    if (space) {
        *space = '\0';
        argument = space + 1;
    }
    gsize count = sizeof attacks / sizeof attacks[0];
    gsize index = 0;
    while (index < count && strcmp(attacks[index].word, command) != 0)
        index++;
    if (index < count)
        attacks[index].run(argument, error);
    else
        fail(error, "no such attack: %s", command);
    g_free(line);
}

/* The callbacks are never called: no hostile file holds an image. */
static gpointer begin_load(G_GNUC_UNUSED GdkPixbufModuleSizeFunc size_func,
                           G_GNUC_UNUSED GdkPixbufModulePreparedFunc prepared_func,
                           G_GNUC_UNUSED GdkPixbufModuleUpdatedFunc updated_func, G_GNUC_UNUSED gpointer user_data,
                           G_GNUC_UNUSED GError **error)
{
    HostileContext *context = g_new0(HostileContext, 1);
    context->data = g_string_new(NULL);
    return context;
}

/* Attacks as soon as the command's whole line is in: the point where a real loader would parse. */
static gboolean load_increment(gpointer data, const guchar *buffer, guint size, GError **error)
{
    HostileContext *context = data;
    g_string_append_len(context->data, (const gchar *) buffer, size);
    if (context->attacked || !memchr(context->data->str, '\n', context->data->len))
        return TRUE;
    context->attacked = TRUE;
    GError *failure = NULL;
    attack(context->data->str, context->data->len, &failure);
    if (failure) {
        g_propagate_error(error, failure);
        return FALSE;
    }
    return TRUE;
}

static gboolean stop_load(gpointer data, GError **error)
{
    HostileContext *context = data;
    gboolean attacked = context->attacked;
    if (!attacked)
        attack(context->data->str, context->data->len, error);
    g_string_free(context->data, TRUE);
    g_free(context);
    if (attacked)
        fail(error, "there is no image in a hostile file");
    return FALSE;
}

static GdkPixbuf *load(FILE *file, GError **error)
{
    char head[4096];
    size_t length = fread(head, 1, sizeof head, file);
    attack(head, length, error);
    return NULL;
}

G_MODULE_EXPORT void fill_vtable(GdkPixbufModule *module);
G_MODULE_EXPORT void fill_info(GdkPixbufFormat *info);

void fill_vtable(GdkPixbufModule *module)
{
    module->begin_load = begin_load;
    module->load_increment = load_increment;
    module->stop_load = stop_load;
    module->load = load;
}

void fill_info(GdkPixbufFormat *info)
{
    static GdkPixbufModulePattern signature[] = {
        { MAGIC, NULL, 100 },
        { NULL, NULL, 0 },
    };
    static gchar *mime_types[] = { "image/x-snapshelf-hostile", NULL };
    static gchar *extensions[] = { "hostile", NULL };

    info->name = "snapshelf-hostile";
    info->signature = signature;
    info->description = "An image format whose loader attacks the process, for Snapshelf's tests";
    info->mime_types = mime_types;
    info->extensions = extensions;
    info->flags = GDK_PIXBUF_FORMAT_THREADSAFE;
    info->license = "LGPL";
}
