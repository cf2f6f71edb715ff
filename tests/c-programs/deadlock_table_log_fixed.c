// deadlock_table_log_fixed.c: Updater threads change a symbol table and, still holding table_lock, call notify() which takes log_lock; the flusher takes the pending batch and releases log_lock before it calls table_size(), so table_lock is never wanted while log_lock is held and no cycle can form.
// expect: rand() state race-free
// expect: heap@deadlock_table_log_fixed.c:73 race-free
// expect: symbols race-free
// expect: log_written race-free
// expect: log_pending race-free
// racy-twin: deadlock_table_log.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static int symbols;        /* guarded by table_lock */
static int log_pending;    /* guarded by log_lock */
static long log_written;   /* guarded by log_lock */

static void notify(void)
{
    pthread_mutex_lock(&log_lock);
    log_pending++;
    pthread_mutex_unlock(&log_lock);
}

static int table_size(void)
{
    pthread_mutex_lock(&table_lock);
    int n = symbols;
    pthread_mutex_unlock(&table_lock);
    return n;
}

static void *updater(void *arg)
{
    (void)arg;
    for (int i = 0; i < 300; i++) {
        pthread_mutex_lock(&table_lock);
        symbols++;
        notify();               /* called with table_lock held */
        pthread_mutex_unlock(&table_lock);
    }
    return NULL;
}

static void *flusher(void *arg)
{
    (void)arg;
    for (int i = 0; i < 300; i++) {
        pthread_mutex_lock(&log_lock);
        int batch = log_pending;
        log_pending = 0;
        pthread_mutex_unlock(&log_lock);
        if (batch > 0) {
            /* stamp the batch with the table size; log_lock is not held
               here, because updaters take log_lock under table_lock */
            int size = table_size();
            pthread_mutex_lock(&log_lock);
            log_written += batch + size;
            pthread_mutex_unlock(&log_lock);
        }
    }
    return NULL;
}

int main(void)
{
    srand((unsigned)time(NULL));
    int nupdaters = 1 + rand() % 4;
    pthread_t *upd = malloc((size_t)nupdaters * sizeof *upd);
    pthread_t fl;

    if (upd == NULL)
        return 1;
    pthread_create(&fl, NULL, flusher, NULL);
    for (int i = 0; i < nupdaters; i++)
        pthread_create(&upd[i], NULL, updater, NULL);
    for (int i = 0; i < nupdaters; i++)
        pthread_join(upd[i], NULL);
    pthread_join(fl, NULL);
    free(upd);
    printf("%d symbols, %ld log units\n", symbols, log_written);
    return 0;
}
