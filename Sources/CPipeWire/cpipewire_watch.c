/* The long-lived watch of include/cpipewire.h: Video/Source nodes as the registry announces and removes them.

   One watch at a time per process (watch_lock, held from open to close), on a loop and context of its own, made by
   the first watch and never destroyed (pw_context_destroy may hang, see cpipewire.c). The loop is driven only by the
   thread calling cpw_watch_next, with pw_loop_iterate and the caller's timeout; the registry's callbacks only queue
   events, bounded by max_objects. */
#include "cpipewire_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pipewire/keys.h>
#include <spa/utils/dict.h>
#include <spa/utils/hook.h>

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pw_loop *watch_loop;
static struct pw_context *watch_context;

typedef struct watch_event {
    struct watch_event *next;
    int kind;
    uint32_t id;
    cpw_snapshot *object;
} watch_event;

struct cpw_watch {
    uint32_t max_props, max_string, max_queue;
    struct pw_core *core;
    struct spa_hook core_listener;
    struct pw_registry *registry;
    struct spa_hook registry_listener;
    int settle_seq;
    uint32_t *known; /* ids of the Video/Source nodes announced and not removed */
    uint32_t known_count;
    watch_event *head, *tail;
    uint32_t queued, dropped;
    int lost;
    char error[256];
};

static void queue(cpw_watch *w, int kind, uint32_t id, cpw_snapshot *object) {
    watch_event *e = w->queued < w->max_queue ? calloc(1, sizeof *e) : NULL;
    if (!e) {
        w->dropped++;
        cpw_free(object);
        return;
    }
    e->kind = kind, e->id = id, e->object = object;
    if (w->tail) w->tail->next = e;
    else w->head = e;
    w->tail = e;
    w->queued++;
}

static void lose(cpw_watch *w, const char *fmt, int res, const char *message) {
    if (w->lost) return;
    w->lost = 1;
    snprintf(w->error, sizeof w->error, fmt, strerror(res < 0 ? -res : res), message ? message : "");
}

/* One global as a snapshot of one object, its properties bounded as a read bounds them. */
static cpw_snapshot *one_object(cpw_watch *w, uint32_t id, const char *type, uint32_t version, const struct spa_dict *props) {
    cpw_snapshot *s = calloc(1, sizeof *s);
    cpw_object *o = s ? calloc(1, sizeof *o) : NULL;
    if (!o) {
        free(s);
        return NULL;
    }
    s->objects = o, s->count = s->capacity = 1;
    o->id = id, o->version = version, o->video_source = 1;
    o->type = cpw_copy_cut(type, CPW_MAX_NAME, &s->truncated);
    uint32_t n = props ? props->n_items : 0;
    uint32_t keep = n < w->max_props ? n : w->max_props;
    s->truncated += n - keep;
    if (keep > 0) {
        o->keys = calloc(keep, sizeof *o->keys);
        o->values = calloc(keep, sizeof *o->values);
    }
    int ok = o->type && (keep == 0 || (o->keys && o->values));
    for (uint32_t k = 0; ok && k < keep; k++) {
        o->keys[k] = cpw_copy_cut(props->items[k].key, w->max_string, &s->truncated);
        o->values[k] = cpw_copy_cut(props->items[k].value, w->max_string, &s->truncated);
        o->prop_count = k + 1;
        ok = o->keys[k] && o->values[k];
    }
    if (!ok) {
        cpw_free(s);
        return NULL;
    }
    return s;
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    (void)permissions;
    cpw_watch *w = data;
    const char *media_class = props ? spa_dict_lookup(props, PW_KEY_MEDIA_CLASS) : NULL;
    if (!type || strcmp(type, PW_TYPE_INTERFACE_Node) != 0 || !media_class || strcmp(media_class, "Video/Source") != 0) return;
    if (w->known_count >= w->max_queue) {
        w->dropped++;
        return;
    }
    cpw_snapshot *object = one_object(w, id, type, version, props);
    if (!object) {
        w->dropped++;
        return;
    }
    w->known[w->known_count++] = id;
    queue(w, CPW_WATCH_ADDED, id, object);
}

static void on_global_remove(void *data, uint32_t id) {
    cpw_watch *w = data;
    for (uint32_t i = 0; i < w->known_count; i++) {
        if (w->known[i] != id) continue;
        w->known[i] = w->known[--w->known_count];
        queue(w, CPW_WATCH_REMOVED, id, NULL);
        return;
    }
}

static const struct pw_registry_events registry_events = {
    .version = PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

static void on_core_done(void *data, uint32_t id, int seq) {
    cpw_watch *w = data;
    if (id == PW_ID_CORE && seq == w->settle_seq) queue(w, CPW_WATCH_SETTLED, 0, NULL);
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void)seq;
    cpw_watch *w = data;
    if (id != PW_ID_CORE) return;
    /* -EPIPE: the socket hung up (the daemon stopped or restarted). */
    lose(w, res == -EPIPE ? "the PipeWire daemon closed the connection (%s)%s" : "PipeWire core error (%s): %s", res,
         res == -EPIPE ? "" : message);
}

static const struct pw_core_events core_events = {
    .version = PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

int cpw_watch_open(const cpw_options *opts, cpw_watch **out, char *error, size_t error_len) {
    if (out) *out = NULL;
    if (error && error_len > 0) error[0] = '\0';
    if (!opts || !out || opts->max_objects == 0) {
        if (error) snprintf(error, error_len, "cpw_watch_open: no options, no out pointer or max_objects 0");
        return CPW_FAILED;
    }
    int64_t deadline = cpw_now_ms() + (opts->timeout_ms > 0 ? opts->timeout_ms : 0);
    if (!cpw_load()->ok) {
        if (error) snprintf(error, error_len, "%s", cpw_api.error);
        return CPW_NO_LIBRARY;
    }
    if (pthread_mutex_trylock(&watch_lock) != 0) {
        if (error) snprintf(error, error_len, "another PipeWire watch is open in this process (one at a time)");
        return CPW_FAILED;
    }
    cpw_watch *w = calloc(1, sizeof *w);
    uint32_t *known = w ? calloc(opts->max_objects, sizeof *known) : NULL;
    if (!known) {
        free(w);
        pthread_mutex_unlock(&watch_lock);
        if (error) snprintf(error, error_len, "out of memory");
        return CPW_FAILED;
    }
    w->known = known;
    w->max_props = opts->max_props, w->max_string = opts->max_string, w->max_queue = opts->max_objects;
    if (!cpw_lock_until(&cpw_read_lock, deadline)) {
        cpw_watch_close(w);
        if (error) snprintf(error, error_len, "a PipeWire read in this process did not finish within the bound");
        return CPW_TIMEOUT;
    }
    int status = CPW_FAILED;
    if (!watch_loop) watch_loop = cpw_api.p_pw_loop_new(NULL);
    if (watch_loop && !watch_context) watch_context = cpw_new_context(watch_loop);
    if (!watch_context) {
        snprintf(w->error, sizeof w->error, "cannot make a PipeWire loop and context: %s", strerror(errno));
    } else {
        w->core = cpw_connect(watch_context, opts->remote, &status, w->error, sizeof w->error);
    }
    pthread_mutex_unlock(&cpw_read_lock);
    if (w->core) {
        pw_core_add_listener(w->core, &w->core_listener, &core_events, w);
        w->registry = pw_core_get_registry(w->core, PW_VERSION_REGISTRY, 0);
        if (w->registry) {
            pw_registry_add_listener(w->registry, &w->registry_listener, &registry_events, w);
            w->settle_seq = pw_core_sync(w->core, PW_ID_CORE, 0);
            *out = w;
            return CPW_OK;
        }
        snprintf(w->error, sizeof w->error, "pw_core_get_registry failed: %s", strerror(errno));
        status = CPW_FAILED;
    }
    if (error) snprintf(error, error_len, "%s", w->error[0] ? w->error : "PipeWire watch failed");
    cpw_watch_close(w);
    return status == CPW_OK ? CPW_FAILED : status;
}

int cpw_watch_next(cpw_watch *w, int timeout_ms, uint32_t *id, cpw_snapshot **object, char *error, size_t error_len) {
    if (id) *id = 0;
    if (object) *object = NULL;
    if (!w) return CPW_WATCH_LOST;
    int64_t deadline = cpw_now_ms() + (timeout_ms > 0 ? timeout_ms : 0);
    if (!w->head && !w->lost && !w->dropped) {
        pw_loop_enter(watch_loop);
        for (;;) {
            int64_t left = deadline - cpw_now_ms();
            if (w->head || w->lost || w->dropped || left <= 0) break;
            int res = pw_loop_iterate(watch_loop, left > INT32_MAX ? INT32_MAX : (int)left);
            if (res < 0 && res != -EINTR && res != -EAGAIN) lose(w, "the PipeWire loop failed (%s)%s", res, "");
        }
        pw_loop_leave(watch_loop);
    }
    if (w->dropped) {
        if (id) *id = w->dropped;
        w->dropped = 0;
        return CPW_WATCH_DROPPED;
    }
    watch_event *e = w->head;
    if (!e) {
        if (!w->lost) return CPW_WATCH_NONE;
        if (error && error_len > 0) snprintf(error, error_len, "%s", w->error);
        return CPW_WATCH_LOST;
    }
    w->head = e->next;
    if (!w->head) w->tail = NULL;
    w->queued--;
    int kind = e->kind;
    if (id) *id = e->id;
    if (object) *object = e->object;
    else cpw_free(e->object);
    free(e);
    return kind;
}

void cpw_watch_close(cpw_watch *w) {
    if (!w) return;
    if (w->registry) {
        spa_hook_remove(&w->registry_listener);
        cpw_api.p_pw_proxy_destroy((struct pw_proxy *)w->registry);
    }
    if (w->core) {
        spa_hook_remove(&w->core_listener);
        cpw_api.p_pw_core_disconnect(w->core);
    }
    while (w->head) {
        watch_event *e = w->head;
        w->head = e->next;
        cpw_free(e->object);
        free(e);
    }
    free(w->known);
    free(w);
    pthread_mutex_unlock(&watch_lock);
}
