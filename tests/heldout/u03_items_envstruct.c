// expect: processed race-free
// expect: max_seen race-free
// idiom: a
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct worker {
    pthread_t tid;
    int id;
    int nitems;
};

static int processed;
static int max_seen;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    int local_max = 0;

    for (int j = 0; j < w->nitems; j++) {
        int v = (w->id * 7919 + j * 31) % 1000;
        if (v > local_max)
            local_max = v;
    }
    pthread_mutex_lock(&lock);
    processed += w->nitems;
    if (local_max > max_seen)
        max_seen = local_max;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void)
{
    const char *env = getenv("WORKERS");
    int count = env ? atoi(env) : 2;
    struct worker *workers;
    int rc;

    if (count <= 0)
        count = 1;
    workers = calloc(count, sizeof(struct worker));
    if (!workers) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (int i = 0; i < count; i++) {
        workers[i].id = i;
        workers[i].nitems = 1000 + i;
        rc = pthread_create(&workers[i].tid, NULL, worker_main, &workers[i]);
        if (rc != 0) {
            fprintf(stderr, "worker %d: %s\n", i, strerror(rc));
            return 1;
        }
    }
    for (int i = 0; i < count; i++) {
        rc = pthread_join(workers[i].tid, NULL);
        if (rc != 0) {
            fprintf(stderr, "join %d: %s\n", i, strerror(rc));
            return 1;
        }
    }
    printf("processed=%d max=%d\n", processed, max_seen);
    free(workers);
    return 0;
}
