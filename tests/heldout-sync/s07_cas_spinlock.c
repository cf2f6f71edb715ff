// expect: spin race-free
// expect: hist race-free
// expect: total race-free
// idiom: b
// twin: s07_cas_spinlock_racy.c
// A hand-written spin lock (__sync_bool_compare_and_swap to take it, __sync_lock_release to drop it)
// protects a histogram and its `total`; a data-dependent number of threads hash values into it.
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#define NBINS 16
#define PER_THREAD 2000
#define MAX_THREADS 8

static int spin; /* 0 = free, 1 = held */
static unsigned long hist[NBINS];
static unsigned long total;

static void spin_lock(int *l)
{
    while (!__sync_bool_compare_and_swap(l, 0, 1)) {
        while (__atomic_load_n(l, __ATOMIC_RELAXED))
            sched_yield();
    }
}

static void spin_unlock(int *l)
{
    __sync_lock_release(l);
}

static unsigned hash32(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    return x;
}

static void *worker(void *arg)
{
    unsigned seed = (unsigned)(long)arg * 7919U + 1U;

    for (int i = 0; i < PER_THREAD; i++) {
        unsigned v = hash32(seed + (unsigned)i);

        spin_lock(&spin);
        hist[v % NBINS]++;
        total++;
        spin_unlock(&spin);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[MAX_THREADS];
    int n = argc > 1 ? atoi(argv[1]) : 3;

    if (n < 1 || n > MAX_THREADS)
        n = 3;
    for (long i = 0; i < n; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i);
    for (int i = 0; i < n; i++)
        pthread_join(tids[i], NULL);

    for (int b = 0; b < NBINS; b++)
        printf("bin %2d: %lu\n", b, hist[b]);
    printf("total: %lu\n", total);
    return 0;
}
