/* Forwards to spa-0.2/spa/buffer/buffer.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/buffer/buffer.h>
