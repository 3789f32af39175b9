/* Linux interfaces the model needs that Swift cannot call or does not see: libseccomp and the
   function-like macros of its filters, Landlock, passing descriptors over a socket, the variadic
   prctl and syscall, and the calls glibc declares only under _GNU_SOURCE. Every shim carries the
   snapshelf_ prefix. */
#pragma once
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <string.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>
/* CLONE_THREAD, which the filter tells threads from processes by. */
#include <linux/sched.h>
#include <linux/capability.h>
/* mallopt, which limits the window's malloc arenas. */
#include <malloc.h>

/* glibc declares these only under _GNU_SOURCE, which Swift's view of its headers lacks. */
int pipe2(int pipefd[2], int flags);
ssize_t copy_file_range(int fd_in, off_t *off_in, int fd_out, off_t *off_out, size_t len, unsigned int flags);
int pthread_setname_np(pthread_t thread, const char *name);
int close_range(unsigned int first, unsigned int last, int flags);
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/* RENAME_NOREPLACE, which glibc names only under _GNU_SOURCE: a rename that fails with EEXIST
   rather than replace what has the name, which an export into a folder without hard links needs. */
#define SNAPSHELF_RENAME_NOREPLACE 1

/* Replaces the SCMP_ACT_ERRNO macro: the action that fails a call with the error number. */
static inline uint32_t snapshelf_seccomp_fail_with(int error) { return SCMP_ACT_ERRNO(error); }

/* Replaces the variadic prctl for PR_SET_NO_NEW_PRIVS, so nothing run later gains privileges. */
static inline int snapshelf_forbid_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

/* Replaces the variadic prctl for PR_SET_PDEATHSIG: the kernel kills the calling process when the
   thread that started it ends. */
static inline int snapshelf_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0); }

/* Replaces the variadic prctl for PR_SET_DUMPABLE: a process that is not dumpable leaves no core,
   and no process of the same user may trace it, read its memory or take its descriptors. */
static inline int snapshelf_set_dumpable(int dumpable) { return prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0); }

/* O_DIRECT, which glibc names only under _GNU_SOURCE: the filter keeps a decoder from setting it
   on the image's descriptor, which it shares with the app. */
#define SNAPSHELF_O_DIRECT __O_DIRECT

/* Empties the calling process's permitted, effective and inheritable capabilities, through the
   variadic syscall, since glibc has no capset wrapper; a decoder started by root keeps its user
   but none of root's powers. */
static inline int snapshelf_drop_capabilities(void) {
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    return (int) syscall(SYS_capset, &header, data);
}

/* Landlock, through the variadic syscall, since glibc has no wrappers. The numbers are the same on
   every architecture, and the structure is the kernel's at ABI 6; older kernels take a prefix of it.
   Debian 12's kernel headers predate some of these, so they are spelt out here. */
#define SNAPSHELF_SYS_LANDLOCK_CREATE_RULESET 444
#define SNAPSHELF_SYS_LANDLOCK_RESTRICT_SELF 446

struct snapshelf_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

/* The highest Landlock ABI the kernel offers, or -1 with errno (ENOSYS, or EOPNOTSUPP when off). */
static inline int snapshelf_landlock_abi(void) {
    return (int) syscall(SNAPSHELF_SYS_LANDLOCK_CREATE_RULESET, NULL, 0, 1U /* LANDLOCK_CREATE_RULESET_VERSION */);
}

/* A ruleset's descriptor, or -1 with errno. */
static inline int snapshelf_landlock_create_ruleset(const struct snapshelf_landlock_ruleset_attr *attributes, size_t size) {
    return (int) syscall(SNAPSHELF_SYS_LANDLOCK_CREATE_RULESET, attributes, size, 0U);
}

/* Confines the calling thread, and every thread and process it starts afterwards, to the ruleset. */
static inline int snapshelf_landlock_restrict_self(int ruleset) {
    return (int) syscall(SNAPSHELF_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0U);
}

/* Replaces the CMSG_SPACE macro: the control buffer's size for one descriptor. */
static inline size_t snapshelf_descriptor_control_size(void) { return CMSG_SPACE(sizeof(int)); }

/* Replaces the CMSG_FIRSTHDR, CMSG_LEN and CMSG_DATA macros: puts one descriptor to pass in
   the message's control buffer, which must be snapshelf_descriptor_control_size() long. */
static inline void snapshelf_put_descriptor(struct msghdr *message, int descriptor) {
    struct cmsghdr *header = CMSG_FIRSTHDR(message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
}

/* Replaces the CMSG_FIRSTHDR and CMSG_DATA macros: the descriptor a received message passed,
   or -1 when it passed none. */
static inline int snapshelf_take_descriptor(struct msghdr *message) {
    struct cmsghdr *header = CMSG_FIRSTHDR(message);
    if (header == NULL || header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS
        || header->cmsg_len != CMSG_LEN(sizeof(int))) {
        return -1;
    }
    int descriptor;
    memcpy(&descriptor, CMSG_DATA(header), sizeof(int));
    return descriptor;
}
