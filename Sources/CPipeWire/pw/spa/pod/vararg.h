/* Forwards to spa-0.2/spa/pod/vararg.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/pod/vararg.h>
