/* Forwards to pipewire-0.3/pipewire/extensions/client-node.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/extensions/client-node.h>
