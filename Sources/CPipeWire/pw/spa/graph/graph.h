/* Forwards to spa-0.2/spa/graph/graph.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/graph/graph.h>
