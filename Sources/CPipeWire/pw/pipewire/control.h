/* Forwards to pipewire-0.3/pipewire/control.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/control.h>
