/* The benchmark's anchor for Snapshelf's first frame: the same shape of window drawn in C on
 * libadwaita, as Snapshelf's is: in an AdwApplicationWindow's toast overlay, a header bar with
 * a title over a subtitle and a few buttons, over a scrolled grid of 10,000 tiles, each a
 * picture above a label, quitting once its first frame is drawn. The labels are the library's
 * own, read from the file $GRID_WINDOW_LABELS names (one a line, in Snapshelf's order), since
 * laying out text is GTK's cost and grows with it. What Snapshelf takes beyond it is what
 * Swift, its library and its own code cost, not what GTK and libadwaita cost to draw such a
 * window. */
#define FIRST_FRAME_ADWAITA
#include "first-frame.h"

/* As Snapshelf's default tile (PhotoTile.defaultSize). */
enum { TILE_SIZE = 180, ITEMS = 10000 };

/* The rules of Snapshelf's Resources/style.css that its first frame draws: the grid's spacing,
 * which sets how many tiles fit, and the frame each thumbnail sits in while it loads. */
static const char STYLE[] =
    ".photo-grid { padding: 12px; }"
    ".photo-grid > child { padding: 8px; border-radius: 12px; }"
    ".thumbnail { background-color: alpha(currentColor, 0.06); border-radius: 8px; }";

static void setup_tile(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer unused)
{
    (void)factory;
    (void)unused;
    GtkWidget *tile = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *picture = gtk_picture_new();
    gtk_widget_add_css_class(picture, "thumbnail");
    gtk_widget_set_size_request(picture, TILE_SIZE, TILE_SIZE);
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_label_set_single_line_mode(GTK_LABEL(label), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(label), 1);
    gtk_box_append(GTK_BOX(tile), picture);
    gtk_box_append(GTK_BOX(tile), label);
    gtk_list_item_set_child(item, tile);
}

static void bind_tile(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer unused)
{
    (void)factory;
    (void)unused;
    GtkWidget *label = gtk_widget_get_last_child(gtk_list_item_get_child(item));
    GtkStringObject *text = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(text));
}

/* Like Snapshelf's: Import at the start, a title over a subtitle, search and a menu at the end. */
static GtkWidget *header_bar(void)
{
    GtkWidget *header = adw_header_bar_new();
    /* An icon beside a mnemonic label, as Snapshelf's Import. */
    GtkWidget *import = gtk_button_new();
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_box_append(GTK_BOX(content), gtk_image_new_from_icon_name("list-add-symbolic"));
    gtk_box_append(GTK_BOX(content), gtk_label_new_with_mnemonic("_Import"));
    gtk_button_set_child(GTK_BUTTON(import), content);
    gtk_widget_set_tooltip_text(import, "Import Photos");
    adw_header_bar_pack_start(ADW_HEADER_BAR(header), import);

    adw_header_bar_set_title_widget(ADW_HEADER_BAR(header), adw_window_title_new("Grid", "10,000 photos"));

    GtkWidget *menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(menu), "open-menu-symbolic");
    /* A menu button without a menu is drawn insensitive, unlike Snapshelf's. */
    GMenu *items = g_menu_new();
    g_menu_append(items, "About", "app.about");
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(menu), G_MENU_MODEL(items));
    g_object_unref(items);
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), menu);
    /* A toggle, as Snapshelf's search button is. */
    GtkWidget *search = gtk_toggle_button_new();
    gtk_button_set_icon_name(GTK_BUTTON(search), "system-search-symbolic");
    gtk_widget_set_tooltip_text(search, "Search Labels");
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), search);
    return header;
}

static GtkWidget *grid(void)
{
    GtkStringList *labels = gtk_string_list_new(NULL);
    const char *path = g_getenv("GRID_WINDOW_LABELS");
    char *text = NULL;
    if (path == NULL || !g_file_get_contents(path, &text, NULL, NULL)) {
        g_printerr("grid-window: no labels: set GRID_WINDOW_LABELS to a file of them, one a line\n");
        exit(2);
    }
    char **lines = g_strsplit(text, "\n", ITEMS + 1);
    /* An empty line ends them: no label is empty, and a file's last newline leaves one. */
    int count = 0;
    for (; count < ITEMS && lines[count] != NULL && lines[count][0] != '\0'; count++)
        gtk_string_list_append(labels, lines[count]);
    g_strfreev(lines);
    if (count < ITEMS) {
        g_printerr("grid-window: %s holds %d labels, not %d\n", path, count, ITEMS);
        exit(2);
    }
    g_free(text);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_tile), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_tile), NULL);
    /* The view takes both the selection and the factory. */
    GtkWidget *view = gtk_grid_view_new(GTK_SELECTION_MODEL(gtk_multi_selection_new(G_LIST_MODEL(labels))), factory);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(view), 8);
    gtk_widget_add_css_class(view, "photo-grid");

    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_widget_set_vexpand(scrolled, TRUE);
    gtk_widget_set_hexpand(scrolled, TRUE);
    return scrolled;
}

static void fill(GtkWindow *window)
{
    GtkCssProvider *style = gtk_css_provider_new();
    gtk_css_provider_load_from_data(style, STYLE, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(style),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(style);
    gtk_window_set_title(window, "Grid");
    /* As Snapshelf's: the header above the photos, both in the toasts' overlay. */
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(column), header_bar());
    gtk_box_append(GTK_BOX(column), grid());
    GtkWidget *toasts = adw_toast_overlay_new();
    adw_toast_overlay_set_child(ADW_TOAST_OVERLAY(toasts), column);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), toasts);
}

int main(int argc, char **argv)
{
    return run_until_first_frame("io.github.snapshelf.GridWindow", fill, argc, argv);
}
