// expect: turn race-free
// expect: ball race-free
// idiom: b
// Two players alternate through a C11 atomic `turn` (acquire load to wait for their turn, release
// store to hand it over); whoever holds the turn updates the plain struct `ball`.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define ROUNDS 500

struct rally {
    int hits;
    int last_player;
    int hits_by[2];
};

static atomic_int turn; /* 0 or 1: whose turn it is */
static struct rally ball;

static void wait_turn(int me)
{
    while (atomic_load_explicit(&turn, memory_order_acquire) != me)
        ;
}

static void pass_turn(int me)
{
    atomic_store_explicit(&turn, 1 - me, memory_order_release);
}

static void *player(void *arg)
{
    int me = (int)(long)arg;

    for (int r = 0; r < ROUNDS; r++) {
        wait_turn(me);
        ball.hits++;
        ball.hits_by[me]++;
        ball.last_player = me;
        pass_turn(me);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[2];

    atomic_init(&turn, 0);
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, player, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);

    printf("hits=%d (0: %d, 1: %d), last=%d\n", ball.hits, ball.hits_by[0],
           ball.hits_by[1], ball.last_player);
    return 0;
}
