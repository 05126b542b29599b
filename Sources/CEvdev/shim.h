#ifndef PLUMSCALE_CEVDEV_SHIM_H
#define PLUMSCALE_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <fcntl.h>
#include <unistd.h>
#include <poll.h>
#endif
