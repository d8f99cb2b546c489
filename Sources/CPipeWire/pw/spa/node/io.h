/* Forwards to spa-0.2/spa/node/io.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/node/io.h>
