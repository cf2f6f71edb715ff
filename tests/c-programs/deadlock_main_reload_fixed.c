// deadlock_main_reload_fixed.c: A logger thread and main, which reloads the configuration after starting the logger, both take config_lock then journal_lock through lock_both(), so main and the logger always lock in the same order and cannot wait for each other.
// expect: journal_bytes race-free
// expect: verbosity race-free
// expect: config_generation race-free
// racy-twin: deadlock_main_reload.c
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
        lock_both();
        journal_bytes += 32;            /* "config reloaded" marker */
        verbosity = 1 + reload % 3;
        config_generation++;
        unlock_both();
    }

    pthread_join(log_thread, NULL);
    printf("generation %d, %ld journal bytes\n", config_generation, journal_bytes);
    return 0;
}
