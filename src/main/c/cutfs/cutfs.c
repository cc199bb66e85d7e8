/*
 * cutfs: a FUSE file system that can lose what was never synced, to simulate a power cut.
 *
 *   cutfs DURABLE LIVE MOUNTPOINT [-o dirsync=posix|file|journal]
 *
 * What the mount shows (the "live" state: what the running programs see, page cache included)
 * is a pass-through to the folder LIVE. What a device would still hold after a power cut (the
 * "durable" state) is kept apart in DURABLE, and only a sync moves anything there:
 *   - fsync/fdatasync of a file (msync arrives as fsync; a file opened O_SYNC/O_DSYNC is synced
 *     after each write) copies the file's pages written since its last sync, and its size, into
 *     the file's durable copy, DURABLE/objects/<n>;
 *   - fsync of a directory makes its current entries durable: DURABLE/tree/<dir> is made to hold
 *     the same names, each a hard link to the durable copy of the file it names (a file created
 *     but never synced comes back empty), sub-directories as directories, symbolic links as such.
 *     With -o dirsync=file an fsync of a file also makes the name it was synced under durable in
 *     its directory. With -o dirsync=journal any fsync (of a file or a directory) makes every name
 *     operation so far durable, in every directory: what a file system with one metadata journal
 *     (ext4, XFS) does when an fsync commits the journal.
 * Which pages were written since the last sync is kept in this process's memory only.
 *
 * The power cut is SIGKILL of this process: the FUSE connection is aborted with it (the kernel
 * drops dirty mmap pages it could no longer write back, and every call fails from then on), the
 * mount point is lazily unmounted by whoever cut, and the next start rebuilds LIVE as a copy of
 * DURABLE/tree: what is left after the power came back. Nothing is cached by the kernel for
 * writes (no writeback cache), so a write() reaches this process before it returns.
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <fuse.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <unistd.h>

#define PAGE 4096
#define BUCKETS 65536
#define MAX_FDS 65536

/* What this process knows of one live file: its durable copy and the pages written since its last sync. */
struct node {
    ino_t ino;        /* the key: the inode number in LIVE, or (objects table) in DURABLE */
    long obj;         /* its durable copy DURABLE/objects/<obj>, or -1 while it has none */
    unsigned char *dirty;
    size_t dirty_pages; /* bits the map has room for */
    int size_dirty;
    struct node *next;
};

static struct node *live_nodes[BUCKETS];
static struct node *durable_nodes[BUCKETS]; /* an object's inode in DURABLE -> its number */
static char durable[PATH_MAX], live[PATH_MAX];
static long next_obj = 1;
enum names { NAMES_POSIX, NAMES_FILE, NAMES_JOURNAL };
static enum names names_mode = NAMES_POSIX;
static ino_t fd_ino[MAX_FDS];
static int fd_sync[MAX_FDS];

static struct node *find(struct node **table, ino_t ino, int create) {
    struct node **slot = &table[ino % BUCKETS];
    for (struct node *n = *slot; n; n = n->next)
        if (n->ino == ino) return n;
    if (!create) return NULL;
    struct node *n = calloc(1, sizeof *n);
    n->ino = ino;
    n->obj = -1;
    n->next = *slot;
    *slot = n;
    return n;
}

static void forget(ino_t ino) {
    struct node **slot = &live_nodes[ino % BUCKETS];
    for (struct node *n = *slot; n; slot = &n->next, n = n->next) {
        if (n->ino == ino) {
            *slot = n->next;
            free(n->dirty);
            free(n);
            return;
        }
    }
}

static void mark(struct node *n, off_t from, off_t to) {
    if (to <= from) return;
    size_t first = from / PAGE, last = (to - 1) / PAGE;
    if (last >= n->dirty_pages) {
        size_t pages = n->dirty_pages ? n->dirty_pages : 64;
        while (pages <= last) pages *= 2;
        n->dirty = realloc(n->dirty, pages / 8);
        memset(n->dirty + n->dirty_pages / 8, 0, (pages - n->dirty_pages) / 8);
        n->dirty_pages = pages;
    }
    for (size_t p = first; p <= last; p++) n->dirty[p / 8] |= (unsigned char) (1u << (p % 8));
}

static void in_live(char *out, const char *path) { snprintf(out, PATH_MAX, "%s%s", live, path); }
static void in_tree(char *out, const char *path) { snprintf(out, PATH_MAX, "%s/tree%s", durable, path); }
static void object_path(char *out, long obj) { snprintf(out, PATH_MAX, "%s/objects/%ld", durable, obj); }

/* The durable copy of live inode ino, made (empty) when it has none yet. */
static long object_of(ino_t ino) {
    struct node *n = find(live_nodes, ino, 1);
    if (n->obj < 0) {
        char p[PATH_MAX];
        n->obj = next_obj++;
        object_path(p, n->obj);
        int fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644);
        if (fd >= 0) close(fd);
        n->size_dirty = 1;
    }
    return n->obj;
}

static int copy_dirty(int fd, const struct stat *live_st);

static int remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return errno == ENOENT ? 0 : -errno;
    if (!S_ISDIR(st.st_mode)) return unlink(path) == 0 ? 0 : -errno;
    DIR *d = opendir(path);
    if (!d) return -errno;
    struct dirent *e;
    char child[PATH_MAX];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        remove_tree(child);
    }
    closedir(d);
    return rmdir(path) == 0 ? 0 : -errno;
}

static int make_dirs(const char *path) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s == '/') {
            *s = 0;
            if (mkdir(p, 0755) != 0 && errno != EEXIST) return -errno;
            *s = '/';
        }
    }
    return mkdir(p, 0755) != 0 && errno != EEXIST ? -errno : 0;
}

/* Copies the pages of live file fd written since its last sync, and its size, into its durable copy. */
static int sync_file(int handle) {
    struct stat st;
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", handle);
    int fd = open(self, O_RDONLY); /* the handle may be open for writing only */
    if (fd < 0) return -errno;
    int rc = fstat(fd, &st) != 0 ? -errno : copy_dirty(fd, &st);
    close(fd);
    return rc;
}

static int copy_dirty(int fd, const struct stat *live_st) {
    const struct stat st = *live_st;
    if (!S_ISREG(st.st_mode)) return 0;
    long obj = object_of(st.st_ino);
    struct node *n = find(live_nodes, st.st_ino, 0);
    char p[PATH_MAX];
    object_path(p, obj);
    int out = open(p, O_WRONLY);
    if (out < 0) return -errno;
    char buf[PAGE];
    int rc = 0;
    for (size_t page = 0; page < n->dirty_pages && rc == 0; page++) {
        if (!(n->dirty[page / 8] & (1u << (page % 8)))) continue;
        off_t at = (off_t) page * PAGE;
        if (at >= st.st_size) break;
        ssize_t got = pread(fd, buf, PAGE, at);
        if (got < 0 || (got > 0 && pwrite(out, buf, (size_t) got, at) != got)) rc = -EIO;
    }
    if (rc == 0 && ftruncate(out, st.st_size) != 0) rc = -errno;
    close(out);
    if (rc == 0) {
        if (n->dirty) memset(n->dirty, 0, n->dirty_pages / 8);
        n->size_dirty = 0;
    }
    return rc;
}

/* Makes durable entry name of directory path (relative to the mount) what it is live, or removes it. */
static int sync_entry(const char *dir, const char *name) {
    char lp[PATH_MAX], dp[PATH_MAX], tmp[PATH_MAX], obj[PATH_MAX];
    snprintf(lp, sizeof lp, "%s%s/%s", live, strcmp(dir, "/") ? dir : "", name);
    snprintf(dp, sizeof dp, "%s/tree%s/%s", durable, strcmp(dir, "/") ? dir : "", name);
    snprintf(tmp, sizeof tmp, "%s/tree%s/.cutfs-entry", durable, strcmp(dir, "/") ? dir : "");
    struct stat ls, ds;
    int have = lstat(dp, &ds) == 0;
    if (lstat(lp, &ls) != 0) return have ? remove_tree(dp) : 0;
    if (S_ISDIR(ls.st_mode)) {
        if (have && S_ISDIR(ds.st_mode)) return 0;
        if (have) remove_tree(dp);
        return mkdir(dp, 0755) == 0 ? 0 : -errno;
    }
    if (S_ISLNK(ls.st_mode)) {
        char target[PATH_MAX];
        ssize_t len = readlink(lp, target, sizeof target - 1);
        if (len < 0) return -errno;
        target[len] = 0;
        unlink(tmp);
        if (symlink(target, tmp) != 0) return -errno;
    } else if (S_ISREG(ls.st_mode)) {
        struct stat os;
        object_path(obj, object_of(ls.st_ino));
        if (stat(obj, &os) != 0) return -errno;
        if (have && ds.st_ino == os.st_ino) return 0;
        unlink(tmp);
        if (link(obj, tmp) != 0) return -errno;
    } else {
        return 0; /* fifos, sockets, devices: not kept */
    }
    if (have && S_ISDIR(ds.st_mode)) remove_tree(dp);
    return rename(tmp, dp) == 0 ? 0 : -errno;
}

/* Makes the entries of live directory path (relative to the mount) durable. */
static int sync_dir(const char *path) {
    char lp[PATH_MAX], dp[PATH_MAX];
    in_live(lp, path);
    in_tree(dp, path);
    int rc = make_dirs(dp);
    if (rc) return rc;
    const char *rel = strcmp(path, "/") ? path : "";
    DIR *d = opendir(dp);
    if (!d) return -errno;
    struct dirent *e;
    char names[PATH_MAX];
    /* durable names that are gone live (or are the temporary entry) go */
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(names, sizeof names, "%s/%s", lp, e->d_name);
        struct stat st;
        if (!strcmp(e->d_name, ".cutfs-entry") || lstat(names, &st) != 0) {
            snprintf(names, sizeof names, "%s/%s", dp, e->d_name);
            remove_tree(names);
        }
    }
    closedir(d);
    d = opendir(lp);
    if (!d) return -errno;
    while ((e = readdir(d)) && rc == 0) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        rc = sync_entry(rel[0] ? rel : "/", e->d_name);
    }
    closedir(d);
    return rc;
}

/* Makes the entries of live directory path and of every directory below it durable, parents first. */
static int sync_all_dirs(const char *path) {
    int rc = sync_dir(path);
    if (rc) return rc;
    char lp[PATH_MAX], child[PATH_MAX];
    in_live(lp, path);
    DIR *d = opendir(lp);
    if (!d) return -errno;
    struct dirent *e;
    while ((e = readdir(d)) && rc == 0) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(child, sizeof child, "%s/%s", strcmp(path, "/") ? path : "", e->d_name);
        char cp[PATH_MAX];
        struct stat st;
        in_live(cp, child);
        if (lstat(cp, &st) == 0 && S_ISDIR(st.st_mode)) rc = sync_all_dirs(child);
    }
    closedir(d);
    return rc;
}

static int split_path(const char *path, char *dir, const char **name) {
    const char *slash = strrchr(path, '/');
    size_t len = (size_t) (slash - path);
    if (len == 0) strcpy(dir, "/");
    else { memcpy(dir, path, len); dir[len] = 0; }
    *name = slash + 1;
    return 0;
}

/* ---- start: LIVE becomes a copy of what is durable ---- */

static int copy_file(const char *from, const char *to) {
    int in = open(from, O_RDONLY), out = -1, rc = 0;
    if (in < 0) return -errno;
    struct stat st;
    fstat(in, &st);
    out = open(to, O_CREAT | O_TRUNC | O_WRONLY, st.st_mode & 07777);
    if (out < 0) { close(in); return -errno; }
    char buf[1 << 16];
    ssize_t got;
    while ((got = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t) got) != got) { rc = -EIO; break; }
    close(in);
    close(out);
    return rc;
}

static int rebuild(const char *dur, const char *liv) {
    DIR *d = opendir(dur);
    if (!d) return -errno;
    struct dirent *e;
    char from[PATH_MAX], to[PATH_MAX];
    int rc = 0;
    while ((e = readdir(d)) && rc == 0) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, ".cutfs-entry")) continue;
        snprintf(from, sizeof from, "%s/%s", dur, e->d_name);
        snprintf(to, sizeof to, "%s/%s", liv, e->d_name);
        struct stat st;
        if (lstat(from, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            if (mkdir(to, 0755) != 0 && errno != EEXIST) rc = -errno;
            else rc = rebuild(from, to);
        } else if (S_ISLNK(st.st_mode)) {
            char target[PATH_MAX];
            ssize_t len = readlink(from, target, sizeof target - 1);
            if (len >= 0) { target[len] = 0; if (symlink(target, to) != 0) rc = -errno; }
        } else if (S_ISREG(st.st_mode)) {
            struct node *o = find(durable_nodes, st.st_ino, 0);
            struct stat ls;
            /* a second name of the same durable file becomes a second name live too */
            char first[PATH_MAX];
            int linked = 0;
            if (o && o->dirty) {
                snprintf(first, sizeof first, "%s", (char *) o->dirty);
                linked = link(first, to) == 0;
            }
            if (!linked) rc = copy_file(from, to);
            if (rc == 0 && lstat(to, &ls) == 0 && o) {
                find(live_nodes, ls.st_ino, 1)->obj = o->obj;
                if (!o->dirty) o->dirty = (unsigned char *) strdup(to);
            }
        }
    }
    closedir(d);
    return rc;
}

/* Deletes durable copies no name refers to any more, numbers the rest, and rebuilds LIVE. */
static int start_from_durable(void) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/objects", durable);
    int rc = make_dirs(p);
    if (rc) return rc;
    in_tree(p, "");
    if ((rc = make_dirs(p))) return rc;
    snprintf(p, sizeof p, "%s/objects", durable);
    DIR *d = opendir(p);
    if (!d) return -errno;
    struct dirent *e;
    while ((e = readdir(d))) {
        char *end;
        long n = strtol(e->d_name, &end, 10);
        if (*end || n <= 0) continue;
        char op[PATH_MAX];
        struct stat st;
        object_path(op, n);
        if (stat(op, &st) != 0) continue;
        if (st.st_nlink <= 1) { unlink(op); continue; }
        find(durable_nodes, st.st_ino, 1)->obj = n;
        if (n >= next_obj) next_obj = n + 1;
    }
    closedir(d);
    d = opendir(live);
    if (!d) return -errno;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(p, sizeof p, "%s/%s", live, e->d_name);
        remove_tree(p);
    }
    closedir(d);
    in_tree(p, "");
    rc = rebuild(p, live);
    for (int i = 0; i < BUCKETS; i++) /* the first-name hints rebuild kept in the durable table */
        for (struct node *n = durable_nodes[i]; n; n = n->next) { free(n->dirty); n->dirty = NULL; }
    return rc;
}

/* ---- the operations: pass-through to LIVE, noting writes, syncing into DURABLE ---- */

static void *op_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
    conn->want &= ~FUSE_CAP_WRITEBACK_CACHE; /* every write() reaches this process before it returns */
    cfg->use_ino = 1;
    cfg->direct_io = 0; /* the page cache stays, so shared writable mmap works; its dirty pages come back as writes */
    return NULL;
}

static int op_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    if (fi) return fstat((int) fi->fh, st) == 0 ? 0 : -errno;
    in_live(p, path);
    return lstat(p, st) == 0 ? 0 : -errno;
}

static int op_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
                      enum fuse_readdir_flags flags) {
    (void) off; (void) fi; (void) flags;
    char p[PATH_MAX];
    in_live(p, path);
    DIR *d = opendir(p);
    if (!d) return -errno;
    struct dirent *e;
    while ((e = readdir(d))) {
        struct stat st = {0};
        st.st_ino = e->d_ino;
        st.st_mode = (mode_t) (DTTOIF(e->d_type));
        if (fill(buf, e->d_name, &st, 0, 0)) break;
    }
    closedir(d);
    return 0;
}

static int opened(int fd, int flags, struct fuse_file_info *fi) {
    if (fd < 0) return -errno;
    if (fd >= MAX_FDS) { close(fd); return -EMFILE; }
    struct stat st;
    fstat(fd, &st);
    fd_ino[fd] = st.st_ino;
    fd_sync[fd] = (flags & (O_SYNC | O_DSYNC)) != 0;
    fi->fh = (uint64_t) fd;
    return 0;
}

static int op_open(const char *path, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    in_live(p, path);
    int flags = fi->flags & ~(O_SYNC | O_DSYNC | O_DIRECT);
    struct stat before;
    int existed = lstat(p, &before) == 0;
    int fd = open(p, flags);
    int rc = opened(fd, fi->flags, fi);
    if (rc == 0 && existed && (fi->flags & O_TRUNC) && before.st_size > 0)
        mark(find(live_nodes, before.st_ino, 1), 0, before.st_size);
    return rc;
}

static int op_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    in_live(p, path);
    int fd = open(p, (fi->flags & ~(O_SYNC | O_DSYNC | O_DIRECT)) | O_CREAT, mode);
    return opened(fd, fi->flags, fi);
}

static int op_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void) path;
    ssize_t got = pread((int) fi->fh, buf, size, off);
    return got < 0 ? -errno : (int) got;
}

static int op_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void) path;
    int fd = (int) fi->fh;
    ssize_t put = pwrite(fd, buf, size, off);
    if (put < 0) return -errno;
    mark(find(live_nodes, fd_ino[fd], 1), off, off + put);
    if (fd_sync[fd]) {
        int rc = sync_file(fd);
        if (rc) return rc;
    }
    return (int) put;
}

static int op_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
    (void) datasync;
    int rc = sync_file((int) fi->fh);
    if (rc == 0 && names_mode == NAMES_JOURNAL) return sync_all_dirs("/");
    if (rc == 0 && names_mode == NAMES_FILE) {
        char dir[PATH_MAX];
        const char *name;
        split_path(path, dir, &name);
        char dp[PATH_MAX];
        in_tree(dp, dir);
        struct stat st;
        if (stat(dp, &st) == 0) rc = sync_entry(dir, name);
    }
    return rc;
}

static int op_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
    (void) datasync; (void) fi;
    return names_mode == NAMES_JOURNAL ? sync_all_dirs("/") : sync_dir(path);
}

static int op_release(const char *path, struct fuse_file_info *fi) {
    (void) path;
    close((int) fi->fh);
    return 0;
}

static int op_flush(const char *path, struct fuse_file_info *fi) { (void) path; (void) fi; return 0; }

static int op_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    struct stat st;
    int rc;
    if (fi) {
        if (fstat((int) fi->fh, &st) != 0) return -errno;
        rc = ftruncate((int) fi->fh, size);
    } else {
        in_live(p, path);
        if (lstat(p, &st) != 0) return -errno;
        rc = truncate(p, size);
    }
    if (rc != 0) return -errno;
    struct node *n = find(live_nodes, st.st_ino, 1);
    n->size_dirty = 1;
    mark(n, size < st.st_size ? size : st.st_size, size < st.st_size ? st.st_size : size);
    return 0;
}

static int op_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi) {
    (void) path;
    int fd = (int) fi->fh;
    if (fallocate(fd, mode, off, len) != 0) return -errno;
    mark(find(live_nodes, fd_ino[fd], 1), off, off + len);
    return 0;
}

static void forget_if_last(const char *p) {
    struct stat st;
    if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink <= 1) forget(st.st_ino);
}

static int op_unlink(const char *path) {
    char p[PATH_MAX];
    in_live(p, path);
    forget_if_last(p);
    return unlink(p) == 0 ? 0 : -errno;
}

static int op_rename(const char *from, const char *to, unsigned int flags) {
    char a[PATH_MAX], b[PATH_MAX];
    in_live(a, from);
    in_live(b, to);
    struct stat sa, sb;
    if (!(flags & RENAME_EXCHANGE) && lstat(a, &sa) == 0 && lstat(b, &sb) == 0 && sa.st_ino != sb.st_ino)
        forget_if_last(b);
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, flags) == 0 ? 0 : -errno;
}

static int op_mkdir(const char *path, mode_t mode) {
    char p[PATH_MAX];
    in_live(p, path);
    return mkdir(p, mode) == 0 ? 0 : -errno;
}

static int op_rmdir(const char *path) {
    char p[PATH_MAX];
    in_live(p, path);
    return rmdir(p) == 0 ? 0 : -errno;
}

static int op_link(const char *from, const char *to) {
    char a[PATH_MAX], b[PATH_MAX];
    in_live(a, from);
    in_live(b, to);
    return link(a, b) == 0 ? 0 : -errno;
}

static int op_symlink(const char *target, const char *path) {
    char p[PATH_MAX];
    in_live(p, path);
    return symlink(target, p) == 0 ? 0 : -errno;
}

static int op_readlink(const char *path, char *buf, size_t size) {
    char p[PATH_MAX];
    in_live(p, path);
    ssize_t len = readlink(p, buf, size - 1);
    if (len < 0) return -errno;
    buf[len] = 0;
    return 0;
}

static int op_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    if (fi) return fchmod((int) fi->fh, mode) == 0 ? 0 : -errno;
    in_live(p, path);
    return chmod(p, mode) == 0 ? 0 : -errno;
}

static int op_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    if (fi) return fchown((int) fi->fh, uid, gid) == 0 ? 0 : -errno;
    in_live(p, path);
    return lchown(p, uid, gid) == 0 ? 0 : -errno;
}

static int op_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
    char p[PATH_MAX];
    if (fi) return futimens((int) fi->fh, tv) == 0 ? 0 : -errno;
    in_live(p, path);
    return utimensat(AT_FDCWD, p, tv, AT_SYMLINK_NOFOLLOW) == 0 ? 0 : -errno;
}

static int op_statfs(const char *path, struct statvfs *st) {
    (void) path;
    return statvfs(live, st) == 0 ? 0 : -errno;
}

static int op_access(const char *path, int mask) {
    char p[PATH_MAX];
    in_live(p, path);
    return access(p, mask) == 0 ? 0 : -errno;
}

static int op_flock(const char *path, struct fuse_file_info *fi, int op) {
    (void) path;
    return flock((int) fi->fh, op) == 0 ? 0 : -errno;
}

static const struct fuse_operations ops = {
    .init = op_init, .getattr = op_getattr, .readdir = op_readdir, .open = op_open, .create = op_create,
    .read = op_read, .write = op_write, .fsync = op_fsync, .fsyncdir = op_fsyncdir, .release = op_release,
    .flush = op_flush, .truncate = op_truncate, .fallocate = op_fallocate, .unlink = op_unlink,
    .rename = op_rename, .mkdir = op_mkdir, .rmdir = op_rmdir, .link = op_link, .symlink = op_symlink,
    .readlink = op_readlink, .chmod = op_chmod, .chown = op_chown, .utimens = op_utimens,
    .statfs = op_statfs, .access = op_access, .flock = op_flock,
};

int main(int argc, char *argv[]) {
    if (argc < 4) {
        fprintf(stderr, "usage: cutfs DURABLE LIVE MOUNTPOINT [-o dirsync=posix|file|journal] [fuse options]\n");
        return 2;
    }
    if (!realpath(argv[1], durable) || !realpath(argv[2], live)) {
        fprintf(stderr, "cutfs: DURABLE and LIVE must be existing folders: %s, %s\n", argv[1], argv[2]);
        return 2;
    }
    /* our own option, taken out before FUSE sees the rest */
    char *args[64];
    int n = 0;
    args[n++] = argv[0];
    args[n++] = argv[3];
    for (int i = 4; i < argc && n < 60; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc && !strncmp(argv[i + 1], "dirsync=", 8)) {
            const char *mode = argv[i + 1] + 8;
            if (!strcmp(mode, "file")) names_mode = NAMES_FILE;
            else if (!strcmp(mode, "journal")) names_mode = NAMES_JOURNAL;
            else if (strcmp(mode, "posix")) { fprintf(stderr, "cutfs: dirsync is posix, file or journal, not %s\n", mode); return 2; }
            i++;
            continue;
        }
        args[n++] = argv[i];
    }
    args[n++] = "-f"; /* the process is the file system: its death is the power cut */
    args[n++] = "-s"; /* one thread: the tables need no locks */
    args[n++] = "-o";
    args[n++] = "fsname=cutfs,subtype=cutfs";
    args[n] = NULL;
    int rc = start_from_durable();
    if (rc) {
        fprintf(stderr, "cutfs: cannot rebuild %s from %s: %s\n", live, durable, strerror(-rc));
        return 1;
    }
    return fuse_main(n, args, &ops, NULL);
}
