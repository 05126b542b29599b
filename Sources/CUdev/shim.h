#ifndef PLUMSCALE_CUDEV_SHIM_H
#define PLUMSCALE_CUDEV_SHIM_H
#include <libudev.h>
#endif
