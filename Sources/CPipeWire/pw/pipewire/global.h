/* Forwards to pipewire-0.3/pipewire/global.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/global.h>
