#ifndef CALSA_SHIM_H
#define CALSA_SHIM_H
#include <alsa/asoundlib.h>
/* snd_lib_error_handler_t is variadic, so Swift cannot implement one: this no-op
   handler silences libasound's stderr chatter when probing absent cards. */
static void calsa_silent_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void calsa_silence_errors(void) { snd_lib_error_set_handler(calsa_silent_handler); }
#endif
