#ifndef LAMINA_RASTER_SUPPORT_H
#define LAMINA_RASTER_SUPPORT_H

/// Asks the CPU to start loading the cache line at `p` for writing (no fault if `p` is
/// unmapped: a prefetch is only a hint). Swift has no prefetch intrinsic; this inlines.
static inline void lamina_prefetch_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}

#endif
