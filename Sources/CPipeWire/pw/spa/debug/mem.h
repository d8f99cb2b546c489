/* Forwards to spa-0.2/spa/debug/mem.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/debug/mem.h>
