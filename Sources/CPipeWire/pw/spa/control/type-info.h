/* Forwards to spa-0.2/spa/control/type-info.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/control/type-info.h>
