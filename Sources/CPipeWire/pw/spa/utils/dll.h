/* Forwards to spa-0.2/spa/utils/dll.h (scripts/dev/pipewire-forwarders.sh). */
#include <spa-0.2/spa/utils/dll.h>
