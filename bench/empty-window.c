/* The benchmark's anchor: the smallest GTK 4 application that shows an empty window, quitting
 * once its first frame is drawn, so its launch-to-exit time is what GTK itself costs. */
#include "first-frame.h"

static void fill(GtkWindow *window)
{
    gtk_window_set_title(window, "Empty");
}

int main(int argc, char **argv)
{
    return run_until_first_frame("io.github.snapshelf.EmptyWindow", fill, argc, argv);
}
