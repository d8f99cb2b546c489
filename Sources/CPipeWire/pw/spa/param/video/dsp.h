/* Forwards to spa-0.2/spa/param/video/dsp.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/param/video/dsp.h>
