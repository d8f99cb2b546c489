/* Forwards to pipewire-0.3/pipewire/extensions/session-manager/interfaces.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/extensions/session-manager/interfaces.h>
