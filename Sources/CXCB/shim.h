// X11 through xcb, with MIT-SHM, and System V shared memory for the segments.
#include <xcb/xcb.h>
#include <xcb/shm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdlib.h>
