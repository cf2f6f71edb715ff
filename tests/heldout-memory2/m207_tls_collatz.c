// expect: tls_steps race-free
// expect: steps_out race-free
// expect: local:ids race-free
// idiom: g
// Collatz step counting: a helper bumps a _Thread_local counter, and each thread
// copies its private total into steps_out[*id] before exiting; main sums the slots.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NTHREADS 4
#define SPAN     20000UL

static _Thread_local unsigned long tls_steps;
static unsigned long steps_out[NTHREADS];

static void collatz_walk(unsigned long n)
{
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        tls_steps++;
    }
}

static void *run_span(void *arg)
{
    const int *id = arg;
    unsigned long start = 1 + (unsigned long)*id * SPAN;

    for (unsigned long n = start; n < start + SPAN; n++)
        collatz_walk(n);
    steps_out[*id] = tls_steps;
    return NULL;
}

int main(void)
{
    pthread_t th[NTHREADS];
    int ids[NTHREADS];
    unsigned long grand = 0;

    for (int k = 0; k < NTHREADS; k++) {
        ids[k] = k;
        if (pthread_create(&th[k], NULL, run_span, &ids[k])) {
            fputs("thread creation failed\n", stderr);
            return EXIT_FAILURE;
        }
    }
    for (int k = 0; k < NTHREADS; k++) {
        if (pthread_join(th[k], NULL)) {
            fputs("join failed\n", stderr);
            return EXIT_FAILURE;
        }
    }
    for (int k = 0; k < NTHREADS; k++) {
        printf("span %d: %lu steps\n", k, steps_out[k]);
        grand += steps_out[k];
    }
    printf("all spans: %lu steps\n", grand);
    return EXIT_SUCCESS;
}
