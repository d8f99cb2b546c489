/* Forwards to spa-0.2/spa/param/video/h264.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/param/video/h264.h>
