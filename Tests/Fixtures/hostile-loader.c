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
 * Where it lives through its attack it fails the load with an error saying how the attack went,
 * so that a test's message shows it. It is built by the tests (see HostileLoader.swift), never
 * installed, and registered through a loaders.cache of their own. */
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gdk-pixbuf/gdk-pixbuf-io.h>
#undef GDK_PIXBUF_ENABLE_BACKEND

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAGIC "SNAPSHELF-HOSTILE "

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

static void crash(void)
{
    /* Volatile, so that the compiler cannot see the null and put a trap of its own there. */
    int *volatile target = NULL;
    *target = 1;
}

static void spin(void)
{
    volatile unsigned long turns = 0;
    for (;;)
        turns++;
}

static void hog(void)
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

/* Carries out the command on the first line of `data`, which starts with the magic. */
static void attack(const char *data, gsize length, GError **error)
{
    gchar *line = g_strndup(data, length);
    line[strcspn(line, "\n")] = '\0';
    const char *command = line + strlen(MAGIC);
    const char *argument = strchr(command, ' ') ? strchr(command, ' ') + 1 : "";

    if (g_str_has_prefix(command, "crash"))
        crash();
    else if (g_str_has_prefix(command, "spin"))
        spin();
    else if (g_str_has_prefix(command, "hog"))
        hog();
    else if (g_str_has_prefix(command, "write "))
        attack_by_writing(argument, error);
    else if (g_str_has_prefix(command, "socket "))
        attack_by_connecting(argument, error);
    else if (g_str_has_prefix(command, "exec "))
        attack_by_running(argument, error);
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
