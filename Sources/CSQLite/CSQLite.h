/* SQLite, the library's database. */
#include <sqlite3.h>
