// expect: ntasks race-free
// expect: next_task race-free
// expect: bytes_total race-free
// idiom: b
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pool { pthread_t *threads; size_t nthreads; };

struct config { size_t pool_size; int ntasks; };

static int ntasks;
static int next_task;
static unsigned long bytes_total;
static pthread_mutex_t pool_mutex = PTHREAD_MUTEX_INITIALIZER;

static void *pool_worker(void *arg)
{
    (void)arg;
    while (1) {
        pthread_mutex_lock(&pool_mutex);
        int t = next_task++;
        pthread_mutex_unlock(&pool_mutex);
        if (t >= ntasks)
            break;
        pthread_mutex_lock(&pool_mutex);
        bytes_total += (unsigned long)(t % 17) * 512;
        pthread_mutex_unlock(&pool_mutex);
    }
    return NULL;
}

static int start_pool(struct pool *p, size_t n)
{
    p->nthreads = 0;
    p->threads = calloc(n, sizeof(pthread_t));
    if (p->threads == NULL)
        return -1;
    for (; p->nthreads < n; p->nthreads++) {
        int rc = pthread_create(&p->threads[p->nthreads], NULL, pool_worker, NULL);
        if (rc != 0) {
            fprintf(stderr, "start_pool: %s\n", strerror(rc));
            return -1;
        }
    }
    return 0;
}

static void stop_pool(struct pool *p)
{
    for (size_t i = 0; i < p->nthreads; i++) {
        int rc = pthread_join(p->threads[i], NULL);
        if (rc != 0) {
            fprintf(stderr, "stop_pool: %s\n", strerror(rc));
            abort();
        }
    }
    free(p->threads);
}

int main(void)
{
    const char *s = getenv("POOL_SIZE"), *t = getenv("POOL_TASKS");
    struct config cfg = { s ? strtoul(s, NULL, 10) : 4, t ? atoi(t) : 1000 };
    struct pool pool;

    if (cfg.pool_size == 0)
        cfg.pool_size = 1;
    ntasks = cfg.ntasks;
    if (start_pool(&pool, cfg.pool_size) != 0) {
        stop_pool(&pool);
        return 1;
    }
    stop_pool(&pool);
    printf("%d tasks claimed, %lu bytes\n", next_task, bytes_total);
    return 0;
}
