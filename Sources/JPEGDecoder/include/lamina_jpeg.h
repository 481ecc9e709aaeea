#ifndef LAMINA_JPEG_H
#define LAMINA_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG held in memory into 8-bit RGBA (alpha 255), rows top to bottom.
/// Returns a buffer to free with lamina_jpeg_free, or NULL when the data is not a decodable
/// JPEG, ends before the image does, or the image is larger than max_pixels. libjpeg reports errors by longjmp, which must
/// never cross Swift frames: this C function contains them.
uint8_t *lamina_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels,
                            int *width, int *height);

void lamina_jpeg_free(uint8_t *pixels);

/// Reads only the header of a JPEG held in memory: its size and whether it is arithmetic
/// coded. Returns 0 when the data has no readable header.
int lamina_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, int *arithmetic);

/// Encodes 8-bit RGB pixels (rows top to bottom, `width * 3` bytes each) as a baseline JPEG
/// at `quality` (1…100). Returns the encoded bytes, to free with lamina_jpeg_free, with their
/// count in `size`; NULL when libjpeg fails or the arguments are out of range.
uint8_t *lamina_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, size_t *size);

#endif
