// expect: ring RACE
// expect: head race-free
// expect: tail race-free
// expect: consumed_sum race-free
// race-lines: ring 31 47
// idiom: b
// twin: s06_spsc_ring.c
// Same as s06_spsc_ring.c, but the producer publishes the new `head` (release) before it writes the
// slot, so the consumer can read ring[t % RING_SIZE] while the producer is writing it.
#include <pthread.h>
#include <stdio.h>

#define RING_SIZE 16
#define NITEMS 1000

static int ring[RING_SIZE];
static unsigned head; /* next slot to write; only the producer stores it */
static unsigned tail; /* next slot to read; only the consumer stores it */
static long consumed_sum;

static void *producer(void *arg)
{
    (void)arg;
    for (int i = 1; i <= NITEMS; i++) {
        unsigned h = __atomic_load_n(&head, __ATOMIC_RELAXED);

        /* wait for a free slot */
        while (h - __atomic_load_n(&tail, __ATOMIC_ACQUIRE) == RING_SIZE)
            ;
        __atomic_store_n(&head, h + 1, __ATOMIC_RELEASE);
        ring[h % RING_SIZE] = i;
    }
    return NULL;
}

static void *consumer(void *arg)
{
    long sum = 0;

    (void)arg;
    for (int i = 1; i <= NITEMS; i++) {
        unsigned t = __atomic_load_n(&tail, __ATOMIC_RELAXED);

        /* wait for a filled slot */
        while (__atomic_load_n(&head, __ATOMIC_ACQUIRE) == t)
            ;
        sum += ring[t % RING_SIZE];
        __atomic_store_n(&tail, t + 1, __ATOMIC_RELEASE);
    }
    consumed_sum = sum;
    return NULL;
}

int main(void)
{
    pthread_t prod, cons;

    pthread_create(&cons, NULL, consumer, NULL);
    pthread_create(&prod, NULL, producer, NULL);
    pthread_join(prod, NULL);
    pthread_join(cons, NULL);

    printf("consumed %ld (expected %ld)\n", consumed_sum,
           (long)NITEMS * (NITEMS + 1) / 2);
    return 0;
}
