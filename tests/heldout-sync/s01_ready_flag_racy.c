// expect: table RACE
// expect: ready race-free
// expect: local:sums race-free
// race-lines: table 30 45
// idiom: a
// twin: s01_ready_flag.c
// Same as s01_ready_flag.c, but the producer sets `ready` and broadcasts before it fills `table`,
// so a consumer that wakes up reads the table while the producer is still writing it.
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#define TABLE_SIZE 64
#define NCONSUMERS 2

static int table[TABLE_SIZE];
static bool ready = false;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_cv = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    ready = true;
    pthread_cond_broadcast(&ready_cv);
    pthread_mutex_unlock(&lock);

    for (int i = 0; i < TABLE_SIZE; i++)
        table[i] = i * i + 1;
    return NULL;
}

static void *consumer(void *arg)
{
    long *out = arg;
    long sum = 0;

    pthread_mutex_lock(&lock);
    while (!ready)
        pthread_cond_wait(&ready_cv, &lock);
    pthread_mutex_unlock(&lock);

    for (int i = 0; i < TABLE_SIZE; i++)
        sum += table[i];
    *out = sum;
    return NULL;
}

int main(void)
{
    pthread_t prod, cons[NCONSUMERS];
    long sums[NCONSUMERS] = {0};

    for (int i = 0; i < NCONSUMERS; i++)
        pthread_create(&cons[i], NULL, consumer, &sums[i]);
    pthread_create(&prod, NULL, producer, NULL);

    pthread_join(prod, NULL);
    for (int i = 0; i < NCONSUMERS; i++)
        pthread_join(cons[i], NULL);

    for (int i = 0; i < NCONSUMERS; i++)
        printf("consumer %d: sum = %ld\n", i, sums[i]);
    return 0;
}
