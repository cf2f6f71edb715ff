// expect: local:res race-free
// idiom: i
// Each thread allocates its own buffer and its own result struct with xcalloc and
// hands the result back through pthread_join; nothing is shared while they run.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NTHREADS 4
#define NVALUES  4096

struct digest {
    int worker;
    unsigned int min, max;
    unsigned long long sum;
};

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);

    if (p == NULL) {
        perror("calloc");
        exit(EXIT_FAILURE);
    }
    return p;
}

static void *digest_worker(void *arg)
{
    int me = (int)(intptr_t)arg;
    unsigned int seed = 2024u + (unsigned int)me;
    unsigned int *buf = xcalloc(NVALUES, sizeof(*buf));
    struct digest *d = xcalloc(1, sizeof(*d));
    int k = 0;

    while (k < NVALUES)
        buf[k++] = (unsigned int)rand_r(&seed) % 100000u;

    d->worker = me;
    d->min = d->max = buf[0];
    for (k = 0; k < NVALUES; k++) {
        if (buf[k] < d->min)
            d->min = buf[k];
        if (buf[k] > d->max)
            d->max = buf[k];
        d->sum += buf[k];
    }
    free(buf);
    return d;
}

int main(void)
{
    pthread_t th[NTHREADS];
    unsigned long long grand = 0;
    int i, rc;

    for (i = 0; i < NTHREADS; i++) {
        rc = pthread_create(&th[i], NULL, digest_worker, (void *)(intptr_t)i);
        if (rc != 0) {
            fprintf(stderr, "pthread_create: error %d\n", rc);
            return 1;
        }
    }
    for (i = 0; i < NTHREADS; i++) {
        void *res;

        rc = pthread_join(th[i], &res);
        if (rc != 0 || res == NULL) {
            fprintf(stderr, "worker %d failed\n", i);
            return 1;
        }
        struct digest *d = res;

        printf("worker %d: min %u max %u sum %llu\n", d->worker, d->min, d->max, d->sum);
        grand += d->sum;
        free(d);
    }
    printf("grand total %llu\n", grand);
    return 0;
}
