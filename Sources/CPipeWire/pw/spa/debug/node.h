/* Forwards to spa-0.2/spa/debug/node.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/debug/node.h>
