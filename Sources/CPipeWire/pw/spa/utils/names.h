/* Forwards to spa-0.2/spa/utils/names.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/utils/names.h>
