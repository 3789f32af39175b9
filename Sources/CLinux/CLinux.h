/* Linux interfaces the model needs that Swift cannot call or does not see: libseccomp and the
   function-like macros of its filters, passing descriptors over a socket, the variadic prctl,
   and the calls glibc declares only under _GNU_SOURCE. Every shim carries the snapshelf_ prefix. */
#pragma once
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <string.h>
#include <fcntl.h>
#include <pthread.h>
/* CLONE_THREAD, which the filter tells threads from processes by. */
#include <linux/sched.h>

/* glibc declares these only under _GNU_SOURCE, which Swift's view of its headers lacks. */
int pipe2(int pipefd[2], int flags);
ssize_t copy_file_range(int fd_in, off_t *off_in, int fd_out, off_t *off_out, size_t len, unsigned int flags);
int pthread_setname_np(pthread_t thread, const char *name);
int close_range(unsigned int first, unsigned int last, int flags);

/* Replaces the SCMP_ACT_ERRNO macro: the action that fails a call with the error number. */
static inline uint32_t snapshelf_seccomp_fail_with(int error) { return SCMP_ACT_ERRNO(error); }

/* Replaces the variadic prctl for PR_SET_NO_NEW_PRIVS, so nothing run later gains privileges. */
static inline int snapshelf_forbid_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

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
