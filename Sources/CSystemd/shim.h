#ifndef PLUMSCALE_CSYSTEMD_SHIM_H
#define PLUMSCALE_CSYSTEMD_SHIM_H
/* sd_notify(3): READY=1, WATCHDOG=1 and STOPPING=1 to the service manager. */
#include <systemd/sd-daemon.h>
#endif
