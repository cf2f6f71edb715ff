// expect: next_ticket race-free
// expect: results race-free
// idiom: g
// twin: m05_ticket_slots_racy.c
// Each worker draws a unique ticket with atomic_fetch_add and writes only
// results[ticket]; main reads the table after joining all workers.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define NWORKERS 6
#define RANGE    20000

struct result {
    unsigned long first;
    unsigned long best_n;
    int best_steps;
};

static atomic_int next_ticket;
static struct result results[NWORKERS];

static int collatz_steps(unsigned long n)
{
    int steps = 0;

    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
    }
    return steps;
}

static void *worker(void *unused)
{
    int slot = atomic_fetch_add(&next_ticket, 1);
    struct result *r = &results[slot];
    unsigned long n;

    (void)unused;
    r->first = (unsigned long)slot * RANGE + 1;
    r->best_steps = -1;
    for (n = r->first; n < r->first + RANGE; n++) {
        int s = collatz_steps(n);

        if (s > r->best_steps) {
            r->best_steps = s;
            r->best_n = n;
        }
    }
    return NULL;
}

int main(void)
{
    pthread_t th[NWORKERS];
    int i, best = 0;

    for (i = 0; i < NWORKERS; i++) {
        if (pthread_create(&th[i], NULL, worker, NULL) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (i = 0; i < NWORKERS; i++)
        pthread_join(th[i], NULL);

    for (i = 0; i < NWORKERS; i++) {
        printf("range from %lu: longest chain at %lu (%d steps)\n",
               results[i].first, results[i].best_n, results[i].best_steps);
        if (results[i].best_steps > results[best].best_steps)
            best = i;
    }
    printf("overall: %lu\n", results[best].best_n);
    return 0;
}
