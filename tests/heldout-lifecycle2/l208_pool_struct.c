// expect: local:pool race-free
// idiom: b
// A tiny fixed pool: pool_start() creates pool.size threads whose handles are kept
// in the pool struct, pool_wait() joins them; each thread squares one slice of pool.in.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct pool;

struct job {
    struct pool *owner;
    size_t index;
};

struct pool {
    size_t size;
    size_t len;
    pthread_t *threads;
    struct job *jobs;
    long *in;
    long *out;
};

static void *pool_worker(void *arg)
{
    struct job *job = arg;
    struct pool *p = job->owner;
    size_t lo = p->len * job->index / p->size;
    size_t hi = p->len * (job->index + 1) / p->size;

    for (size_t i = lo; i < hi; i++)
        p->out[i] = p->in[i] * p->in[i];
    return NULL;
}

static int pool_init(struct pool *p, size_t size, size_t len)
{
    p->size = size;
    p->len = len;
    p->threads = calloc(size, sizeof *p->threads);
    p->jobs = calloc(size, sizeof *p->jobs);
    p->in = calloc(len, sizeof *p->in);
    p->out = calloc(len, sizeof *p->out);
    return (p->threads && p->jobs && p->in && p->out) ? 0 : -1;
}

static void pool_start(struct pool *p)
{
    for (size_t i = 0; i < p->size; i++) {
        p->jobs[i].owner = p;
        p->jobs[i].index = i;
        if (pthread_create(&p->threads[i], NULL, pool_worker, &p->jobs[i]) != 0) {
            perror("pool_start");
            exit(EXIT_FAILURE);
        }
    }
}

static void pool_wait(struct pool *p)
{
    for (size_t i = 0; i < p->size; i++)
        pthread_join(p->threads[i], NULL);
    free(p->threads);
    free(p->jobs);
    p->threads = NULL;
    p->jobs = NULL;
}

int main(int argc, char **argv)
{
    struct pool pool;
    long n = argc > 1 ? strtol(argv[1], NULL, 0) : 3;
    long check = 0;

    if (n < 1 || n > 64)
        n = 3;
    if (pool_init(&pool, (size_t)n, 1000) != 0) {
        fputs("pool_init: out of memory\n", stderr);
        return 1;
    }
    for (size_t i = 0; i < pool.len; i++)
        pool.in[i] = (long)i - 500;

    pool_start(&pool);
    pool_wait(&pool);

    for (size_t i = 0; i < pool.len; i++)
        check += pool.out[i];
    printf("%zu threads: sum of squares = %ld\n", pool.size, check);

    free(pool.in);
    free(pool.out);
    return 0;
}
