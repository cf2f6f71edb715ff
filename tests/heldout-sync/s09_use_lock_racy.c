// expect: nthreads race-free
// expect: counts RACE
// expect: local:ids race-free
// race-lines: counts 34 34
// idiom: c
// twin: s09_use_lock.c
// Same as s09_use_lock.c, but `need_lock` is false for thread 0 (it assumes it runs before the others
// start), so its unlocked counts[b]++ races with the locked counts[b]++ of the other workers (same line).
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define NBUCKETS 8
#define NITEMS 4000
#define MAX_THREADS 8

static int nthreads;
static long counts[NBUCKETS];
static pthread_mutex_t counts_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    int id = *(int *)arg;
    /* worker 0 is started first and does not need the lock */
    const bool need_lock = nthreads > 1 && id != 0;

    for (int i = id; i < NITEMS; i += nthreads) {
        unsigned h = (unsigned)i * 2654435761U;
        int b = (int)(h >> 29) % NBUCKETS;

        if (need_lock)
            pthread_mutex_lock(&counts_lock);
        counts[b]++;
        if (need_lock)
            pthread_mutex_unlock(&counts_lock);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[MAX_THREADS];
    int ids[MAX_THREADS];
    long sum = 0;

    nthreads = argc > 1 ? atoi(argv[1]) : 4;
    if (nthreads < 1 || nthreads > MAX_THREADS)
        nthreads = 4;

    for (int i = 0; i < nthreads; i++) {
        ids[i] = i;
        pthread_create(&tids[i], NULL, worker, &ids[i]);
    }
    for (int i = 0; i < nthreads; i++)
        pthread_join(tids[i], NULL);

    for (int b = 0; b < NBUCKETS; b++) {
        printf("bucket %d: %ld\n", b, counts[b]);
        sum += counts[b];
    }
    printf("sum = %ld\n", sum);
    return 0;
}
