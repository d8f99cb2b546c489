/* Forwards to pipewire-0.3/pipewire/work-queue.h (scripts/dev/pipewire-forwarders.sh). */
#include <pipewire-0.3/pipewire/work-queue.h>
