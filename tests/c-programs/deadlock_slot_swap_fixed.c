// deadlock_slot_swap_fixed.c: N swapper threads (N from the command line) exchange the values of two shared slots; whatever its number, every thread locks left_lock before right_lock, so no two swappers can wait for each other, for any N.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@deadlock_slot_swap_fixed.c:44 race-free
// expect: left_slot race-free
// expect: right_slot race-free
// racy-twin: deadlock_slot_swap.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other
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
    int rounds = id % 2 ? 1000 : 500;

    for (int i = 0; i < rounds; i++) {
        /* Always left before right, whichever way the swap goes. */
        pthread_mutex_lock(&left_lock);
        pthread_mutex_lock(&right_lock);
        int tmp = left_slot;
        left_slot = right_slot;
        right_slot = tmp;
        pthread_mutex_unlock(&right_lock);
        pthread_mutex_unlock(&left_lock);
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
