/* Forwards to pipewire-0.3/pipewire/i18n.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/i18n.h>
