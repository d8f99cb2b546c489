/* Forwards to spa-0.2/spa/buffer/alloc.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/buffer/alloc.h>
