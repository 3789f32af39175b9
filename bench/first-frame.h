/* What the benchmark's windows in C share: a GtkApplication whose one window, at Snapshelf's
 * default size, quits the program once its first frame is drawn, as Snapshelf does when
 * SNAPSHELF_EXIT_AFTER_FIRST_FRAME=1, so that launch to exit is launch to first frame.
 * With FIRST_FRAME_ADWAITA defined, they are libadwaita's AdwApplication and
 * AdwApplicationWindow, as Snapshelf's are, and the window's content is what `fill` sets. */
#ifdef FIRST_FRAME_ADWAITA
#include <adwaita.h>
#else
#include <gtk/gtk.h>
#endif

/* As Snapshelf's Preferences.defaultWindowSize. */
enum { WINDOW_WIDTH = 1000, WINDOW_HEIGHT = 700 };

/* What each program puts in its window before it is shown. */
static void (*fill_window)(GtkWindow *window);

static void quit_after_paint(GdkFrameClock *clock, gpointer application)
{
    (void)clock;
    g_application_quit(G_APPLICATION(application));
}

static void on_realize(GtkWidget *window, gpointer application)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "after-paint", G_CALLBACK(quit_after_paint), application);
}

static void on_activate(GtkApplication *application, gpointer unused)
{
    (void)unused;
#ifdef FIRST_FRAME_ADWAITA
    GtkWidget *window = adw_application_window_new(application);
#else
    GtkWidget *window = gtk_application_window_new(application);
#endif
    gtk_window_set_default_size(GTK_WINDOW(window), WINDOW_WIDTH, WINDOW_HEIGHT);
    fill_window(GTK_WINDOW(window));
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), application);
    gtk_window_present(GTK_WINDOW(window));
}

static int run_until_first_frame(const char *id, void (*fill)(GtkWindow *window), int argc, char **argv)
{
    fill_window = fill;
#ifdef FIRST_FRAME_ADWAITA
    GtkApplication *application = GTK_APPLICATION(adw_application_new(id, G_APPLICATION_NON_UNIQUE));
#else
    GtkApplication *application = gtk_application_new(id, G_APPLICATION_NON_UNIQUE);
#endif
    g_signal_connect(application, "activate", G_CALLBACK(on_activate), NULL);
    int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    return status;
}
