// expect: local:pool race-free
// expect: local:args race-free
// idiom: h
// A pool of bounded ring queues, each guarded by its own mutex. Each thread pushes
// items into queues picked by item value and pops from "its" queue through a pointer.
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define QCAP 64
#define NQUEUES 3
#define NTHREADS 6
#define ITEMS 300

struct ring {
    pthread_mutex_t mu;
    int slots[QCAP];
    unsigned head, len;
};

struct thread_arg {
    struct ring *pool;
    int self;
    long popped_sum;
    int dropped;
};

static bool ring_push(struct ring *q, int v)
{
    bool ok = false;
    pthread_mutex_lock(&q->mu);
    if (q->len < QCAP) {
        q->slots[(q->head + q->len) % QCAP] = v;
        q->len++;
        ok = true;
    }
    pthread_mutex_unlock(&q->mu);
    return ok;
}

static bool ring_pop(struct ring *q, int *out)
{
    bool ok = false;
    pthread_mutex_lock(&q->mu);
    if (q->len > 0) {
        *out = q->slots[q->head];
        q->head = (q->head + 1) % QCAP;
        q->len--;
        ok = true;
    }
    pthread_mutex_unlock(&q->mu);
    return ok;
}

static void *shuffle(void *p)
{
    struct thread_arg *a = p;
    struct ring *mine = &a->pool[a->self % NQUEUES];
    int v;

    for (int i = 0; i < ITEMS; i++) {
        int item = a->self * ITEMS + i;
        if (!ring_push(&a->pool[item % NQUEUES], item))
            a->dropped++;
        if (i % 2 && ring_pop(mine, &v))
            a->popped_sum += v;
    }
    return NULL;
}

int main(void)
{
    struct ring *pool = calloc(NQUEUES, sizeof *pool);
    struct thread_arg args[NTHREADS];
    pthread_t tids[NTHREADS];
    long total = 0;
    int v, q, t, dropped = 0;

    if (pool == NULL)
        return 1;
    for (q = 0; q < NQUEUES; q++)
        pthread_mutex_init(&pool[q].mu, NULL);
    for (t = 0; t < NTHREADS; t++) {
        args[t] = (struct thread_arg){ .pool = pool, .self = t };
        pthread_create(&tids[t], NULL, shuffle, &args[t]);
    }
    for (t = 0; t < NTHREADS; t++) {
        pthread_join(tids[t], NULL);
        total += args[t].popped_sum;
        dropped += args[t].dropped;
    }
    for (q = 0; q < NQUEUES; q++) {
        while (ring_pop(&pool[q], &v))
            total += v;
        pthread_mutex_destroy(&pool[q].mu);
    }
    printf("sum of delivered items %ld, dropped %d\n", total, dropped);
    free(pool);
    return 0;
}
