/* Forwards to spa-0.2/spa/node/utils.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/node/utils.h>
