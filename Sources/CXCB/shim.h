// X11 through xcb, with MIT-SHM, and System V shared memory for the segments.
//
// A fresh machine has xcb's headers but only the runtime library of its MIT-SHM extension
// (libxcb-shm.so.0, no header and no link name): the few MIT-SHM requests the backend sends
// are declared here as the extension's protocol defines them and found in that library when
// first used. Without it they answer as a server without MIT-SHM would (no version reply),
// and the backend sends frames through the socket instead.
#include <xcb/xcb.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdlib.h>
#include <stdint.h>
#include <dlfcn.h>

typedef uint32_t xcb_shm_seg_t;

typedef struct xcb_shm_query_version_cookie_t {
    unsigned int sequence;
} xcb_shm_query_version_cookie_t;

typedef struct xcb_shm_query_version_reply_t {
    uint8_t response_type;
    uint8_t shared_pixmaps;
    uint16_t sequence;
    uint32_t length;
    uint16_t major_version;
    uint16_t minor_version;
    uint16_t uid;
    uint16_t gid;
    uint8_t pixmap_format;
    uint8_t pad0[15];
} xcb_shm_query_version_reply_t;

/// The MIT-SHM library's symbol `name`, or NULL when the library or the symbol is missing.
static inline void *lamina_xcb_shm_symbol(const char *name) {
    static void *library = NULL;
    static int tried = 0;
    if (!tried) {
        tried = 1;
        library = dlopen("libxcb-shm.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!library) library = dlopen("libxcb-shm.so", RTLD_NOW | RTLD_LOCAL);
    }
    return library ? dlsym(library, name) : NULL;
}

static inline xcb_shm_query_version_cookie_t xcb_shm_query_version(xcb_connection_t *c) {
    typedef xcb_shm_query_version_cookie_t (*F)(xcb_connection_t *);
    F f = (F)lamina_xcb_shm_symbol("xcb_shm_query_version");
    if (f) return f(c);
    xcb_shm_query_version_cookie_t none = { 0 };
    return none;
}

static inline xcb_shm_query_version_reply_t *xcb_shm_query_version_reply(xcb_connection_t *c, xcb_shm_query_version_cookie_t cookie,
                                                                          xcb_generic_error_t **e) {
    typedef xcb_shm_query_version_reply_t *(*F)(xcb_connection_t *, xcb_shm_query_version_cookie_t, xcb_generic_error_t **);
    F f = (F)lamina_xcb_shm_symbol("xcb_shm_query_version_reply");
    // Without the library no request was sent (sequence 0): there is no reply to wait for.
    if (!f || cookie.sequence == 0) return NULL;
    return f(c, cookie, e);
}

static inline xcb_void_cookie_t xcb_shm_attach_checked(xcb_connection_t *c, xcb_shm_seg_t shmseg, uint32_t shmid, uint8_t read_only) {
    typedef xcb_void_cookie_t (*F)(xcb_connection_t *, xcb_shm_seg_t, uint32_t, uint8_t);
    F f = (F)lamina_xcb_shm_symbol("xcb_shm_attach_checked");
    xcb_void_cookie_t none = { 0 };
    return f ? f(c, shmseg, shmid, read_only) : none;
}

static inline xcb_void_cookie_t xcb_shm_detach(xcb_connection_t *c, xcb_shm_seg_t shmseg) {
    typedef xcb_void_cookie_t (*F)(xcb_connection_t *, xcb_shm_seg_t);
    F f = (F)lamina_xcb_shm_symbol("xcb_shm_detach");
    xcb_void_cookie_t none = { 0 };
    return f ? f(c, shmseg) : none;
}

static inline xcb_void_cookie_t xcb_shm_put_image(xcb_connection_t *c, xcb_drawable_t drawable, xcb_gcontext_t gc,
                                                  uint16_t total_width, uint16_t total_height, uint16_t src_x, uint16_t src_y,
                                                  uint16_t src_width, uint16_t src_height, int16_t dst_x, int16_t dst_y,
                                                  uint8_t depth, uint8_t format, uint8_t send_event, xcb_shm_seg_t shmseg,
                                                  uint32_t offset) {
    typedef xcb_void_cookie_t (*F)(xcb_connection_t *, xcb_drawable_t, xcb_gcontext_t, uint16_t, uint16_t, uint16_t, uint16_t,
                                   uint16_t, uint16_t, int16_t, int16_t, uint8_t, uint8_t, uint8_t, xcb_shm_seg_t, uint32_t);
    F f = (F)lamina_xcb_shm_symbol("xcb_shm_put_image");
    xcb_void_cookie_t none = { 0 };
    return f ? f(c, drawable, gc, total_width, total_height, src_x, src_y, src_width, src_height, dst_x, dst_y, depth, format,
                 send_event, shmseg, offset) : none;
}
