// The table behind the thumbnails' PNG settings: each of PNG's filters, and libpng's choice of one
// per row, through zlib at each level and strategy, on the thumbnails given (Snapshelf's own,
// after an import of the benchmark's corpus). For each pair it prints the mean bytes per
// thumbnail, the file's other chunks included, and the mean processor time to filter and
// compress one, taken on this thread alone so that other work on the machine counts less.
// Every pair encodes the same thumbnail before the next thumbnail is read, so the machine's ups
// and downs fall on all of them alike. RGB=1 also writes each thumbnail as RGB, its alpha left
// out, as a photo's opaque thumbnail can be. The 200 take some minutes.
//
//   gcc -O2 -o thumbnail-png bench/thumbnail-png.c $(pkg-config --cflags --libs gdk-pixbuf-2.0 zlib)
//   ./thumbnail-png $XDG_CACHE_HOME/thumbnails/large/*.png
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

enum { NONE, SUB, UP, AVERAGE, PAETH, ADAPTIVE, FILTERS };
static const char *filter_names[] = {"None", "Sub", "Up", "Average", "Paeth", "adaptive (libpng)"};

struct mode {
    const char *name;
    int level, strategy;
};
static const struct mode modes[] = {
    {"zlib 1", 1, Z_DEFAULT_STRATEGY},
    {"zlib 3", 3, Z_DEFAULT_STRATEGY},
    {"zlib 6", 6, Z_DEFAULT_STRATEGY},
    {"zlib 6 filtered", 6, Z_FILTERED},
    {"zlib 9", 9, Z_DEFAULT_STRATEGY},
    {"Huffman only", 1, Z_HUFFMAN_ONLY},
    {"RLE", 1, Z_RLE},
};
#define MODES (sizeof modes / sizeof modes[0])

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// One row filtered by one filter into out, after its filter byte.
static void filter_row(int filter, const guchar *row, const guchar *above, int length, int bpp, guchar *out) {
    out[0] = (guchar)filter;
    for (int i = 0; i < length; i++) {
        int a = i >= bpp ? row[i - bpp] : 0, b = above ? above[i] : 0, c = above && i >= bpp ? above[i - bpp] : 0;
        int predicted = filter == SUB ? a : filter == UP ? b : filter == AVERAGE ? (a + b) / 2 : filter == PAETH ? paeth(a, b, c) : 0;
        out[1 + i] = (guchar)(row[i] - predicted);
    }
}

// libpng's heuristic: the filter whose bytes, read as signed, have the least sum of magnitudes.
static unsigned long row_cost(const guchar *filtered, int length) {
    unsigned long sum = 0;
    for (int i = 1; i <= length; i++) sum += filtered[i] < 128 ? filtered[i] : 256 - filtered[i];
    return sum;
}

static size_t filter_image(int filter, const guchar *pixels, int width, int height, int bpp, guchar *out) {
    int length = width * bpp;
    guchar *trial = malloc(length + 1);
    for (int y = 0; y < height; y++) {
        const guchar *row = pixels + (size_t)y * length, *above = y ? row - length : NULL;
        guchar *line = out + (size_t)y * (length + 1);
        if (filter != ADAPTIVE) {
            filter_row(filter, row, above, length, bpp, line);
            continue;
        }
        unsigned long best = ~0UL;
        for (int candidate = NONE; candidate <= PAETH; candidate++) {
            filter_row(candidate, row, above, length, bpp, trial);
            unsigned long cost = row_cost(trial, length);
            if (cost < best) {
                best = cost;
                memcpy(line, trial, length + 1);
            }
        }
    }
    free(trial);
    return (size_t)height * (length + 1);
}

static double thread_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

// The file's bytes other than its pixels' data: signature, IHDR, text, one IDAT's frame, IEND.
static long other_bytes(const char *path) {
    gchar *data;
    gsize size;
    if (!g_file_get_contents(path, &data, &size, NULL)) return -1;
    long other = (long)size + 12, position = 8;
    while (position + 8 <= (long)size) {
        const guchar *chunk = (const guchar *)data + position;
        long length = (long)chunk[0] << 24 | chunk[1] << 16 | chunk[2] << 8 | chunk[3];
        if (memcmp(chunk + 4, "IDAT", 4) == 0) other -= length + 12;
        position += length + 12;
    }
    g_free(data);
    return other;
}

int main(int argc, char **argv) {
    int layouts = getenv("RGB") && atoi(getenv("RGB")) ? 2 : 1;
    static double bytes[2][FILTERS][MODES], seconds[2][FILTERS][MODES];
    int counted = 0;
    for (int file = 1; file < argc; file++) {
        GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file(argv[file], NULL);
        long other = other_bytes(argv[file]);
        if (!pixbuf || other < 0 || gdk_pixbuf_get_bits_per_sample(pixbuf) != 8) {
            fprintf(stderr, "thumbnail-png: %s is not an 8-bit PNG\n", argv[file]);
            return 1;
        }
        int channels = gdk_pixbuf_get_n_channels(pixbuf);
        int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
        int stride = gdk_pixbuf_get_rowstride(pixbuf);
        const guchar *source = gdk_pixbuf_read_pixels(pixbuf);
        guchar *rgba = malloc((size_t)width * height * 4), *rgb = malloc((size_t)width * height * 3);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                const guchar *pixel = source + (size_t)y * stride + x * channels;
                size_t at = (size_t)y * width + x;
                memcpy(rgba + at * 4, pixel, 3);
                rgba[at * 4 + 3] = channels == 4 ? pixel[3] : 255;
                memcpy(rgb + at * 3, pixel, 3);
            }
        }
        size_t raw = (size_t)(width * 4 + 1) * height;
        guchar *filtered = malloc(raw);
        uLong bound = compressBound(raw);
        guchar *compressed = malloc(bound);
        for (int layout = 0; layout < layouts; layout++) {
            for (int filter = 0; filter < FILTERS; filter++) {
                for (size_t mode = 0; mode < MODES; mode++) {
                    double start = thread_seconds();
                    size_t length = filter_image(filter, layout ? rgb : rgba, width, height, layout ? 3 : 4, filtered);
                    z_stream stream = {0};
                    deflateInit2(&stream, modes[mode].level, Z_DEFLATED, 15, 8, modes[mode].strategy);
                    stream.next_in = filtered;
                    stream.avail_in = (uInt)length;
                    stream.next_out = compressed;
                    stream.avail_out = (uInt)bound;
                    if (deflate(&stream, Z_FINISH) != Z_STREAM_END) return 1;
                    crc32(0, compressed, (uInt)stream.total_out);
                    deflateEnd(&stream);
                    seconds[layout][filter][mode] += thread_seconds() - start;
                    bytes[layout][filter][mode] += (double)stream.total_out + other;
                }
            }
        }
        free(compressed);
        free(filtered);
        free(rgb);
        free(rgba);
        g_object_unref(pixbuf);
        counted++;
    }
    printf("%-8s %-18s %-16s %12s %10s\n", "Colour", "Filter", "Compression", "Bytes/photo", "ms/thumb");
    for (int layout = 0; layout < layouts; layout++)
        for (int filter = 0; filter < FILTERS; filter++)
            for (size_t mode = 0; mode < MODES; mode++)
                printf("%-8s %-18s %-16s %12.0f %10.2f\n", layout ? "RGB" : "RGBA", filter_names[filter], modes[mode].name,
                       bytes[layout][filter][mode] / counted, seconds[layout][filter][mode] * 1000 / counted);
    return 0;
}
