/* A power cut, modelled: loaded with LD_PRELOAD into a process, this keeps, beside each
 * database file and WAL file, a copy of the file as it was at its last fsync/fdatasync
 * ("<file>.synced"). Whatever was written after a file's last sync is exactly what a power
 * cut may lose, so those copies are the worst disk a power cut can leave behind.
 *
 * The copy is read through the descriptor being synced (pread): opening the file again and
 * closing it would drop the process's POSIX locks on it, which SQLite relies on. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int ends_with(const char *text, const char *end) {
    size_t n = strlen(text), m = strlen(end);
    return n >= m && strcmp(text + n - m, end) == 0;
}

static void keep_synced_copy(int fd) {
    char link[64], path[4096], copy[4200], buffer[65536];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return;
    path[n] = '\0';
    if (!ends_with(path, ".db") && !ends_with(path, ".db-wal")) return;
    snprintf(copy, sizeof copy, "%s.synced", path);
    int out = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) return;
    off_t at = 0;
    ssize_t got;
    while ((got = pread(fd, buffer, sizeof buffer, at)) > 0) {
        if (write(out, buffer, (size_t)got) != got) break;
        at += got;
    }
    close(out);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    keep_synced_copy(fd);
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    keep_synced_copy(fd);
    return real(fd);
}
