#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* System ICU headers clash with Foundation's _FoundationICU ('UErrorCode' has
   different definitions). We never touch the ICU fields, so drop them. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>

/* libxml2 is loaded with dlopen(3) the first time XML is read, written or
   validated, not at start-up: with its ICU dependency it is the costliest
   library to map and relocate, and most commands never touch XML. Only the
   headers are used at build time (the module map links nothing). Swift calls
   the cxml_ wrappers below after cxml_load() has returned 1. The headers are
   libxml2-dev's, found on the compiler's own include path through the one-line
   forwarders in include/libxml (scripts/dev/libxml-forwarders.sh). */
#define CXML_FUNCTIONS(X) \
    X(xmlCheckVersion) X(xmlInitParser) X(xmlSetStructuredErrorFunc) \
    X(xmlNewParserCtxt) X(xmlFreeParserCtxt) X(xmlCtxtReadMemory) X(xmlFreeDoc) \
    X(xmlDocGetRootElement) X(xmlGetLineNo) X(xmlGetNoNsProp) X(xmlNodeGetContent) \
    X(xmlBufferCreate) X(xmlBufferFree) X(xmlBufferContent) \
    X(xmlNewTextWriterMemory) X(xmlFreeTextWriter) X(xmlTextWriterSetIndent) \
    X(xmlTextWriterSetIndentString) X(xmlTextWriterStartDocument) X(xmlTextWriterEndDocument) \
    X(xmlTextWriterStartElement) X(xmlTextWriterEndElement) X(xmlTextWriterWriteAttribute) \
    X(xmlTextWriterWriteElement) X(xmlTextWriterWriteString) \
    X(xmlSchemaNewMemParserCtxt) X(xmlSchemaFreeParserCtxt) X(xmlSchemaSetParserStructuredErrors) \
    X(xmlSchemaParse) X(xmlSchemaFree) X(xmlSchemaNewValidCtxt) X(xmlSchemaFreeValidCtxt) \
    X(xmlSchemaSetValidStructuredErrors) X(xmlSchemaValidateDoc)

typedef struct {
#define CXML_FIELD(name) __typeof__(name) *p_##name;
    CXML_FUNCTIONS(CXML_FIELD)
#undef CXML_FIELD
    xmlFreeFunc *(*p_xmlFreeAccessor)(void); /* __xmlFree, when libxml2 keeps it per thread */
    xmlFreeFunc *p_xmlFreeVariable;          /* the global xmlFree otherwise */
    char error[256];
    int ok;
} cxml_api_t;

/* The loaded library (loader.c): dlopen(3) once, under pthread_once(3). */
const cxml_api_t *cxml_get(void);
/* 1 when libxml2 is loaded and complete; 0 otherwise (see cxml_load_error).
   Swift calls the wrappers below only after this returned 1. */
int cxml_load(void);
/* Why cxml_load() returned 0: dlerror(3)'s text or the missing symbol. */
const char *cxml_load_error(void);

/* xmlFree is a global function-pointer variable (or a per-thread accessor),
   not concurrency-safe in Swift 6. */
static inline void cxml_free(void *p) {
    const cxml_api_t *api = cxml_get();
    xmlFreeFunc f = api->p_xmlFreeAccessor ? *api->p_xmlFreeAccessor() : *api->p_xmlFreeVariable;
    f(p);
}

static inline int cxml_xmlCheckVersion(int v) { cxml_get()->p_xmlCheckVersion(v); return 1; }
static inline void cxml_xmlInitParser(void) { cxml_get()->p_xmlInitParser(); }
static inline void cxml_xmlSetStructuredErrorFunc(void *ctx, xmlStructuredErrorFunc f) { cxml_get()->p_xmlSetStructuredErrorFunc(ctx, f); }
static inline xmlParserCtxtPtr cxml_xmlNewParserCtxt(void) { return cxml_get()->p_xmlNewParserCtxt(); }
static inline void cxml_xmlFreeParserCtxt(xmlParserCtxtPtr c) { cxml_get()->p_xmlFreeParserCtxt(c); }
static inline xmlDocPtr cxml_xmlCtxtReadMemory(xmlParserCtxtPtr c, const char *b, int n, const char *url, const char *enc, int opt) {
    return cxml_get()->p_xmlCtxtReadMemory(c, b, n, url, enc, opt);
}
static inline void cxml_xmlFreeDoc(xmlDocPtr d) { cxml_get()->p_xmlFreeDoc(d); }
static inline xmlNodePtr cxml_xmlDocGetRootElement(const xmlDoc *d) { return cxml_get()->p_xmlDocGetRootElement(d); }
static inline long cxml_xmlGetLineNo(const xmlNode *n) { return cxml_get()->p_xmlGetLineNo(n); }
static inline xmlChar *cxml_xmlGetNoNsProp(const xmlNode *n, const xmlChar *name) { return cxml_get()->p_xmlGetNoNsProp(n, name); }
static inline xmlChar *cxml_xmlNodeGetContent(const xmlNode *n) { return cxml_get()->p_xmlNodeGetContent(n); }
static inline xmlBufferPtr cxml_xmlBufferCreate(void) { return cxml_get()->p_xmlBufferCreate(); }
static inline void cxml_xmlBufferFree(xmlBufferPtr b) { cxml_get()->p_xmlBufferFree(b); }
static inline const xmlChar *cxml_xmlBufferContent(const xmlBuffer *b) { return cxml_get()->p_xmlBufferContent(b); }
static inline xmlTextWriterPtr cxml_xmlNewTextWriterMemory(xmlBufferPtr b, int compression) { return cxml_get()->p_xmlNewTextWriterMemory(b, compression); }
static inline void cxml_xmlFreeTextWriter(xmlTextWriterPtr w) { cxml_get()->p_xmlFreeTextWriter(w); }
static inline int cxml_xmlTextWriterSetIndent(xmlTextWriterPtr w, int indent) { return cxml_get()->p_xmlTextWriterSetIndent(w, indent); }
static inline int cxml_xmlTextWriterSetIndentString(xmlTextWriterPtr w, const xmlChar *s) { return cxml_get()->p_xmlTextWriterSetIndentString(w, s); }
static inline int cxml_xmlTextWriterStartDocument(xmlTextWriterPtr w, const char *version, const char *encoding, const char *standalone) {
    return cxml_get()->p_xmlTextWriterStartDocument(w, version, encoding, standalone);
}
static inline int cxml_xmlTextWriterEndDocument(xmlTextWriterPtr w) { return cxml_get()->p_xmlTextWriterEndDocument(w); }
static inline int cxml_xmlTextWriterStartElement(xmlTextWriterPtr w, const xmlChar *name) { return cxml_get()->p_xmlTextWriterStartElement(w, name); }
static inline int cxml_xmlTextWriterEndElement(xmlTextWriterPtr w) { return cxml_get()->p_xmlTextWriterEndElement(w); }
static inline int cxml_xmlTextWriterWriteAttribute(xmlTextWriterPtr w, const xmlChar *name, const xmlChar *value) {
    return cxml_get()->p_xmlTextWriterWriteAttribute(w, name, value);
}
static inline int cxml_xmlTextWriterWriteElement(xmlTextWriterPtr w, const xmlChar *name, const xmlChar *content) {
    return cxml_get()->p_xmlTextWriterWriteElement(w, name, content);
}
static inline int cxml_xmlTextWriterWriteString(xmlTextWriterPtr w, const xmlChar *content) { return cxml_get()->p_xmlTextWriterWriteString(w, content); }
static inline xmlSchemaParserCtxtPtr cxml_xmlSchemaNewMemParserCtxt(const char *buffer, int size) { return cxml_get()->p_xmlSchemaNewMemParserCtxt(buffer, size); }
static inline void cxml_xmlSchemaFreeParserCtxt(xmlSchemaParserCtxtPtr c) { cxml_get()->p_xmlSchemaFreeParserCtxt(c); }
static inline void cxml_xmlSchemaSetParserStructuredErrors(xmlSchemaParserCtxtPtr c, xmlStructuredErrorFunc f, void *ctx) {
    cxml_get()->p_xmlSchemaSetParserStructuredErrors(c, f, ctx);
}
static inline xmlSchemaPtr cxml_xmlSchemaParse(xmlSchemaParserCtxtPtr c) { return cxml_get()->p_xmlSchemaParse(c); }
static inline void cxml_xmlSchemaFree(xmlSchemaPtr s) { cxml_get()->p_xmlSchemaFree(s); }
static inline xmlSchemaValidCtxtPtr cxml_xmlSchemaNewValidCtxt(xmlSchemaPtr s) { return cxml_get()->p_xmlSchemaNewValidCtxt(s); }
static inline void cxml_xmlSchemaFreeValidCtxt(xmlSchemaValidCtxtPtr c) { cxml_get()->p_xmlSchemaFreeValidCtxt(c); }
static inline void cxml_xmlSchemaSetValidStructuredErrors(xmlSchemaValidCtxtPtr c, xmlStructuredErrorFunc f, void *ctx) {
    cxml_get()->p_xmlSchemaSetValidStructuredErrors(c, f, ctx);
}
static inline int cxml_xmlSchemaValidateDoc(xmlSchemaValidCtxtPtr c, xmlDocPtr d) { return cxml_get()->p_xmlSchemaValidateDoc(c, d); }
#endif
