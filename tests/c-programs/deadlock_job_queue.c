// deadlock_job_queue.c: A producer holds stats_lock while it takes q_lock to push a job and signal, and the consumer, once its condition wait returns with q_lock held again, takes stats_lock to record the job; the wait gives q_lock back only while waiting, so after the first job the consumer can hold q_lock wanting stats_lock while the producer holds stats_lock wanting q_lock.
// expect: submitted race-free
// expect: completed race-free
// expect: work_done race-free
// expect: q_head race-free
// expect: q_tail race-free
// expect: queue[] race-free
// expect-deadlock: lock order q_lock -> stats_lock -> q_lock: DEADLOCK
// fixed-twin: deadlock_job_queue_fixed.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

#define NJOBS 64

static pthread_mutex_t q_lock;
static pthread_cond_t q_nonempty;
static int queue[NJOBS];        /* guarded by q_lock */
static int q_head, q_tail;      /* guarded by q_lock */

static pthread_mutex_t stats_lock;
static long submitted, completed, work_done;  /* guarded by stats_lock */

static void *producer(void *arg)
{
    (void)arg;
    for (int i = 0; i < NJOBS; i++) {
        pthread_mutex_lock(&stats_lock);
        submitted++;
        pthread_mutex_lock(&q_lock);
        queue[q_tail++] = i * 3;
        pthread_cond_signal(&q_nonempty);
        pthread_mutex_unlock(&q_lock);
        pthread_mutex_unlock(&stats_lock);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    for (int n = 0; n < NJOBS; n++) {
        pthread_mutex_lock(&q_lock);
        while (q_head == q_tail)
            pthread_cond_wait(&q_nonempty, &q_lock);
        int job = queue[q_head++];
        pthread_mutex_lock(&stats_lock);
        completed++;
        work_done += job;
        pthread_mutex_unlock(&stats_lock);
        pthread_mutex_unlock(&q_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t prod, cons;

    pthread_mutex_init(&q_lock, NULL);
    pthread_mutex_init(&stats_lock, NULL);
    pthread_cond_init(&q_nonempty, NULL);

    pthread_create(&cons, NULL, consumer, NULL);
    pthread_create(&prod, NULL, producer, NULL);
    pthread_join(prod, NULL);
    pthread_join(cons, NULL);
    printf("%ld submitted, %ld completed, work %ld\n", submitted, completed, work_done);

    pthread_cond_destroy(&q_nonempty);
    pthread_mutex_destroy(&stats_lock);
    pthread_mutex_destroy(&q_lock);
    return 0;
}
