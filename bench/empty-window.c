/* The benchmark's anchor: the smallest GTK 4 application that shows an empty window, quitting
 * once its first frame is drawn, so its launch-to-exit time is what GTK itself costs. */
#include <gtk/gtk.h>

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
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_title(GTK_WINDOW(window), "Empty");
    gtk_window_set_default_size(GTK_WINDOW(window), 1000, 700);
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), application);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv)
{
    GtkApplication *application =
        gtk_application_new("io.github.snapshelf.EmptyWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(on_activate), NULL);
    int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    return status;
}
