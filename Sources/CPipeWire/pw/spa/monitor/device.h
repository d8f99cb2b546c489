/* Forwards to spa-0.2/spa/monitor/device.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/monitor/device.h>
