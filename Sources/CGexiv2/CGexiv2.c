/* The snapshelf_gexiv2_ functions: gexiv2 loaded with dlopen on first use, each function resolved
   once and called through its pointer. */
#include "CGexiv2.h"
#include <dlfcn.h>
#include <pthread.h>

/* Every gexiv2 function Snapshelf calls; each pointer has the type of gexiv2's own declaration,
   so a shim that passes the wrong arguments does not compile. */
#define SNAPSHELF_GEXIV2_FUNCTIONS(X) \
    X(gexiv2_initialize) \
    X(gexiv2_metadata_try_register_xmp_namespace) \
    X(gexiv2_metadata_new) \
    X(gexiv2_metadata_open_path) \
    X(gexiv2_metadata_open_buf) \
    X(gexiv2_metadata_from_app1_segment) \
    X(gexiv2_metadata_try_has_tag) \
    X(gexiv2_metadata_try_get_tag_string) \
    X(gexiv2_metadata_try_get_tag_interpreted_string) \
    X(gexiv2_metadata_try_get_exif_tag_rational) \
    X(gexiv2_metadata_try_get_gps_latitude) \
    X(gexiv2_metadata_try_get_gps_longitude) \
    X(gexiv2_metadata_try_get_xmp_packet) \
    X(gexiv2_metadata_try_set_tag_string) \
    X(gexiv2_metadata_try_clear_tag) \
    X(gexiv2_metadata_save_external) \
    X(gexiv2_metadata_save_file)

#define SNAPSHELF_POINTER(name) __typeof__(&name) name;
static struct { SNAPSHELF_GEXIV2_FUNCTIONS(SNAPSHELF_POINTER) } gexiv2;
static void *library;
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

/* dlerror's text lives until the next dlerror call, so it is copied where it stays. */
static const char *failure(void)
{
    static __thread char text[512];
    const char *reason = dlerror();
    g_strlcpy(text, reason ? reason : "unknown error", sizeof text);
    return text;
}

const char *snapshelf_gexiv2_load(const char *soname)
{
    /* Lazy binding: a function is bound when first called, and each is looked up below. A file
       already open is only counted once more, and let go again when the functions come from it. */
    void *opened = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
    if (!opened) return failure();
    const char *problem = NULL;
    int kept = 0;
    pthread_mutex_lock(&loading);
    if (!library) {
#define SNAPSHELF_RESOLVE(name) \
        if (!problem && !(gexiv2.name = (__typeof__(&name))dlsym(opened, #name))) problem = failure();
        SNAPSHELF_GEXIV2_FUNCTIONS(SNAPSHELF_RESOLVE)
        if (!problem) {
            library = opened;
            kept = 1;
        }
    } else {
        /* The functions come from the first file loaded; this one must be gexiv2 too. */
        if (!dlsym(opened, "gexiv2_initialize")) problem = failure();
    }
    pthread_mutex_unlock(&loading);
    if (!kept) dlclose(opened);
    return problem;
}

gboolean snapshelf_gexiv2_initialize(void) { return gexiv2.gexiv2_initialize(); }

gboolean snapshelf_gexiv2_metadata_try_register_xmp_namespace(const gchar *name, const gchar *prefix, GError **error)
{
    return gexiv2.gexiv2_metadata_try_register_xmp_namespace(name, prefix, error);
}

GExiv2Metadata *snapshelf_gexiv2_metadata_new(void) { return gexiv2.gexiv2_metadata_new(); }

gboolean snapshelf_gexiv2_metadata_open_path(GExiv2Metadata *self, const gchar *path, GError **error)
{
    return gexiv2.gexiv2_metadata_open_path(self, path, error);
}

gboolean snapshelf_gexiv2_metadata_open_buf(GExiv2Metadata *self, const guint8 *data, glong n_data, GError **error)
{
    return gexiv2.gexiv2_metadata_open_buf(self, data, n_data, error);
}

gboolean snapshelf_gexiv2_metadata_from_app1_segment(GExiv2Metadata *self, const guint8 *data, glong n_data, GError **error)
{
    return gexiv2.gexiv2_metadata_from_app1_segment(self, data, n_data, error);
}

gboolean snapshelf_gexiv2_metadata_try_has_tag(GExiv2Metadata *self, const gchar *tag, GError **error)
{
    return gexiv2.gexiv2_metadata_try_has_tag(self, tag, error);
}

gchar *snapshelf_gexiv2_metadata_try_get_tag_string(GExiv2Metadata *self, const gchar *tag, GError **error)
{
    return gexiv2.gexiv2_metadata_try_get_tag_string(self, tag, error);
}

gchar *snapshelf_gexiv2_metadata_try_get_tag_interpreted_string(GExiv2Metadata *self, const gchar *tag, GError **error)
{
    return gexiv2.gexiv2_metadata_try_get_tag_interpreted_string(self, tag, error);
}

gboolean snapshelf_gexiv2_metadata_try_get_exif_tag_rational(GExiv2Metadata *self, const gchar *tag, gint *nom, gint *den, GError **error)
{
    return gexiv2.gexiv2_metadata_try_get_exif_tag_rational(self, tag, nom, den, error);
}

gboolean snapshelf_gexiv2_metadata_try_get_gps_latitude(GExiv2Metadata *self, gdouble *latitude, GError **error)
{
    return gexiv2.gexiv2_metadata_try_get_gps_latitude(self, latitude, error);
}

gboolean snapshelf_gexiv2_metadata_try_get_gps_longitude(GExiv2Metadata *self, gdouble *longitude, GError **error)
{
    return gexiv2.gexiv2_metadata_try_get_gps_longitude(self, longitude, error);
}

gchar *snapshelf_gexiv2_metadata_try_get_xmp_packet(GExiv2Metadata *self, GError **error)
{
    return gexiv2.gexiv2_metadata_try_get_xmp_packet(self, error);
}

gboolean snapshelf_gexiv2_metadata_try_set_tag_string(GExiv2Metadata *self, const gchar *tag, const gchar *value, GError **error)
{
    return gexiv2.gexiv2_metadata_try_set_tag_string(self, tag, value, error);
}

gboolean snapshelf_gexiv2_metadata_try_clear_tag(GExiv2Metadata *self, const gchar *tag, GError **error)
{
    return gexiv2.gexiv2_metadata_try_clear_tag(self, tag, error);
}

gboolean snapshelf_gexiv2_metadata_save_external(GExiv2Metadata *self, const gchar *path, GError **error)
{
    return gexiv2.gexiv2_metadata_save_external(self, path, error);
}

gboolean snapshelf_gexiv2_metadata_save_file(GExiv2Metadata *self, const gchar *path, GError **error)
{
    return gexiv2.gexiv2_metadata_save_file(self, path, error);
}
