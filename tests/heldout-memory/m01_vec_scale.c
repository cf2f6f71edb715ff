// expect: samples race-free
// idiom: f
// twin: m01_vec_scale_racy.c
// Each worker rescales only its own contiguous chunk samples[lo..hi) of the global
// array; main reads the whole array only after joining every worker.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NSAMPLES 4096
#define NWORKERS 4

static double samples[NSAMPLES];
#define GAIN   0.5
#define OFFSET 1.25

static void chunk_bounds(int id, int *lo, int *hi)
{
    int chunk = NSAMPLES / NWORKERS;

    *lo = id * chunk;
    *hi = (id == NWORKERS - 1) ? NSAMPLES : *lo + chunk;
}

static void *scale_worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    int lo, hi;

    chunk_bounds(id, &lo, &hi);
    for (int k = lo; k < hi; k++)
        samples[k] = samples[k] * GAIN + OFFSET;
    return NULL;
}

int main(void)
{
    pthread_t tids[NWORKERS];
    double sum = 0.0;
    int i, rc;

    for (i = 0; i < NSAMPLES; i++)
        samples[i] = (double)(i % 97);

    for (i = 0; i < NWORKERS; i++) {
        rc = pthread_create(&tids[i], NULL, scale_worker, (void *)(intptr_t)i);
        if (rc != 0) {
            fprintf(stderr, "pthread_create failed: %d\n", rc);
            exit(EXIT_FAILURE);
        }
    }
    for (i = 0; i < NWORKERS; i++)
        pthread_join(tids[i], NULL);

    for (i = 0; i < NSAMPLES; i++)
        sum += samples[i];
    printf("scaled %d samples, sum = %.2f\n", NSAMPLES, sum);
    return 0;
}
