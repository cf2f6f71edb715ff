// deadlock_main_reload.c: A logger thread locks config_lock then journal_lock through lock_both() to write entries, while main, after starting it, reloads the configuration by locking journal_lock then config_lock; main and the logger can each hold one lock and wait for the other.
// expect: journal_bytes race-free
// expect: verbosity race-free
// expect: config_generation race-free
// expect-deadlock: lock order journal_lock -> config_lock -> journal_lock: DEADLOCK
// fixed-twin: deadlock_main_reload_fixed.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t journal_lock = PTHREAD_MUTEX_INITIALIZER;

static int verbosity = 1;      /* guarded by config_lock */
static int config_generation;  /* guarded by config_lock */
static long journal_bytes;     /* guarded by journal_lock */

static void lock_both(void)
{
    pthread_mutex_lock(&config_lock);
    pthread_mutex_lock(&journal_lock);
}

static void unlock_both(void)
{
    pthread_mutex_unlock(&journal_lock);
    pthread_mutex_unlock(&config_lock);
}

static void *logger(void *arg)
{
    (void)arg;
    for (int i = 0; i < 5000; i++) {
        lock_both();
        journal_bytes += 16 * verbosity;
        unlock_both();
    }
    return NULL;
}

int main(void)
{
    pthread_t log_thread;

    pthread_create(&log_thread, NULL, logger, NULL);

    for (int reload = 0; reload < 100; reload++) {
        pthread_mutex_lock(&journal_lock);
        journal_bytes += 32;            /* "config reloaded" marker */
        pthread_mutex_lock(&config_lock);
        verbosity = 1 + reload % 3;
        config_generation++;
        pthread_mutex_unlock(&config_lock);
        pthread_mutex_unlock(&journal_lock);
    }

    pthread_join(log_thread, NULL);
    printf("generation %d, %ld journal bytes\n", config_generation, journal_bytes);
    return 0;
}
