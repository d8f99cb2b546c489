/* Forwards to spa-0.2/spa/monitor/event.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/monitor/event.h>
