// The system's SQLite 3 (libsqlite3-dev on Debian and Ubuntu; part of the SDK on Apple platforms),
// for the store of runs of `cleanslate test --history`.
#include <sqlite3.h>
