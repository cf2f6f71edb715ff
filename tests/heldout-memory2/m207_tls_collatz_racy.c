// expect: tls_steps RACE
// expect: steps_out race-free
// expect: local:ids race-free
// race-lines: tls_steps 23 23
// idiom: g
// twin: m207_tls_collatz.c
// Same Collatz counting, but the _Thread_local qualifier on the step counter was
// dropped, so every thread increments one shared tls_steps.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NTHREADS 4
#define SPAN     20000UL

static unsigned long tls_steps;
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
