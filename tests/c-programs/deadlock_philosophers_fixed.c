// deadlock_philosophers_fixed.c: Five philosophers share a pot of noodles and five forks; philosophers 0-3 pick up left then right, but philosopher 4 picks up its right fork (fork0) before its left (fork4), so forks are always taken in increasing number and no circular wait can form.
// expect: noodles race-free
// expect-deadlocks: deadlock-free
// racy-twin: deadlock_philosophers.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NPHIL 5

static pthread_mutex_t fork0 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork2 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork3 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork4 = PTHREAD_MUTEX_INITIALIZER;

static pthread_mutex_t pot_lock = PTHREAD_MUTEX_INITIALIZER;
static int noodles = 500;   /* guarded by pot_lock */

/* Philosopher i sits between fork i (left) and fork (i+1)%5 (right);
   forks are always picked up in increasing number. */
static void take_forks(int id)
{
    switch (id) {
    case 0: pthread_mutex_lock(&fork0); pthread_mutex_lock(&fork1); break;
    case 1: pthread_mutex_lock(&fork1); pthread_mutex_lock(&fork2); break;
    case 2: pthread_mutex_lock(&fork2); pthread_mutex_lock(&fork3); break;
    case 3: pthread_mutex_lock(&fork3); pthread_mutex_lock(&fork4); break;
    default: /* last philosopher: lower-numbered fork first */
        pthread_mutex_lock(&fork0); pthread_mutex_lock(&fork4); break;
    }
}

static void put_forks(int id)
{
    switch (id) {
    case 0: pthread_mutex_unlock(&fork1); pthread_mutex_unlock(&fork0); break;
    case 1: pthread_mutex_unlock(&fork2); pthread_mutex_unlock(&fork1); break;
    case 2: pthread_mutex_unlock(&fork3); pthread_mutex_unlock(&fork2); break;
    case 3: pthread_mutex_unlock(&fork4); pthread_mutex_unlock(&fork3); break;
    default: pthread_mutex_unlock(&fork0); pthread_mutex_unlock(&fork4); break;
    }
}

static void *philosopher(void *arg)
{
    int id = (int)(intptr_t)arg;
    int meals = 0;

    for (;;) {
        take_forks(id);
        pthread_mutex_lock(&pot_lock);
        int got = noodles > 0;
        if (got)
            noodles--;
        pthread_mutex_unlock(&pot_lock);
        put_forks(id);
        if (!got)
            break;
        meals++;
    }
    printf("philosopher %d ate %d times\n", id, meals);
    return NULL;
}

int main(void)
{
    pthread_t table[NPHIL];

    for (int i = 0; i < NPHIL; i++)
        pthread_create(&table[i], NULL, philosopher, (void *)(intptr_t)i);
    for (int i = 0; i < NPHIL; i++)
        pthread_join(table[i], NULL);
    return 0;
}
