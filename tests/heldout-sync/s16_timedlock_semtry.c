// expect: cache race-free
// expect: total_skipped race-free
// expect: total_timeouts race-free
// idiom: e
// Workers refresh a shared `cache` only when `sem_trywait(&cache_token) == 0` (a binary semaphore used as
// a lock), and add their counters to totals under pthread_mutex_timedlock, retrying on ETIMEDOUT.
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

#define NWORKERS 4
#define ITERS 3000

struct cache_state {
    unsigned long refreshes;
    unsigned long checksum;
    int last_writer;
};

static sem_t cache_token;
static struct cache_state cache;
static pthread_mutex_t totals_lock = PTHREAD_MUTEX_INITIALIZER;
static long total_skipped, total_timeouts;

static int lock_totals(long *timeouts)
{
    for (;;) {
        struct timespec ts;
        int rc;

        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        rc = pthread_mutex_timedlock(&totals_lock, &ts);
        if (rc == 0)
            return 0;
        if (rc != ETIMEDOUT)
            return rc;
        (*timeouts)++;
    }
}

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    long skipped = 0, timeouts = 0;

    for (int i = 0; i < ITERS; i++) {
        if (sem_trywait(&cache_token) == 0) {
            cache.refreshes++;
            cache.checksum = cache.checksum * 31 + (unsigned long)(id * ITERS + i);
            cache.last_writer = id;
            sem_post(&cache_token);
        } else {
            skipped++;
        }
    }

    if (lock_totals(&timeouts) != 0)
        return NULL;
    total_skipped += skipped;
    total_timeouts += timeouts;
    pthread_mutex_unlock(&totals_lock);
    return NULL;
}

int main(void)
{
    pthread_t tids[NWORKERS];

    if (sem_init(&cache_token, 0, 1) != 0) {
        perror("sem_init");
        return 1;
    }
    for (long i = 0; i < NWORKERS; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(tids[i], NULL);

    printf("refreshes=%lu skipped=%ld (sum %ld) timeouts=%ld last=%d\n", cache.refreshes,
           total_skipped, (long)cache.refreshes + total_skipped, total_timeouts,
           cache.last_writer);
    sem_destroy(&cache_token);
    return 0;
}
