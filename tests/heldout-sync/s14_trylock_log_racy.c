// expect: entries race-free
// expect: nentries race-free
// expect: missed RACE
// race-lines: missed 37 42
// idiom: e
// twin: s14_trylock_log.c
// Same as s14_trylock_log.c, but the trylock failure path does `missed++` directly (without the lock),
// which races with the read of `missed` by a thread that holds the lock (and with other failing threads).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 8
#define EVENTS 20000
#define MAX_ENTRIES 1024

struct entry {
    int thread;
    int seq;
    long missed_before;
};

static struct entry entries[MAX_ENTRIES];
static int nentries;
static long missed;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    int id = (int)(long)arg;

    for (int seq = 0; seq < EVENTS; seq++) {
        if (pthread_mutex_trylock(&log_lock) == 0) {
            if (nentries < MAX_ENTRIES) {
                entries[nentries].thread = id;
                entries[nentries].seq = seq;
                entries[nentries].missed_before = missed;
                nentries++;
            }
            pthread_mutex_unlock(&log_lock);
        } else {
            missed++;
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[MAX_THREADS];
    int n = argc > 1 ? atoi(argv[1]) : 4;

    if (n < 1 || n > MAX_THREADS)
        n = 4;
    for (long i = 0; i < n; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i);
    for (int i = 0; i < n; i++)
        pthread_join(tids[i], NULL);

    printf("%d entries logged, %ld events missed\n", nentries, missed);
    if (nentries > 0)
        printf("last entry: thread %d seq %d\n", entries[nentries - 1].thread,
               entries[nentries - 1].seq);
    return 0;
}
