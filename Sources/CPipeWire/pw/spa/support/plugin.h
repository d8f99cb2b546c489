/* Forwards to spa-0.2/spa/support/plugin.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/support/plugin.h>
