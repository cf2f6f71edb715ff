// expect: prime_counts race-free
// expect: local:work race-free
// idiom: g
// Each worker counts primes in its own range and stores the count in
// prime_counts[w->index], the creation-loop index; main adds the slots after joining.
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 16
#define LIMIT       200000L

static long prime_counts[MAX_WORKERS];

struct work {
    int index;
    long from, to;
};

static bool is_prime(long n)
{
    if (n < 2)
        return false;
    for (long d = 2; d * d <= n; d++)
        if (n % d == 0)
            return false;
    return true;
}

static void *count_primes(void *arg)
{
    const struct work *w = arg;
    long found = 0;

    for (long n = w->from; n < w->to; n++)
        if (is_prime(n))
            found++;
    prime_counts[w->index] = found;
    return NULL;
}

int main(int argc, char **argv)
{
    int nw = (argc > 1) ? atoi(argv[1]) : 4;
    pthread_t tid[MAX_WORKERS];
    struct work work[MAX_WORKERS];
    long total = 0;

    if (nw <= 0 || nw > MAX_WORKERS)
        nw = 4;
    for (int i = 0; i < nw; i++) {
        work[i].index = i;
        work[i].from = i * LIMIT / nw;
        work[i].to = (i + 1) * LIMIT / nw;
        if (pthread_create(&tid[i], NULL, count_primes, &work[i]) != 0) {
            fprintf(stderr, "pthread_create failed for worker %d\n", i);
            return 1;
        }
    }
    for (int i = 0; i < nw; i++)
        pthread_join(tid[i], NULL);
    for (int i = 0; i < nw; i++) {
        printf("worker %d: %ld primes\n", i, prime_counts[i]);
        total += prime_counts[i];
    }
    printf("total primes below %ld: %ld\n", LIMIT, total);
    return 0;
}
