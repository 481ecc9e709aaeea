// Runs as a test process that links LaminaSnapshotTesting loads, before any Swift code: points
// LAMINA_FONT_DIRECTORY at the pinned snapshot fonts, so that every font the tests make —
// even before their first snapshot — comes from them, and snapshots do not depend on the
// order tests run in or on the machine's fonts. Only SwiftPM test executables (`*.xctest`)
// are affected; other programs pin the fonts at their first snapshot.
#define _GNU_SOURCE
#include "LaminaSnapshotBootstrap.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char font_directory[PATH_MAX];
static int set_directory = 0;

__attribute__((constructor)) static void lamina_snapshot_bootstrap(void) {
    if (getenv("LAMINA_FONT_DIRECTORY") != NULL) return;
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) return;
    executable[length] = '\0';
    size_t size = (size_t)length;
    const char *suffix = ".xctest";
    if (size < strlen(suffix) || strcmp(executable + size - strlen(suffix), suffix) != 0) return;
    char *slash = strrchr(executable, '/');
    if (slash == NULL) return;
    *slash = '\0';
    // SwiftPM copies each target's resources into <products>/<Package>_<Target>.resources.
    int written = snprintf(font_directory, sizeof font_directory, "%s/Lamina_LaminaSnapshotTesting.resources/Fonts", executable);
    if (written <= 0 || (size_t)written >= sizeof font_directory) return;
    struct stat info;
    if (stat(font_directory, &info) != 0 || !S_ISDIR(info.st_mode)) return;
    if (setenv("LAMINA_FONT_DIRECTORY", font_directory, 0) == 0) set_directory = 1;
}

const char *lamina_snapshot_font_directory(void) {
    return set_directory ? font_directory : NULL;
}
