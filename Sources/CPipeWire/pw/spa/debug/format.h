/* Forwards to spa-0.2/spa/debug/format.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/debug/format.h>
