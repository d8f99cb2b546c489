/* Forwards to spa-0.2/spa/utils/dict.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/utils/dict.h>
