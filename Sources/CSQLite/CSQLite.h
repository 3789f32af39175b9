/* SQLite, the library's database. */
#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: this is the one setting Snapshelf needs,
   so that a connection that only read a database on a full disk closes without checkpointing. */
static inline int snapshelf_sqlite3_skip_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
