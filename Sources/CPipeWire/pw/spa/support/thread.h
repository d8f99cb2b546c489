/* Forwards to spa-0.2/spa/support/thread.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/support/thread.h>
