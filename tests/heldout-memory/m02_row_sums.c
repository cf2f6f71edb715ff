// expect: local:img race-free
// expect: local:rowsum race-free
// expect: local:bands race-free
// idiom: f
// Each band worker writes rowsum[r] only for the rows r in its own band [first,last);
// the image is only read by workers, and main reads rowsum after the join loop.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WIDTH  640
#define HEIGHT 480
#define NBANDS 6

struct band {
    const unsigned char *img;
    unsigned long *rowsum;
    int first, last;
};

static void *band_worker(void *arg)
{
    struct band *b = arg;
    int r = b->first;

    while (r < b->last) {
        const unsigned char *row = b->img + (size_t)r * WIDTH;
        unsigned long acc = 0;
        int c = 0;

        while (c < WIDTH)
            acc += row[c++];
        b->rowsum[r] = acc;
        r++;
    }
    return NULL;
}

int main(void)
{
    pthread_t threads[NBANDS];
    struct band bands[NBANDS];
    unsigned char *img;
    unsigned long *rowsum, total = 0, maxrow = 0;
    int i;

    img = malloc((size_t)WIDTH * HEIGHT);
    rowsum = calloc(HEIGHT, sizeof(*rowsum));
    if (img == NULL || rowsum == NULL) {
        perror("malloc");
        return 1;
    }
    for (size_t p = 0; p < (size_t)WIDTH * HEIGHT; p++)
        img[p] = (unsigned char)((p * 31u) ^ (p >> 7));

    for (i = 0; i < NBANDS; i++) {
        bands[i].img = img;
        bands[i].rowsum = rowsum;
        bands[i].first = HEIGHT * i / NBANDS;
        bands[i].last = HEIGHT * (i + 1) / NBANDS;
        if (pthread_create(&threads[i], NULL, band_worker, &bands[i]) != 0) {
            fprintf(stderr, "cannot start band %d\n", i);
            return 1;
        }
    }
    for (i = 0; i < NBANDS; i++)
        pthread_join(threads[i], NULL);

    for (i = 0; i < HEIGHT; i++) {
        total += rowsum[i];
        if (rowsum[i] > maxrow)
            maxrow = rowsum[i];
    }
    printf("image %dx%d: total %lu, brightest row %lu\n", WIDTH, HEIGHT, total, maxrow);
    free(rowsum);
    free(img);
    return 0;
}
