/* Forwards to spa-0.2/spa/utils/result.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/utils/result.h>
