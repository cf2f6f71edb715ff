// expect: pool race-free
// idiom: h
// Each queue in the malloc'ed pool carries its own mutex; a producer locks exactly
// the queue it picked by hashing the job id before pushing or popping.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NQUEUES   8
#define QCAP    256
#define NPROD     4
#define NJOBS  1000

struct jobq {
    pthread_mutex_t mu;
    int items[QCAP];
    int head, len;
    unsigned long dropped, served;
};

static struct jobq *pool;

static void jobq_push(struct jobq *q, int job)
{
    pthread_mutex_lock(&q->mu);
    if (q->len == QCAP)
        q->dropped++;
    else
        q->items[(q->head + q->len++) % QCAP] = job;
    pthread_mutex_unlock(&q->mu);
}

static int jobq_pop(struct jobq *q, int *job)
{
    int ok = 0;

    pthread_mutex_lock(&q->mu);
    if (q->len > 0) {
        *job = q->items[q->head];
        q->head = (q->head + 1) % QCAP;
        q->len--;
        q->served++;
        ok = 1;
    }
    pthread_mutex_unlock(&q->mu);
    return ok;
}

static void *producer(void *arg)
{
    int me = (int)(intptr_t)arg;
    long handled = 0;
    int j, job;

    for (j = 0; j < NJOBS; j++) {
        int id = me * NJOBS + j;

        jobq_push(&pool[(unsigned int)id * 2654435761u % NQUEUES], id);
        /* every fourth step, help drain a neighbouring queue */
        if (j % 4 == 3 && jobq_pop(&pool[(me + j) % NQUEUES], &job))
            handled += job % 3;
    }
    return (void *)(intptr_t)handled;
}

int main(void)
{
    pthread_t prod[NPROD];
    long handled = 0;
    int i;

    pool = calloc(NQUEUES, sizeof(*pool));
    if (pool == NULL) {
        perror("calloc");
        return 1;
    }
    for (i = 0; i < NQUEUES; i++)
        pthread_mutex_init(&pool[i].mu, NULL);

    for (i = 0; i < NPROD; i++) {
        int rc = pthread_create(&prod[i], NULL, producer, (void *)(intptr_t)i);

        if (rc != 0) {
            fprintf(stderr, "producer %d: pthread_create returned %d\n", i, rc);
            return 1;
        }
    }
    for (i = 0; i < NPROD; i++) {
        void *r;

        pthread_join(prod[i], &r);
        handled += (long)(intptr_t)r;
    }

    for (i = 0; i < NQUEUES; i++) {
        printf("queue %d: %3d pending, %4lu served, %lu dropped\n",
               i, pool[i].len, pool[i].served, pool[i].dropped);
        pthread_mutex_destroy(&pool[i].mu);
    }
    printf("handled weight %ld\n", handled);
    free(pool);
    return 0;
}
