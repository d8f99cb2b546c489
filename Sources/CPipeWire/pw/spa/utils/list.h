/* Forwards to spa-0.2/spa/utils/list.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/utils/list.h>
