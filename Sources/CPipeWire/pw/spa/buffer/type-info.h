/* Forwards to spa-0.2/spa/buffer/type-info.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/buffer/type-info.h>
