#ifndef CPIPEWIRE_INTERNAL_H
#define CPIPEWIRE_INTERNAL_H
/* What cpipewire.c (the one-shot read) and cpipewire_watch.c (the long-lived watch) share: the library loaded with
   dlopen, the snapshot's layout, and the context and connect steps. Not seen by Swift. */
#include "cpipewire.h"

#include <pthread.h>

#include <pipewire/context.h>
#include <pipewire/core.h>
#include <pipewire/impl-module.h>
#include <pipewire/log.h>
#include <pipewire/loop.h>
#include <pipewire/pipewire.h>
#include <pipewire/properties.h>
#include <pipewire/proxy.h>

/* The exported functions of libpipewire-0.3.so.0 that are used (everything else is a static inline or macro of the
   headers that calls through the objects' method tables). */
#define PW_FUNCTIONS(X) \
    X(pw_init) X(pw_get_library_version) X(pw_log_set_level) \
    X(pw_loop_new) X(pw_loop_destroy) \
    X(pw_context_new) X(pw_context_destroy) X(pw_context_connect) X(pw_context_connect_fd) X(pw_core_disconnect) \
    X(pw_proxy_add_listener) X(pw_proxy_destroy) \
    X(pw_properties_new_dict) X(pw_properties_free) X(pw_context_load_module)

typedef struct {
#define PW_FIELD(name) __typeof__(name) *p_##name;
    PW_FUNCTIONS(PW_FIELD)
#undef PW_FIELD
    char error[256];
    int ok;
} cpw_library;

/* Filled once by cpw_load (pthread_once); read-only afterwards. */
extern cpw_library cpw_api;
const cpw_library *cpw_load(void);

/* Serializes what libpipewire needs serialized between threads: a read's whole length, and every connect
   (pw_context_connect asks getpwuid(3)). */
extern pthread_mutex_t cpw_read_lock;
/* pthread_mutex_timedlock until deadline (cpw_now_ms's clock); 1 when locked. */
int cpw_lock_until(pthread_mutex_t *lock, int64_t deadline);
int64_t cpw_now_ms(void);

typedef struct {
    uint32_t id, version;
    char *type;
    uint32_t prop_count;
    char **keys, **values;
    uint32_t param_count;
    void **params;
    uint32_t *param_sizes;
    int param_result;
    int video_source; /* media.class is "Video/Source" (seen before any cut) */
} cpw_object;

struct cpw_snapshot {
    char *core_name, *core_version;
    cpw_object *objects;
    uint32_t count, capacity;
    uint32_t dropped, truncated;
};

/* Strings the daemon names that no bound applies to (types, core name and version) are still cut here. */
#define CPW_MAX_NAME 1024

void cpw_object_free(cpw_object *o);
/* A copy of at most max bytes of v (NULL: ""), cut back to a UTF-8 character boundary; a cut adds one to
   *truncated. NULL when out of memory. */
char *cpw_copy_cut(const char *v, uint32_t max, uint32_t *truncated);

/* A context for a client that only reads (protocol-native only, no config file, no D-Bus); never destroyed. */
struct pw_context *cpw_new_context(struct pw_loop *loop);
/* Connects to remote (NULL: the default; an absolute path: that socket). NULL on failure, with *status
   CPW_NO_DAEMON (nothing listens) or CPW_FAILED and a line in error. Call with cpw_read_lock held. */
struct pw_core *cpw_connect(struct pw_context *context, const char *remote, int *status, char *error, size_t error_len);

#endif
