// expect: nthreads race-free
// expect: arrived race-free
// expect: released race-free
// expect: partial race-free
// expect: share race-free
// idiom: d
// twin: s12_counter_barrier_racy.c
// A one-shot barrier made from a counter under a mutex: the last thread to arrive sets `released` and
// broadcasts. Before it each thread writes partial[id]; after it each reads every partial to normalise its own.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 8

static int nthreads;
static int arrived;
static int released;
static double partial[MAX_THREADS];
static double share[MAX_THREADS];
static pthread_mutex_t bar_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t bar_cond = PTHREAD_COND_INITIALIZER;

static void barrier_wait(void)
{
    pthread_mutex_lock(&bar_lock);
    arrived++;
    if (arrived == nthreads) {
        released = 1;
        pthread_cond_broadcast(&bar_cond);
    } else {
        while (!released)
            pthread_cond_wait(&bar_cond, &bar_lock);
    }
    pthread_mutex_unlock(&bar_lock);
}

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    double local = 0.0, total = 0.0;

    for (int k = 1; k <= 1000 * (id + 1); k++)
        local += 1.0 / k;
    partial[id] = local;

    barrier_wait();

    for (int i = 0; i < nthreads; i++)
        total += partial[i];
    share[id] = partial[id] / total;
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[MAX_THREADS];
    double check = 0.0;

    nthreads = argc > 1 ? atoi(argv[1]) : 4;
    if (nthreads < 2 || nthreads > MAX_THREADS)
        nthreads = 4;

    for (long i = 0; i < nthreads; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i);
    for (int i = 0; i < nthreads; i++)
        pthread_join(tids[i], NULL);

    for (int i = 0; i < nthreads; i++) {
        printf("thread %d: share %.4f\n", i, share[i]);
        check += share[i];
    }
    printf("sum of shares: %.4f\n", check);
    return 0;
}
