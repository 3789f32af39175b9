/* What the parts of the hostile GdkPixbuf loader share (see hostile-loader.c): how an attack fails
 * the load, and the attacks that hostile-attacks-decoder.c, hostile-attacks-app.c and
 * hostile-attacks-machine.c define. */
#ifndef SNAPSHELF_HOSTILE_LOADER_H
#define SNAPSHELF_HOSTILE_LOADER_H

#include <gdk-pixbuf/gdk-pixbuf.h>

/* Fails the load with a message saying how the attack went. */
G_GNUC_INTERNAL void fail(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);
/* How a call went, for an error message: "done", or the system's reason. Read errno at once. */
G_GNUC_INTERNAL const char *outcome(long result);

/* At the decoding process itself (hostile-attacks-decoder.c). */
G_GNUC_INTERNAL void attack_by_crashing(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_by_spinning(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_by_hogging(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_by_writing(const char *path, GError **error);
G_GNUC_INTERNAL void attack_by_connecting(const char *arguments, GError **error);
G_GNUC_INTERNAL void attack_by_running(const char *path, GError **error);
G_GNUC_INTERNAL void attack_by_reading(const char *path, GError **error);

/* At the process that started the decoder (hostile-attacks-app.c). */
G_GNUC_INTERNAL void attack_by_queueing_a_signal(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_through_a_pidfd(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_by_signal_driven_output(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_by_stealing_descriptors(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_with_escapes(const char *argument, GError **error);

/* At the machine (hostile-attacks-machine.c). */
G_GNUC_INTERNAL void attack_by_changing_the_mode(const char *path, GError **error);
G_GNUC_INTERNAL void attack_by_setting_an_attribute(const char *path, GError **error);
G_GNUC_INTERNAL void attack_by_leaving_a_secret(const char *path, GError **error);
G_GNUC_INTERNAL void attack_the_terminal(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_by_renicing(const char *argument, GError **error);
G_GNUC_INTERNAL void attack_by_locking(const char *path, GError **error);

#endif
