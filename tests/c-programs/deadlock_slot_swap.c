// deadlock_slot_swap.c: N swapper threads (N from the command line) exchange the values of two shared slots; odd-numbered threads lock left then right and even-numbered ones right then left, so with two or more threads an odd and an even swapper can each hold one slot lock and wait for the other.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@deadlock_slot_swap.c:46 race-free
// expect: left_slot race-free
// expect: right_slot race-free
// expect-deadlock: lock order left_lock -> right_lock -> left_lock: DEADLOCK
// fixed-twin: deadlock_slot_swap_fixed.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t left_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t right_lock = PTHREAD_MUTEX_INITIALIZER;
static int left_slot = 1;   /* guarded by left_lock */
static int right_slot = 2;  /* guarded by right_lock */

static void *swapper(void *arg)
{
    int id = (int)(intptr_t)arg;

    for (int i = 0; i < 1000; i++) {
        if (id % 2) {
            pthread_mutex_lock(&left_lock);
            pthread_mutex_lock(&right_lock);
        } else {
            pthread_mutex_lock(&right_lock);
            pthread_mutex_lock(&left_lock);
        }
        int tmp = left_slot;
        left_slot = right_slot;
        right_slot = tmp;
        pthread_mutex_unlock(&left_lock);
        pthread_mutex_unlock(&right_lock);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n < 1)
        n = 1;

    pthread_t *tids = malloc((size_t)n * sizeof *tids);
    if (tids == NULL)
        return 1;
    int started = 0;
    while (started < n &&
           pthread_create(&tids[started], NULL, swapper, (void *)(intptr_t)started) == 0)
        started++;
    for (int i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    free(tids);
    printf("left %d right %d\n", left_slot, right_slot);
    return 0;
}
