// expect: area race-free
// expect: nparts race-free
// idiom: b
// Midpoint-rule estimate of pi: spawn_all() starts one thread per slice of [0,1],
// join_all() waits for them, and main adds up the slice areas afterwards.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define STEPS_PER_PART 100000

static double *area;
static size_t nparts;

static void *integrate_part(void *arg)
{
    size_t part = (size_t)(uintptr_t)arg;
    double width = 1.0 / (double)(nparts * STEPS_PER_PART);
    double x0 = (double)part / (double)nparts;
    double acc = 0.0;

    for (int s = 0; s < STEPS_PER_PART; s++) {
        double x = x0 + (s + 0.5) * width;
        acc += 4.0 / (1.0 + x * x);
    }
    area[part] = acc * width;
    return NULL;
}

static size_t spawn_all(pthread_t *tids, size_t n, void *(*fn)(void *))
{
    size_t i;

    for (i = 0; i < n; i++)
        if (pthread_create(&tids[i], NULL, fn, (void *)(uintptr_t)i) != 0)
            break;
    return i;
}

static void join_all(pthread_t *tids, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int err = pthread_join(tids[i], NULL);
        if (err)
            fprintf(stderr, "join %zu: error %d\n", i, err);
    }
}

int main(int argc, char *argv[])
{
    pthread_t *tids;
    size_t started;
    double pi = 0.0;

    nparts = (argc > 1) ? strtoul(argv[1], NULL, 10) : 4;
    if (nparts == 0 || nparts > 256)
        nparts = 4;

    area = calloc(nparts, sizeof *area);
    tids = malloc(nparts * sizeof *tids);
    if (area == NULL || tids == NULL)
        return 1;

    started = spawn_all(tids, nparts, integrate_part);
    join_all(tids, started);
    if (started != nparts) {
        fprintf(stderr, "only %zu of %zu threads started\n", started, nparts);
        return 1;
    }

    for (size_t i = 0; i < nparts; i++)
        pi += area[i];
    printf("pi ~= %.10f using %zu threads\n", pi, nparts);

    free(tids);
    free(area);
    return 0;
}
