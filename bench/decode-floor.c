/* The benchmark's import floor: the least any importer must do to show thumbnails of the photos
 * given, that is decode each one once at thumbnail scale (fit into 256 px), on every core, in one
 * process, writing nothing. Snapshelf's import time is set against it, so what Snapshelf adds to
 * the decoding (hashing, copying, checking, the database, writing thumbnails) is what the ratio
 * shows. */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
    char **paths;
    gint count;
    gint next;   /* the next file to take, shared by all threads */
    gint failed; /* files that did not decode; any makes the floor meaningless */
} Work;

static gpointer decode_files(gpointer data)
{
    Work *work = data;
    for (gint index = g_atomic_int_add(&work->next, 1); index < work->count;
         index = g_atomic_int_add(&work->next, 1)) {
        GError *error = NULL;
        /* At a size this small, libjpeg decodes at 1/2, 1/4 or 1/8 scale, as Snapshelf does. */
        GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale(work->paths[index], 256, 256, TRUE, &error);
        if (pixbuf == NULL) {
            fprintf(stderr, "decode-floor: %s: %s\n", work->paths[index], error->message);
            g_error_free(error);
            g_atomic_int_inc(&work->failed);
            continue;
        }
        g_object_unref(pixbuf);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: decode-floor PHOTO...\n");
        return 2;
    }
    Work work = { .paths = argv + 1, .count = argc - 1, .next = 0, .failed = 0 };
    /* DECODE_FLOOR_THREADS=1 gives the time of decoding alone on one core, which the benchmark
       sets Snapshelf's sandboxed decoding against. */
    const char *threads_wanted = g_getenv("DECODE_FLOOR_THREADS");
    long cores = threads_wanted != NULL ? atol(threads_wanted) : sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1) {
        cores = 1;
    }
    GThread **threads = g_new(GThread *, cores);
    for (long core = 0; core < cores; core++) {
        threads[core] = g_thread_new("decode", decode_files, &work);
    }
    for (long core = 0; core < cores; core++) {
        g_thread_join(threads[core]);
    }
    g_free(threads);
    return work.failed == 0 ? 0 : 1;
}
