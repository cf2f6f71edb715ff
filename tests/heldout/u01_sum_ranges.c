// expect: total race-free
// idiom: a
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long total = 0;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct {
    int id;
    long lo, hi;
} range_t;

static void *sum_range(void *arg)
{
    range_t *r = arg;
    long part = 0;

    for (long k = r->lo; k < r->hi; k++)
        part += k;
    pthread_mutex_lock(&total_lock);
    total += part;
    pthread_mutex_unlock(&total_lock);
    return NULL;
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 4;
    long n = argc > 2 ? atol(argv[2]) : 1000000;
    int i, rc;

    if (nthreads < 1 || nthreads > 256) {
        fprintf(stderr, "usage: %s [nthreads 1..256] [n]\n", argv[0]);
        return 1;
    }
    pthread_t thr[nthreads];
    range_t ranges[nthreads];

    /* create threads */
    for (i = 0; i < nthreads; ++i) {
        ranges[i].id = i;
        ranges[i].lo = n * i / nthreads;
        ranges[i].hi = n * (i + 1) / nthreads;
        if ((rc = pthread_create(&thr[i], NULL, sum_range, &ranges[i]))) {
            fprintf(stderr, "error: pthread_create, rc: %d\n", rc);
            return EXIT_FAILURE;
        }
    }
    /* block until all threads complete */
    for (i = 0; i < nthreads; ++i) {
        if ((rc = pthread_join(thr[i], NULL))) {
            fprintf(stderr, "error: pthread_join, rc: %d\n", rc);
            return EXIT_FAILURE;
        }
    }
    printf("sum of [0,%ld) = %ld\n", n, total);
    return 0;
}
