/* Forwards to spa-0.2/spa/support/loop.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/support/loop.h>
