// expect: stats_key race-free
// expect: key_once race-free
// expect: collected race-free
// idiom: g
// Per-thread statistics kept behind a pthread key (created once with pthread_once);
// record() finds the caller's block with pthread_getspecific, and each thread parks
// its block pointer in collected[id] so main can print and free them after joining.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ERR_EXIT(msg) do { perror(msg); exit(EXIT_FAILURE); } while (0)
#define NWORKERS 5

typedef struct tstats {
    unsigned long calls;
    long min, max;
} tstats_t;

static pthread_key_t stats_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static tstats_t *collected[NWORKERS];

static void make_key(void)
{
    if (pthread_key_create(&stats_key, NULL) != 0)
        ERR_EXIT("pthread_key_create");
}

static void record(long v)
{
    tstats_t *st = pthread_getspecific(stats_key);

    if (st->calls == 0 || v < st->min) st->min = v;
    if (st->calls == 0 || v > st->max) st->max = v;
    st->calls++;
}

static void *worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    tstats_t *st;
    unsigned seed = 1234u + (unsigned)id;

    pthread_once(&key_once, make_key);
    if ((st = calloc(1, sizeof *st)) == NULL)
        ERR_EXIT("calloc");
    pthread_setspecific(stats_key, st);

    for (int k = 0; k < 1000; k++) {
        seed = seed * 1103515245u + 12345u;
        record((long)(seed >> 16) % 1000 - 500);
    }
    collected[id] = pthread_getspecific(stats_key);
    pthread_setspecific(stats_key, NULL);
    return NULL;
}

int main(void)
{
    pthread_t tid[NWORKERS];
    int i;

    for (i = 0; i < NWORKERS; i++)
        if (pthread_create(&tid[i], NULL, worker, (void *)(intptr_t)i) != 0)
            ERR_EXIT("pthread_create");
    for (i = 0; i < NWORKERS; i++)
        if (pthread_join(tid[i], NULL) != 0)
            ERR_EXIT("pthread_join");

    for (i = 0; i < NWORKERS; i++) {
        printf("worker %d: %lu calls, min %ld, max %ld\n", i,
               collected[i]->calls, collected[i]->min, collected[i]->max);
        free(collected[i]);
    }
    return 0;
}
