/* The hostile loader's attacks at the process that decodes with it, as issue 14 found them;
 * hostile-loader.c carries them out. The words:
 *
 *   crash               writes through a null pointer (SIGSEGV)
 *   spin                loops for ever
 *   hog                 allocates and touches memory until the allocation fails and g_malloc aborts
 *   write PATH          creates PATH and writes to it
 *   socket PORT PATH    connects a TCP socket to 127.0.0.1:PORT and a Unix socket to PATH
 *   exec PATH           runs /bin/sh -c 'touch PATH' in a child process
 *   readhome PATH       fails the load with PATH's first line as its reason */
#define _GNU_SOURCE
#include <gdk-pixbuf/gdk-pixbuf.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hostile-loader.h"

void attack_by_crashing(G_GNUC_UNUSED const char *argument, G_GNUC_UNUSED GError **error)
{
    /* Volatile, so that the compiler cannot see the null and put a trap of its own there. */
    int *volatile target = NULL;
    *target = 1;
}

void attack_by_spinning(G_GNUC_UNUSED const char *argument, G_GNUC_UNUSED GError **error)
{
    volatile unsigned long turns = 0;
    for (;;)
        turns++;
}

void attack_by_hogging(G_GNUC_UNUSED const char *argument, G_GNUC_UNUSED GError **error)
{
    const gsize block = 64 * 1024 * 1024;
    for (;;) {
        /* Touched, so that the pages are really taken rather than only promised. */
        memset(g_malloc(block), 0x5a, block);
    }
}

void attack_by_writing(const char *path, GError **error)
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

void attack_by_connecting(const char *arguments, GError **error)
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

void attack_by_running(const char *path, GError **error)
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

void attack_by_reading(const char *path, GError **error)
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
