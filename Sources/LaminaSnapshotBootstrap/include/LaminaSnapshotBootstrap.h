#ifndef LAMINA_SNAPSHOT_BOOTSTRAP_H
#define LAMINA_SNAPSHOT_BOOTSTRAP_H

/// The folder of pinned fonts the process's start found beside a test executable and put in
/// LAMINA_FONT_DIRECTORY, or NULL when it set nothing (not a test process, no fonts found,
/// or the variable was already set).
const char *lamina_snapshot_font_directory(void);

#endif
