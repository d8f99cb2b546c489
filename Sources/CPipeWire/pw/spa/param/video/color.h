/* Forwards to spa-0.2/spa/param/video/color.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/param/video/color.h>
