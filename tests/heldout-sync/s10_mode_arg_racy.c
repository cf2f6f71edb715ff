// expect: st RACE
// race-lines: st 28 28
// idiom: c
// twin: s10_mode_arg.c
// Same as s10_mode_arg.c, but main feeds its samples with STATS_UNLOCKED after it has created the
// workers, so main's unlocked update of `st` races with the workers' locked updates (same lines in stats_add).
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 4
#define PER_WORKER 1000

enum lock_mode { STATS_UNLOCKED, STATS_LOCKED };

struct stats {
    long n;
    long sum;
    long max;
};

static struct stats st;
static pthread_mutex_t st_lock = PTHREAD_MUTEX_INITIALIZER;

static void stats_add(long v, enum lock_mode mode)
{
    if (mode == STATS_LOCKED)
        pthread_mutex_lock(&st_lock);
    st.n++;
    st.sum += v;
    if (v > st.max)
        st.max = v;
    if (mode == STATS_LOCKED)
        pthread_mutex_unlock(&st_lock);
}

static void *worker(void *arg)
{
    long base = (long)arg * PER_WORKER;

    for (long i = 0; i < PER_WORKER; i++)
        stats_add((base + i) % 997, STATS_LOCKED);
    return NULL;
}

int main(void)
{
    pthread_t tids[NWORKERS];

    for (long i = 0; i < NWORKERS; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i);

    /* main's own samples: no need to lock */
    for (long v = 0; v < 10; v++)
        stats_add(v * 3, STATS_UNLOCKED);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(tids[i], NULL);

    printf("n=%ld sum=%ld max=%ld mean=%.2f\n", st.n, st.sum, st.max,
           (double)st.sum / (double)st.n);
    return 0;
}
