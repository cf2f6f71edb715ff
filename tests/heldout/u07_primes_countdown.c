// expect: limit race-free
// expect: next_candidate race-free
// expect: primes_found race-free
// idiom: a
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int num_threads;
static long limit = 100000;
static long next_candidate = 2;
static size_t primes_found;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;

static int is_prime(long v)
{
    for (long d = 2; d * d <= v; d++)
        if (v % d == 0)
            return 0;
    return v >= 2;
}

static void *prime_worker(void *unused)
{
    (void)unused;
    for (;;) {
        long v;
        pthread_mutex_lock(&queue_lock);
        v = next_candidate++;
        pthread_mutex_unlock(&queue_lock);
        if (v > limit)
            break;
        if (is_prime(v)) {
            pthread_mutex_lock(&queue_lock);
            primes_found++;
            pthread_mutex_unlock(&queue_lock);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t *pool;
    char *end;
    int i, rc;

    if (argc < 2) {
        fprintf(stderr, "usage: %s NTHREADS [LIMIT]\n", argv[0]);
        return 1;
    }
    errno = 0;
    num_threads = (int)strtol(argv[1], &end, 10);
    if (errno != 0 || *end != '\0' || num_threads <= 0) {
        fprintf(stderr, "bad thread count '%s'\n", argv[1]);
        return 1;
    }
    if (argc > 2)
        limit = atol(argv[2]);

    pool = malloc(sizeof(pthread_t) * num_threads);
    if (pool == NULL) { perror("malloc"); return 1; }
    for (i = num_threads - 1; i >= 0; --i)
        if ((rc = pthread_create(&pool[i], NULL, prime_worker, NULL)) != 0) {
            fprintf(stderr, "pthread_create: %s\n", strerror(rc));
            exit(1);
        }
    for (i = num_threads - 1; i >= 0; --i)
        if ((rc = pthread_join(pool[i], NULL)) != 0) {
            fprintf(stderr, "pthread_join: %s\n", strerror(rc));
            exit(1);
        }
    printf("%zu primes <= %ld (next=%ld)\n", primes_found, limit, next_candidate);
    free(pool);
    return 0;
}
