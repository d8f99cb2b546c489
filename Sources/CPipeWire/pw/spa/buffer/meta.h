/* Forwards to spa-0.2/spa/buffer/meta.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/buffer/meta.h>
