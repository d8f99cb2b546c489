/* Forwards to spa-0.2/spa/support/plugin-loader.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/support/plugin-loader.h>
