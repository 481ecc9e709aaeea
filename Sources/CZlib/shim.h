#ifndef LAMINA_CZLIB_SHIM_H
#define LAMINA_CZLIB_SHIM_H
#include <zlib.h>
#endif
