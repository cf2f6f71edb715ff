// expect: cell race-free
// expect: smooth race-free
// expect: width race-free
// expect: phase race-free
// idiom: c
// One thread per cell of a ring: each fills its own cell, waits at a barrier, then
// averages itself with both neighbours. The barrier separates the write and read phases.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static double *cell;
static double *smooth;
static int width;
static pthread_barrier_t phase;

static double initial_value(int i)
{
    double v = 0.0;

    for (int k = 1; k <= 1000; k++)
        v += (double)((i * k) % 17) / k;
    return v;
}

static void *ring_worker(void *arg)
{
    int i = (int)(intptr_t)arg;
    int left = (i + width - 1) % width;
    int right = (i + 1) % width;

    /* phase 1: every thread writes only its own cell */
    cell[i] = initial_value(i);

    pthread_barrier_wait(&phase);

    /* phase 2: neighbours' cells are complete now */
    smooth[i] = (cell[left] + cell[i] + cell[right]) / 3.0;
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t *th;
    int i;

    width = argc > 1 ? atoi(argv[1]) : 5;
    if (width < 1 || width > 64)
        width = 5;

    cell = calloc((size_t)width, sizeof *cell);
    smooth = calloc((size_t)width, sizeof *smooth);
    th = calloc((size_t)width, sizeof *th);
    if (!cell || !smooth || !th)
        return 1;
    pthread_barrier_init(&phase, NULL, (unsigned)width);

    for (i = 0; i < width; i++)
        if (pthread_create(&th[i], NULL, ring_worker, (void *)(intptr_t)i)) {
            fprintf(stderr, "cannot create worker %d\n", i);
            abort();
        }
    for (i = 0; i < width; i++)
        pthread_join(th[i], NULL);

    for (i = 0; i < width; i++)
        printf("cell %2d: %8.3f\n", i, smooth[i]);

    pthread_barrier_destroy(&phase);
    free(th);
    free(smooth);
    free(cell);
    return 0;
}
