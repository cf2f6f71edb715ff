// deadlock_compactor_trylock_fixed.c: The writer locks index_lock then data_lock through lock_both(); the compactor locks data_lock and only tries index_lock with pthread_mutex_trylock, releasing data_lock and retrying when it is busy, so the compactor never blocks while holding a lock and no deadlock is possible (the retry loop can spin, but never blocks).
// expect: data_records race-free
// expect: index_entries race-free
// expect: dead_records race-free
// racy-twin: deadlock_compactor_trylock.c
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

static pthread_mutex_t index_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t data_lock = PTHREAD_MUTEX_INITIALIZER;

static int index_entries;   /* guarded by index_lock */
static int data_records;    /* guarded by data_lock */
static int dead_records;    /* guarded by data_lock */

static void lock_both(void)
{
    pthread_mutex_lock(&index_lock);
    pthread_mutex_lock(&data_lock);
}

static void *writer(void *arg)
{
    (void)arg;
    for (int i = 0; i < 1000; i++) {
        lock_both();
        data_records++;
        index_entries++;
        if (i % 4 == 0)
            dead_records++;
        pthread_mutex_unlock(&data_lock);
        pthread_mutex_unlock(&index_lock);
    }
    return NULL;
}

static void *compactor(void *arg)
{
    (void)arg;
    for (int pass = 0; pass < 100; pass++) {
        for (;;) {
            pthread_mutex_lock(&data_lock);
            if (pthread_mutex_trylock(&index_lock) == 0)
                break;                  /* holding both */
            pthread_mutex_unlock(&data_lock);
            sched_yield();              /* back off and retry */
        }
        data_records -= dead_records;
        index_entries -= dead_records;
        dead_records = 0;
        pthread_mutex_unlock(&index_lock);
        pthread_mutex_unlock(&data_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t w, c;

    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&c, NULL, compactor, NULL);
    pthread_join(w, NULL);
    pthread_join(c, NULL);
    printf("%d records, %d index entries\n", data_records, index_entries);
    return 0;
}
