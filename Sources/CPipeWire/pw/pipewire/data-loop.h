/* Forwards to pipewire-0.3/pipewire/data-loop.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/data-loop.h>
