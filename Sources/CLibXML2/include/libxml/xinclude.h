/* Forwards to libxml2-dev's header (scripts/dev/libxml-forwarders.sh). */
#include <libxml2/libxml/xinclude.h>
