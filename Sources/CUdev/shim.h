#ifndef CUDEV_SHIM_H
#define CUDEV_SHIM_H
/* libudev imports cleanly; udev_list_entry_foreach is a macro, so Swift walks
   udev_enumerate_get_list_entry / udev_list_entry_get_next by hand. */
#include <libudev.h>
#endif
