/* Forwards to spa-0.2/spa/node/keys.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/node/keys.h>
