/* gexiv2, the GObject wrapper of Exiv2 that Shotwell and gThumb use: reading and writing XMP and
   IPTC, in photos and in XMP sidecars. Exiv2 is a large C++ library whose loading, binding and
   static initialisers cost about 11 ms, which the window's first frame does not need: so it is not
   linked, but loaded with dlopen on first use, and Snapshelf calls it only through the
   snapshelf_gexiv2_ functions below, each the gexiv2 function of the same name. The header is
   included for its types alone; calling a gexiv2_ function directly fails to link. */
#pragma once
#include <gexiv2/gexiv2.h>

/* The runtime package's file (libgexiv2-2, which libgexiv2-dev depends on), not the -dev
   package's unversioned link. */
#define SNAPSHELF_GEXIV2_SONAME "libgexiv2.so.2"

/* Loads the library from the file of that name and, the first time, resolves every function
   below from it. Returns NULL when the file is gexiv2, else why not, in the dynamic loader's
   words, which name the file or the missing function; a failure changes nothing, and it may be
   called again. Thread-safe. */
const char *snapshelf_gexiv2_load(const char *soname);

gboolean snapshelf_gexiv2_initialize(void);
gboolean snapshelf_gexiv2_metadata_try_register_xmp_namespace(const gchar *name, const gchar *prefix, GError **error);
GExiv2Metadata *snapshelf_gexiv2_metadata_new(void);
gboolean snapshelf_gexiv2_metadata_open_path(GExiv2Metadata *self, const gchar *path, GError **error);
gboolean snapshelf_gexiv2_metadata_open_buf(GExiv2Metadata *self, const guint8 *data, glong n_data, GError **error);
gboolean snapshelf_gexiv2_metadata_from_app1_segment(GExiv2Metadata *self, const guint8 *data, glong n_data, GError **error);
gboolean snapshelf_gexiv2_metadata_try_has_tag(GExiv2Metadata *self, const gchar *tag, GError **error);
gchar *snapshelf_gexiv2_metadata_try_get_tag_string(GExiv2Metadata *self, const gchar *tag, GError **error);
gchar *snapshelf_gexiv2_metadata_try_get_tag_interpreted_string(GExiv2Metadata *self, const gchar *tag, GError **error);
gboolean snapshelf_gexiv2_metadata_try_get_exif_tag_rational(GExiv2Metadata *self, const gchar *tag, gint *nom, gint *den, GError **error);
gboolean snapshelf_gexiv2_metadata_try_get_gps_latitude(GExiv2Metadata *self, gdouble *latitude, GError **error);
gboolean snapshelf_gexiv2_metadata_try_get_gps_longitude(GExiv2Metadata *self, gdouble *longitude, GError **error);
gchar *snapshelf_gexiv2_metadata_try_get_xmp_packet(GExiv2Metadata *self, GError **error);
gboolean snapshelf_gexiv2_metadata_try_set_tag_string(GExiv2Metadata *self, const gchar *tag, const gchar *value, GError **error);
gboolean snapshelf_gexiv2_metadata_try_clear_tag(GExiv2Metadata *self, const gchar *tag, GError **error);
gboolean snapshelf_gexiv2_metadata_save_external(GExiv2Metadata *self, const gchar *path, GError **error);
gboolean snapshelf_gexiv2_metadata_save_file(GExiv2Metadata *self, const gchar *path, GError **error);
