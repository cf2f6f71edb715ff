// expect: found RACE
// expect: span race-free
// expect: live race-free
// expect: live_lock race-free
// expect: all_done race-free
// race-lines: found 44 80
// idiom: c
// twin: l210_live_counter_cond.c
// Prime counting with detached workers and a live counter + condvar. Bug: a worker
// decrements the counter and signals before storing found[slot], so main may read it early.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned *found;
static unsigned span = 5000;
static int live;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_done = PTHREAD_COND_INITIALIZER;

static int is_prime(unsigned v)
{
    if (v < 2)
        return 0;
    for (unsigned d = 2; d * d <= v; d++)
        if (v % d == 0)
            return 0;
    return 1;
}

static void *prime_worker(void *arg)
{
    uintptr_t slot = (uintptr_t)arg;
    unsigned lo = (unsigned)slot * span, hi = lo + span, count = 0;

    for (unsigned v = lo; v < hi; v++)
        count += (unsigned)is_prime(v);

    pthread_mutex_lock(&live_lock);
    if (--live == 0)
        pthread_cond_broadcast(&all_done);
    pthread_mutex_unlock(&live_lock);
    found[slot] = count;
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    pthread_attr_t attr;
    unsigned total = 0;

    if (n <= 0 || n > 128)
        n = 4;
    if (argc > 2 && atoi(argv[2]) > 0)
        span = (unsigned)atoi(argv[2]);
    found = calloc((size_t)n, sizeof *found);
    if (found == NULL)
        return 1;

    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    live = n;
    for (int i = 0; i < n; i++) {
        pthread_t t;
        if (pthread_create(&t, &attr, prime_worker, (void *)(uintptr_t)i) != 0) {
            perror("pthread_create");
            exit(1);
        }
    }
    pthread_attr_destroy(&attr);

    pthread_mutex_lock(&live_lock);
    while (live > 0)
        pthread_cond_wait(&all_done, &live_lock);
    pthread_mutex_unlock(&live_lock);

    for (int i = 0; i < n; i++)
        total += found[i];
    printf("primes below %u: %u\n", (unsigned)n * span, total);
    free(found);
    return 0;
}
