/* Forwards to spa-0.2/spa/param/audio/wma-types.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/param/audio/wma-types.h>
