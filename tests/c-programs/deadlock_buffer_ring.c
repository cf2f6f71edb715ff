// deadlock_buffer_ring.c: Six movers pass tokens around a ring of three buffers, each locking its source buffer and then its destination; the raw->cooked, cooked->done and done->raw movers can each hold one buffer lock while waiting for the next one around the ring.
// expect: raw_count race-free
// expect: cooked_count race-free
// expect: done_count race-free
// expect-deadlock: lock order raw_lock -> cooked_lock -> done_lock -> raw_lock: DEADLOCK
// fixed-twin: deadlock_buffer_ring_fixed.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NMOVERS 6
#define MOVES 500

static pthread_mutex_t raw_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cooked_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t done_lock = PTHREAD_MUTEX_INITIALIZER;

static int raw_count = 30;  /* guarded by raw_lock */
static int cooked_count;    /* guarded by cooked_lock */
static int done_count;      /* guarded by done_lock */

static void *mover(void *arg)
{
    int kind = (int)(intptr_t)arg % 3;

    for (int i = 0; i < MOVES; i++) {
        switch (kind) {
        case 0: /* raw -> cooked */
            pthread_mutex_lock(&raw_lock);
            pthread_mutex_lock(&cooked_lock);
            if (raw_count > 0) { raw_count--; cooked_count++; }
            pthread_mutex_unlock(&cooked_lock);
            pthread_mutex_unlock(&raw_lock);
            break;
        case 1: /* cooked -> done */
            pthread_mutex_lock(&cooked_lock);
            pthread_mutex_lock(&done_lock);
            if (cooked_count > 0) { cooked_count--; done_count++; }
            pthread_mutex_unlock(&done_lock);
            pthread_mutex_unlock(&cooked_lock);
            break;
        default: /* done -> raw: recycle */
            pthread_mutex_lock(&done_lock);
            pthread_mutex_lock(&raw_lock);
            if (done_count > 0) { done_count--; raw_count++; }
            pthread_mutex_unlock(&raw_lock);
            pthread_mutex_unlock(&done_lock);
            break;
        }
    }
    return NULL;
}

int main(void)
{
    pthread_t movers[NMOVERS];

    for (int i = 0; i < NMOVERS; i++)
        pthread_create(&movers[i], NULL, mover, (void *)(intptr_t)i);
    for (int i = 0; i < NMOVERS; i++)
        pthread_join(movers[i], NULL);
    printf("raw %d cooked %d done %d\n", raw_count, cooked_count, done_count);
    return 0;
}
