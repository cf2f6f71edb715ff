// expect: samples RACE
// expect: edge_jump race-free
// race-lines: samples 37 40
// idiom: f
// twin: m01_vec_scale.c
// Race: after its own chunk each worker peeks at samples[hi], the first element of
// the next worker's chunk, while that worker may be rewriting it.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NSAMPLES 4096
#define NWORKERS 4

static double samples[NSAMPLES];
#define GAIN   0.5
#define OFFSET 1.25
static double edge_jump[NWORKERS];

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
    double next;

    chunk_bounds(id, &lo, &hi);
    for (int k = lo; k < hi; k++)
        samples[k] = samples[k] * GAIN + OFFSET;
    /* check continuity with the neighbouring chunk */
    if (hi < NSAMPLES) {
        next = samples[hi];
        edge_jump[id] = next - samples[hi - 1];
    }
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
    for (i = 0; i < NWORKERS - 1; i++)
        printf("edge %d: jump %.2f\n", i, edge_jump[i]);
    return 0;
}
