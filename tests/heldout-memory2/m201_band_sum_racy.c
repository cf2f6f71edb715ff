// expect: samples RACE
// expect: local:bands race-free
// race-lines: samples 30 30
// idiom: f
// twin: m201_band_sum.c
// Same band-halving loop, but the band end is computed as an inclusive bound
// (lo + chunk + 1), so neighbouring threads both write the boundary sample.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NSAMPLES    4096
#define MAX_THREADS 16

static double samples[NSAMPLES];

struct band {
    size_t lo;
    size_t hi;          /* exclusive */
    double sum;
};

static void *halve_band(void *arg)
{
    struct band *b = arg;
    double acc = 0.0;
    size_t i;

    for (i = b->lo; i < b->hi; i++) {
        samples[i] *= 0.5;
        acc += samples[i];
    }
    b->sum = acc;
    return NULL;
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 4;
    pthread_t tids[MAX_THREADS];
    struct band bands[MAX_THREADS];
    size_t chunk;
    double total = 0.0;
    int t;

    if (nthreads < 1 || nthreads > MAX_THREADS) {
        fprintf(stderr, "usage: %s [1..%d]\n", argv[0], MAX_THREADS);
        return EXIT_FAILURE;
    }
    for (size_t i = 0; i < NSAMPLES; i++)
        samples[i] = (double)(i % 97);

    chunk = NSAMPLES / (size_t)nthreads;
    for (t = 0; t < nthreads; t++) {
        bands[t].lo = (size_t)t * chunk;
        /* include the last sample of the band */
        bands[t].hi = (t == nthreads - 1) ? NSAMPLES : bands[t].lo + chunk + 1;
        bands[t].sum = 0.0;
        if (pthread_create(&tids[t], NULL, halve_band, &bands[t]) != 0) {
            perror("pthread_create");
            return EXIT_FAILURE;
        }
    }
    for (t = 0; t < nthreads; t++)
        pthread_join(tids[t], NULL);

    for (t = 0; t < nthreads; t++)
        total += bands[t].sum;
    printf("total after halving: %.1f (first %.1f, last %.1f)\n",
           total, samples[0], samples[NSAMPLES - 1]);
    return 0;
}
