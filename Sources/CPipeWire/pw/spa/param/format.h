/* Forwards to spa-0.2/spa/param/format.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/param/format.h>
