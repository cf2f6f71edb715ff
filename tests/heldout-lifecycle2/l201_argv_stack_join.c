// expect: partial race-free
// expect: nthreads race-free
// idiom: a
// Sums 1..TOTAL in slices; the worker count comes from argv[1], the handles
// live in a stack array and a counting-up for loop joins every one of them.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 32
#define TOTAL 200000L

static long partial[MAX_THREADS];
static int nthreads = 4;

static void *sum_slice(void *arg)
{
    int id = (int)(intptr_t)arg;
    long chunk = TOTAL / nthreads;
    long lo = id * chunk + 1;
    long hi = (id == nthreads - 1) ? TOTAL : lo + chunk - 1;
    long acc = 0;

    for (long v = lo; v <= hi; v++)
        acc += v;
    partial[id] = acc;
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[MAX_THREADS];
    long total = 0;
    const long expected = TOTAL * (TOTAL + 1) / 2;
    int i;

    if (argc > 1)
        nthreads = atoi(argv[1]);
    if (nthreads < 1 || nthreads > MAX_THREADS) {
        fprintf(stderr, "usage: %s [1..%d]\n", argv[0], MAX_THREADS);
        return 1;
    }

    for (i = 0; i < nthreads; i++) {
        int rc = pthread_create(&tids[i], NULL, sum_slice, (void *)(intptr_t)i);
        if (rc != 0) {
            fprintf(stderr, "pthread_create failed (%d)\n", rc);
            exit(1);
        }
    }

    for (i = 0; i < nthreads; i++)
        pthread_join(tids[i], NULL);

    for (i = 0; i < nthreads; i++)
        total += partial[i];

    printf("sum(1..%ld) = %ld, expected %ld\n", TOTAL, total, expected);
    return total == expected ? 0 : 1;
}
