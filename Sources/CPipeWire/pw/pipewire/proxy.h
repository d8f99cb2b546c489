/* Forwards to pipewire-0.3/pipewire/proxy.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/proxy.h>
