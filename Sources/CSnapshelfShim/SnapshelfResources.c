/* Files from Resources/ compiled into the binary, so `swift run` and an installed
 * Snapshelf read the same bytes wherever they run from. */
#include "CSnapshelfShim.h"

static const char stylesheet[] = {
#embed "../../Resources/style.css"
    , 0
};

const char *snapshelf_stylesheet(void) { return stylesheet; }

static const char shortcuts_ui[] = {
#embed "../../Resources/shortcuts.ui"
    , 0
};

const char *snapshelf_shortcuts_ui(void) { return shortcuts_ui; }
