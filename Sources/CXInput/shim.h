#ifndef PLUMSCALE_CXINPUT_SHIM_H
#define PLUMSCALE_CXINPUT_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/extensions/XInput2.h>
#endif
