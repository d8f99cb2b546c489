/* Loads libxml2 with dlopen(3) the first time XML is needed (see shim.h). */
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static cxml_api_t api;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_once(void) {
    void *h = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(api.error, sizeof api.error, "%s", e ? e : "libxml2.so.2 could not be loaded");
        return;
    }
#define CXML_LOAD(name) \
    api.p_##name = (__typeof__(name) *)dlsym(h, #name); \
    if (!api.p_##name) { snprintf(api.error, sizeof api.error, "libxml2.so.2 has no %s", #name); return; }
    CXML_FUNCTIONS(CXML_LOAD)
#undef CXML_LOAD
    api.p_xmlFreeAccessor = (xmlFreeFunc * (*)(void))dlsym(h, "__xmlFree");
    api.p_xmlFreeVariable = (xmlFreeFunc *)dlsym(h, "xmlFree");
    if (!api.p_xmlFreeAccessor && !api.p_xmlFreeVariable) {
        snprintf(api.error, sizeof api.error, "libxml2.so.2 has no xmlFree");
        return;
    }
    api.ok = 1;
}

const cxml_api_t *cxml_get(void) {
    pthread_once(&once, load_once);
    return &api;
}

int cxml_load(void) { return cxml_get()->ok; }

const char *cxml_load_error(void) { return cxml_get()->error; }
