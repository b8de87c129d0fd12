#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic, which Swift cannot call: this sets one int-valued option.
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value) {
    return sqlite3_db_config(db, op, value, (int *)0);
}

/// SQLITE_READONLY_ROLLBACK is a macro built from a shift, which Swift does not import.
static inline int csqlite_readonly_rollback(void) { return SQLITE_READONLY_ROLLBACK; }

/// SQLITE_BUSY_SNAPSHOT, likewise: a write found that another connection committed after its read began.
static inline int csqlite_busy_snapshot(void) { return SQLITE_BUSY_SNAPSHOT; }
#endif
