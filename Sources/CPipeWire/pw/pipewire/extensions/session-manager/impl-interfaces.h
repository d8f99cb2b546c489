/* Forwards to pipewire-0.3/pipewire/extensions/session-manager/impl-interfaces.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/extensions/session-manager/impl-interfaces.h>
