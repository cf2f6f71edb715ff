// expect: workers RACE
// race-lines: workers 54 96
// idiom: a
// twin: l204_config_struct.c
// Longest Collatz chain per block. Bug: the cfg.n_threads clamp moved between the create and
// join loops (default 8 threads, 6 items): workers 6, 7 are never joined, main reads their slots.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 16
#define BLOCK 1000UL

struct config {
    int n_threads;
    int n_items;
};

struct worker {
    pthread_t tid;
    int first;
    int stride;
    int n_items;
    unsigned result;
};

static struct config cfg = { 8, 6 };
static struct worker workers[MAX_WORKERS];

static unsigned collatz_steps(unsigned long v)
{
    unsigned steps = 0;

    while (v != 1) {
        v = (v & 1) ? 3 * v + 1 : v / 2;
        steps++;
    }
    return steps;
}

static void *chain_worker(void *arg)
{
    struct worker *w = arg;
    unsigned best = 0;

    for (int item = w->first; item < w->n_items; item += w->stride) {
        unsigned long lo = 1 + (unsigned long)item * BLOCK;
        for (unsigned long v = lo; v < lo + BLOCK; v++) {
            unsigned s = collatz_steps(v);
            if (s > best)
                best = s;
        }
    }
    w->result = best;
    return NULL;
}

static void parse_args(struct config *c, int argc, char **argv)
{
    if (argc > 1)
        c->n_threads = atoi(argv[1]);
    if (argc > 2)
        c->n_items = atoi(argv[2]);
    if (c->n_threads < 1 || c->n_threads > MAX_WORKERS)
        c->n_threads = MAX_WORKERS;
    if (c->n_items < 1)
        c->n_items = 1;
}

int main(int argc, char **argv)
{
    unsigned longest = 0;
    int i;

    parse_args(&cfg, argc, argv);

    for (i = 0; i < cfg.n_threads; i++) {
        workers[i].first = i;
        workers[i].stride = cfg.n_threads;
        workers[i].n_items = cfg.n_items;
        if (pthread_create(&workers[i].tid, NULL, chain_worker, &workers[i]) != 0) {
            fprintf(stderr, "worker %d: create failed\n", i);
            exit(EXIT_FAILURE);
        }
    }

    /* no point in having more threads than items */
    if (cfg.n_threads > cfg.n_items)
        cfg.n_threads = cfg.n_items;

    for (struct worker *w = workers; w != workers + cfg.n_threads; w++)
        pthread_join(w->tid, NULL);

    /* unused slots are still zero, so scanning all of them is harmless */
    for (i = 0; i < MAX_WORKERS; i++)
        if (workers[i].result > longest)
            longest = workers[i].result;

    printf("%d threads, %d blocks: longest chain %u steps\n",
           cfg.n_threads, cfg.n_items, longest);
    return 0;
}
