/* Forwards to spa-0.2/spa/pod/compare.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/pod/compare.h>
