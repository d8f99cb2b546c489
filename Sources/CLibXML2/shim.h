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
/* xmlFree is a global function-pointer variable, not concurrency-safe in Swift 6. */
static inline void cxml_free(void *p) { xmlFree(p); }
#endif
