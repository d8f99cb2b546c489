/* Forwards to spa-0.2/spa/pod/pod.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/pod/pod.h>
