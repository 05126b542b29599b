#ifndef PLUMSCALE_CWAYLAND_SHIM_H
#define PLUMSCALE_CWAYLAND_SHIM_H
/* Only to look at a compositor's globals before SDL starts (WaylandPreflight). */
#include <wayland-client.h>
#endif
