// expect: grid race-free
// expect: row_sq race-free
// expect: nworkers race-free
// expect: local:ids race-free
// idiom: a
// Per-row sums of squares of a matrix with a strided row split. The worker count
// comes from $WORKERS, handles sit in a global array, joined by a while loop counting down.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 48
#define COLS 64
#define MAX_WORKERS 16

static double grid[ROWS][COLS];
static double row_sq[ROWS];
static unsigned nworkers;
static pthread_t pool[MAX_WORKERS];

static void *row_worker(void *arg)
{
    unsigned self = *(const unsigned *)arg;

    for (unsigned r = self; r < ROWS; r += nworkers) {
        double s = 0.0;
        for (unsigned c = 0; c < COLS; c++)
            s += grid[r][c] * grid[r][c];
        row_sq[r] = s;
    }
    return NULL;
}

static unsigned workers_from_env(void)
{
    const char *s = getenv("WORKERS");
    long v = s ? strtol(s, NULL, 10) : 0;

    if (v <= 0)
        v = 3;
    if (v > MAX_WORKERS)
        v = MAX_WORKERS;
    return (unsigned)v;
}

int main(void)
{
    unsigned ids[MAX_WORKERS];
    unsigned k;
    double total = 0.0;
    int err;

    for (unsigned r = 0; r < ROWS; r++)
        for (unsigned c = 0; c < COLS; c++)
            grid[r][c] = (double)((r * 7 + c * 3) % 11) - 5.0;

    nworkers = workers_from_env();
    for (k = 0; k < nworkers; k++) {
        ids[k] = k;
        err = pthread_create(&pool[k], NULL, row_worker, &ids[k]);
        if (err) {
            fprintf(stderr, "pthread_create: %s\n", strerror(err));
            return EXIT_FAILURE;
        }
    }

    k = nworkers;
    while (k-- > 0) {
        err = pthread_join(pool[k], NULL);
        if (err) {
            fprintf(stderr, "pthread_join: %s\n", strerror(err));
            return EXIT_FAILURE;
        }
    }

    for (unsigned r = 0; r < ROWS; r++)
        total += row_sq[r];
    printf("%u workers, total sum of squares %.1f\n", nworkers, total);
    return EXIT_SUCCESS;
}
