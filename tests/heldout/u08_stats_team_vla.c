// expect: stats race-free
// idiom: a
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define err_abort(code, text) do { \
    fprintf(stderr, "%s at \"%s\":%d: %s\n", \
            text, __FILE__, __LINE__, strerror(code)); \
    abort(); \
    } while (0)

static struct {
    pthread_mutex_t lock;
    long sum;
    long count;
    int min;
} stats = { PTHREAD_MUTEX_INITIALIZER, 0, 0, 1 << 30 };

typedef struct worker_tag {
    pthread_t tid;
    int index;
} worker_t;

static void *sampler(void *arg)
{
    worker_t *self = arg;
    int x = self->index * 37 % 101;

    for (int k = 0; k < 50; k++, x = (x * 17 + 3) % 101) {
        pthread_mutex_lock(&stats.lock);
        stats.sum += x;
        stats.count++;
        if (x < stats.min)
            stats.min = x;
        pthread_mutex_unlock(&stats.lock);
    }
    return NULL;
}

int main(void)
{
    char *s = getenv("NTHREADS");
    int thread_count = s ? atoi(s) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    int status, n;

    if (thread_count < 1)
        thread_count = 1;
    worker_t team[thread_count];

    for (n = 0; n < thread_count; n++) {
        team[n].index = n;
        status = pthread_create(&team[n].tid, NULL, sampler, &team[n]);
        if (status != 0)
            err_abort(status, "Create thread");
    }
    for (n = 0; n < thread_count; n++) {
        status = pthread_join(team[n].tid, NULL);
        if (status != 0)
            err_abort(status, "Join thread");
    }
    printf("count=%ld mean=%.2f min=%d\n", stats.count,
           (double)stats.sum / stats.count, stats.min);
    return 0;
}
