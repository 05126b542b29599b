#ifndef PLUMSCALE_CFONTCONFIG_SHIM_H
#define PLUMSCALE_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
/* FC_FILE is a string macro Swift cannot import. */
static inline const char *plum_fc_file(void) { return FC_FILE; }
#endif
