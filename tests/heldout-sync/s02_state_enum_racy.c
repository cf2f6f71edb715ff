// expect: state race-free
// expect: samples race-free
// expect: result RACE
// race-lines: result 39 47
// idiom: a
// twin: s02_state_enum.c
// Same as s02_state_enum.c, but each waiter copies `result` before its wait loop (and uses the copy
// after it), so the read is not ordered after the worker's write of `result`.
#include <pthread.h>
#include <stdio.h>

#define NSAMPLES 100
#define NWAITERS 2

enum job_state { JOB_IDLE, JOB_RUNNING, JOB_DONE };

static enum job_state state = JOB_IDLE;
static int samples[NSAMPLES];
static double result;
static pthread_mutex_t job_mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t job_cond = PTHREAD_COND_INITIALIZER;

static void set_state(enum job_state s)
{
    pthread_mutex_lock(&job_mtx);
    state = s;
    pthread_cond_broadcast(&job_cond);
    pthread_mutex_unlock(&job_mtx);
}

static void *job_worker(void *arg)
{
    double acc = 0.0;

    (void)arg;
    set_state(JOB_RUNNING);
    for (int i = 0; i < NSAMPLES; i++)
        acc += samples[i];
    result = acc / NSAMPLES;
    set_state(JOB_DONE);
    return NULL;
}

static void *waiter(void *arg)
{
    long scaled;
    double r = result;

    (void)arg;
    pthread_mutex_lock(&job_mtx);
    while (state != JOB_DONE)
        pthread_cond_wait(&job_cond, &job_mtx);
    pthread_mutex_unlock(&job_mtx);

    scaled = (long)(r * 100.0);
    return (void *)scaled;
}

int main(void)
{
    pthread_t worker, waiters[NWAITERS];
    void *ret;

    for (int i = 0; i < NSAMPLES; i++)
        samples[i] = (i * 37) % 101;

    for (int i = 0; i < NWAITERS; i++)
        pthread_create(&waiters[i], NULL, waiter, NULL);
    pthread_create(&worker, NULL, job_worker, NULL);

    pthread_join(worker, NULL);
    for (int i = 0; i < NWAITERS; i++) {
        pthread_join(waiters[i], &ret);
        printf("waiter %d saw mean*100 = %ld\n", i, (long)ret);
    }
    return 0;
}
