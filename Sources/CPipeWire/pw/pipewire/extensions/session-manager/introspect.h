/* Forwards to pipewire-0.3/pipewire/extensions/session-manager/introspect.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/extensions/session-manager/introspect.h>
