// expect: cells race-free
// expect: readings race-free
// idiom: f
// Every worker gets &cells[i] and fills only that struct's min/max/mean from its own
// slice of readings (written by main before pthread_create, read-only afterwards).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NCELLS      8
#define PER_CELL  250

struct cell {
    int id;
    int start, count;
    int min, max;
    double mean;
};

static int readings[NCELLS * PER_CELL];
static struct cell cells[NCELLS];

static void cell_summarize(struct cell *c)
{
    long sum = 0;
    int j;

    c->min = readings[c->start];
    c->max = readings[c->start];
    for (j = c->start; j < c->start + c->count; j++) {
        int v = readings[j];

        if (v < c->min)
            c->min = v;
        if (v > c->max)
            c->max = v;
        sum += v;
    }
    c->mean = (double)sum / c->count;
}

static void *cell_thread(void *arg)
{
    cell_summarize((struct cell *)arg);
    return NULL;
}

int main(void)
{
    pthread_t th[NCELLS];
    unsigned int seed = 12345;
    int i, err;

    for (i = 0; i < NCELLS * PER_CELL; i++)
        readings[i] = rand_r(&seed) % 1000 - 200;

    for (i = 0; i < NCELLS; i++) {
        cells[i].id = i;
        cells[i].start = i * PER_CELL;
        cells[i].count = PER_CELL;
        err = pthread_create(&th[i], NULL, cell_thread, &cells[i]);
        if (err) {
            fprintf(stderr, "pthread_create(cell %d): error %d\n", i, err);
            return EXIT_FAILURE;
        }
    }
    for (i = 0; i < NCELLS; i++) {
        err = pthread_join(th[i], NULL);
        if (err) {
            fprintf(stderr, "pthread_join(cell %d): error %d\n", i, err);
            return EXIT_FAILURE;
        }
    }

    for (i = 0; i < NCELLS; i++)
        printf("cell %d: min %4d max %4d mean %7.2f\n",
               cells[i].id, cells[i].min, cells[i].max, cells[i].mean);
    return EXIT_SUCCESS;
}
