/* Forwards to spa-0.2/spa/interfaces/audio/aec.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/interfaces/audio/aec.h>
