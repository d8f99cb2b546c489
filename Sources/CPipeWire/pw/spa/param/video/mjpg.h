/* Forwards to spa-0.2/spa/param/video/mjpg.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/param/video/mjpg.h>
