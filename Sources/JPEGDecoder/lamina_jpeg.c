// JPEG decoding through libjpeg(-turbo), with its longjmp error handling kept inside C.
#include "lamina_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

struct lamina_error {
    struct jpeg_error_mgr base;
    jmp_buf escape;
};

static void lamina_error_exit(j_common_ptr info) {
    struct lamina_error *error = (struct lamina_error *)info->err;
    longjmp(error->escape, 1);
}

static void lamina_silence(j_common_ptr info) { (void)info; }

// Warnings: a stream that ends early would be padded with gray for every remaining row, which a
// tiny hostile file declaring a huge image turns into minutes of work. Treat it as an error.
static void lamina_emit_message(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
        struct lamina_error *error = (struct lamina_error *)info->err;
        longjmp(error->escape, 1);
    }
}

// Progressive files may repeat scans without limit, each one a pass over the whole
// coefficient buffer: more scans than any encoder writes is treated as an attack.
#define LAMINA_MAX_SCANS 500

static void lamina_progress(j_common_ptr info) {
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > LAMINA_MAX_SCANS) {
        struct lamina_error *error = (struct lamina_error *)info->err;
        longjmp(error->escape, 1);
    }
}

uint8_t *lamina_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels,
                            int *width, int *height) {
    if (data == NULL || size < 4 || size > (size_t)0x7fffffff) return NULL;
    struct jpeg_decompress_struct info;
    struct lamina_error error;
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = lamina_error_exit;
    error.base.output_message = lamina_silence;
    error.base.emit_message = lamina_emit_message;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) {
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    // Refuse before libjpeg allocates or reads any scan.
    size_t declared_w = info.image_width, declared_h = info.image_height;
    if (declared_w == 0 || declared_h == 0 || declared_w > max_pixels / declared_h) {
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    struct jpeg_progress_mgr progress = {lamina_progress, 0, 0, 0, 0};
    info.progress = &progress;
    // CMYK and YCCK come out as CMYK; everything else as RGB.
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    if (w == 0 || h == 0 || w > max_pixels / h) {
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    size_t components = (size_t)info.output_components;
    pixels = malloc(w * h * 4);
    row = malloc(w * components);
    if (pixels == NULL || row == NULL) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return NULL;
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
        uint8_t *out = pixels + y * w * 4;
        for (size_t x = 0; x < w; x++) {
            const uint8_t *in = row + x * components;
            if (cmyk) {
                // Adobe JPEGs store inverted CMYK: the stored value is already 255 − ink.
                unsigned k = in[3];
                out[x * 4] = (uint8_t)((in[0] * k + 127) / 255);
                out[x * 4 + 1] = (uint8_t)((in[1] * k + 127) / 255);
                out[x * 4 + 2] = (uint8_t)((in[2] * k + 127) / 255);
            } else if (components == 1) {
                out[x * 4] = out[x * 4 + 1] = out[x * 4 + 2] = in[0];
            } else {
                out[x * 4] = in[0];
                out[x * 4 + 1] = in[1];
                out[x * 4 + 2] = in[2];
            }
            out[x * 4 + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *width = (int)w;
    *height = (int)h;
    return pixels;
}

void lamina_jpeg_free(uint8_t *pixels) { free(pixels); }

uint8_t *lamina_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, size_t *size) {
    if (rgb == NULL || size == NULL || width <= 0 || height <= 0 || width > 65500 || height > 65500) return NULL;
    struct jpeg_compress_struct info;
    struct lamina_error error;
    unsigned char *volatile out = NULL;
    unsigned long out_size = 0;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = lamina_error_exit;
    error.base.output_message = lamina_silence;
    if (setjmp(error.escape)) {
        jpeg_destroy_compress(&info);
        free(out);
        return NULL;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&out, &out_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *size = (size_t)out_size;
    return out;
}

int lamina_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, int *arithmetic) {
    if (data == NULL || size < 4 || size > (size_t)0x7fffffff) return 0;
    struct jpeg_decompress_struct info;
    struct lamina_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = lamina_error_exit;
    error.base.output_message = lamina_silence;
    error.base.emit_message = lamina_emit_message;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    int ok = jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK;
    if (ok) {
        *width = (int)info.image_width;
        *height = (int)info.image_height;
        *arithmetic = info.arith_code ? 1 : 0;
    }
    jpeg_destroy_decompress(&info);
    return ok;
}
