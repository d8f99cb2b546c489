/* Forwards to pipewire-0.3/pipewire/type.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/type.h>
