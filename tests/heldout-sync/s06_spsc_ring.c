// expect: ring race-free
// expect: head race-free
// expect: tail race-free
// expect: consumed_sum race-free
// idiom: b
// twin: s06_spsc_ring_racy.c
// A single-producer/single-consumer ring: the producer writes a slot and then publishes `head` with
// __atomic_store_n(..., __ATOMIC_RELEASE); the consumer loads head with __ATOMIC_ACQUIRE before reading the slot.
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
        ring[h % RING_SIZE] = i;
        __atomic_store_n(&head, h + 1, __ATOMIC_RELEASE);
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
