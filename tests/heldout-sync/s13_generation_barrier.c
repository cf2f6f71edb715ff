// expect: bar race-free
// expect: grid race-free
// expect: nthreads race-free
// idiom: d
// A reusable barrier with a generation counter (waiters sleep until `gen` moves on; the last arrival
// resets `waiting` and bumps `gen`) separates the rounds of a double-buffered 1-D smoothing over `grid`.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CELLS 64
#define ROUNDS 20
#define MAX_THREADS 8

struct gen_barrier {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int count;
    int waiting;
    unsigned gen;
};

static struct gen_barrier bar = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0};
static double grid[2][CELLS];
static int nthreads;

static void gen_barrier_wait(struct gen_barrier *b)
{
    pthread_mutex_lock(&b->mu);
    unsigned my_gen = b->gen;
    if (++b->waiting == b->count) {
        b->waiting = 0;
        b->gen++;
        pthread_cond_broadcast(&b->cv);
    } else {
        while (my_gen == b->gen)
            pthread_cond_wait(&b->cv, &b->mu);
    }
    pthread_mutex_unlock(&b->mu);
}

static void *smoother(void *arg)
{
    int id = (int)(long)arg;
    int lo = id * CELLS / nthreads, hi = (id + 1) * CELLS / nthreads;

    for (int r = 0; r < ROUNDS; r++) {
        const double *cur = grid[r % 2];
        double *next = grid[(r + 1) % 2];

        for (int i = lo; i < hi; i++) {
            double left = i > 0 ? cur[i - 1] : cur[i];
            double right = i < CELLS - 1 ? cur[i + 1] : cur[i];
            next[i] = (left + cur[i] + right) / 3.0;
        }
        gen_barrier_wait(&bar);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[MAX_THREADS];
    double sum = 0.0;

    nthreads = argc > 1 ? atoi(argv[1]) : 4;
    if (nthreads < 1 || nthreads > MAX_THREADS)
        nthreads = 4;
    bar.count = nthreads;
    for (int i = 0; i < CELLS; i++)
        grid[0][i] = (i == CELLS / 2) ? 1000.0 : 0.0;

    for (long i = 0; i < nthreads; i++)
        pthread_create(&tids[i], NULL, smoother, (void *)i);
    for (int i = 0; i < nthreads; i++)
        pthread_join(tids[i], NULL);

    for (int i = 0; i < CELLS; i++)
        sum += grid[ROUNDS % 2][i];
    printf("after %d rounds: center %.3f, sum %.3f\n", ROUNDS, grid[ROUNDS % 2][CELLS / 2], sum);
    return 0;
}
