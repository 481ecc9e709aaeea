// RasterSupport is header-only: see include/RasterSupport.h.
