#ifndef PLUMSCALE_CSDL2_SHIM_H
#define PLUMSCALE_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

/* Macros Swift cannot import become inline helpers. */
static inline Uint32 plum_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
static inline Uint32 plum_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 plum_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 plum_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline int plum_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
#endif
