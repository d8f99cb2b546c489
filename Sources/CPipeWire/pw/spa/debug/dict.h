/* Forwards to spa-0.2/spa/debug/dict.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/debug/dict.h>
