// expect: local:buf race-free
// expect: local:jobs race-free
// idiom: f
// Each worker is handed a pointer into main's heap buffer plus a length and scales
// that chunk in place; the worker count comes from sysconf(_SC_NPROCESSORS_ONLN).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    float  *base;
    size_t  count;
    float   factor;
} ScaleJob;

static void *scaleWorker(void *p)
{
    ScaleJob *job = (ScaleJob *)p;
    float *cur = job->base;
    float *end = job->base + job->count;

    while (cur != end) {
        *cur = *cur * job->factor + 1.0f;
        ++cur;
    }
    return NULL;
}

int main(void)
{
    const size_t total = 10000;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    size_t nWorkers = (ncpu < 1) ? 1 : (ncpu > 8 ? 8 : (size_t)ncpu);
    float *buf = malloc(total * sizeof *buf);
    ScaleJob *jobs = calloc(nWorkers, sizeof *jobs);
    pthread_t *threads = calloc(nWorkers, sizeof *threads);
    size_t offset = 0;
    double check = 0.0;

    if (!buf || !jobs || !threads) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    for (size_t k = 0; k < total; ++k)
        buf[k] = (float)(k % 1000);

    for (size_t w = 0; w < nWorkers; ++w) {
        size_t share = total / nWorkers + (w < total % nWorkers ? 1 : 0);

        jobs[w].base = &buf[offset];
        jobs[w].count = share;
        jobs[w].factor = 2.0f;
        offset += share;
        int rc = pthread_create(&threads[w], NULL, scaleWorker, &jobs[w]);
        if (rc) {
            fprintf(stderr, "pthread_create: %s\n", strerror(rc));
            return 1;
        }
    }
    for (size_t w = 0; w < nWorkers; ++w)
        pthread_join(threads[w], NULL);

    for (size_t k = 0; k < total; ++k)
        check += buf[k];
    printf("%zu workers covered %zu floats, checksum %.0f\n", nWorkers, offset, check);
    free(threads);
    free(jobs);
    free(buf);
    return 0;
}
