// expect: samples race-free
// expect: local:tasks race-free
// idiom: a
// Finds the maximum and the number of even entries of a heap array, one task per
// online CPU (sysconf); handles are malloc'ed and joined by a for loop counting down.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define NSAMPLES 20000

static int *samples;

struct scan_task {
    size_t begin, end;
    int max;
    size_t evens;
};

static void *scan_range(void *p)
{
    struct scan_task *t = p;
    int best = samples[t->begin];
    size_t ev = 0;

    for (size_t k = t->begin; k < t->end; ++k) {
        if (samples[k] > best)
            best = samples[k];
        if ((samples[k] & 1) == 0)
            ev++;
    }
    t->max = best;
    t->evens = ev;
    return NULL;
}

static long online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    if (n < 1)
        n = 1;
    if (n > 64)
        n = 64;
    return n;
}

int main(void)
{
    long ncpu = online_cpus();
    pthread_t *handles;
    struct scan_task *tasks;
    unsigned seed = 12345u;
    size_t evens = 0;
    int max;
    long i;

    samples = malloc(NSAMPLES * sizeof *samples);
    handles = calloc((size_t)ncpu, sizeof *handles);
    tasks = calloc((size_t)ncpu, sizeof *tasks);
    if (!samples || !handles || !tasks) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    for (size_t k = 0; k < NSAMPLES; ++k) {
        seed = seed * 1103515245u + 12345u;
        samples[k] = (int)((seed >> 16) % 100000u);
    }

    for (i = 0; i < ncpu; ++i) {
        tasks[i].begin = (size_t)i * NSAMPLES / (size_t)ncpu;
        tasks[i].end = (size_t)(i + 1) * NSAMPLES / (size_t)ncpu;
        if (pthread_create(&handles[i], NULL, scan_range, &tasks[i]) != 0) {
            fprintf(stderr, "cannot start scanner %ld\n", i);
            return 1;
        }
    }
    for (i = ncpu - 1; i >= 0; --i)
        pthread_join(handles[i], NULL);

    max = tasks[0].max;
    for (i = 0; i < ncpu; ++i) {
        if (tasks[i].max > max)
            max = tasks[i].max;
        evens += tasks[i].evens;
    }
    printf("%ld scanners: max=%d evens=%zu\n", ncpu, max, evens);

    free(tasks);
    free(handles);
    free(samples);
    return 0;
}
