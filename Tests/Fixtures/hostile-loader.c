/* A GdkPixbuf loader module that attacks whatever process decodes with it, for the tests of the
 * sandboxed decoder (issues 14 and 19). It claims files that start with "SNAPSHELF-HOSTILE " and
 * does what the word after that says, as soon as the line holding it arrives: at the decoding
 * process itself (hostile-attacks-decoder.c), at the process that started it, the app
 * (hostile-attacks-app.c), or at the machine (hostile-attacks-machine.c). Each of those files'
 * first lines list its words.
 *
 * Where it lives through its attack it fails the load with an error saying how the attack went,
 * so that a test's message shows it. It is built by the tests (see HostileLoader.swift), never
 * installed, and registered through a loaders.cache of their own. */
#define _GNU_SOURCE
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gdk-pixbuf/gdk-pixbuf-io.h>
#undef GDK_PIXBUF_ENABLE_BACKEND

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hostile-loader.h"

#define MAGIC "SNAPSHELF-HOSTILE "

typedef struct {
    GString *data;
    gboolean attacked;
} HostileContext;

void fail(GError **error, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    gchar *message = g_strdup_vprintf(format, arguments);
    va_end(arguments);
    g_set_error(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "hostile loader: %s", message);
    g_free(message);
}

/* How a call went, for an error message: "done", or the system's reason. Read errno at once. */
const char *outcome(long result)
{
    return result < 0 ? g_strerror(errno) : "done";
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
