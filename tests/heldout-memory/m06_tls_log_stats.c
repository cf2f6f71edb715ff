// expect: my_id race-free
// expect: stats race-free
// idiom: g
// twin: m06_tls_log_stats_racy.c
// my_id is _Thread_local, set once per thread from its start argument, so the helper
// account_line() touches only stats[my_id]; main prints the table after joining.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NTHREADS  4
#define NLINES    5000

struct line_stats {
    unsigned long lines;
    unsigned long bytes;
    unsigned long errors;
};

static _Thread_local int my_id = -1;
static struct line_stats stats[NTHREADS];

static void account_line(int len, int is_error)
{
    struct line_stats *s = &stats[my_id];

    s->lines++;
    s->bytes += (unsigned long)len;
    if (is_error)
        s->errors++;
}

static void *log_scanner(void *arg)
{
    unsigned int seed;
    int n;

    my_id = (int)(intptr_t)arg;
    seed = 0x9e3779b9u ^ (unsigned int)my_id;
    for (n = 0; n < NLINES; n++) {
        int len = 20 + rand_r(&seed) % 120;
        int err = (rand_r(&seed) % 50) == 0;

        account_line(len, err);
    }
    return NULL;
}

int main(void)
{
    pthread_t workers[NTHREADS];
    unsigned long tot_bytes = 0, tot_err = 0;
    int t, rc;

    for (t = 0; t < NTHREADS; t++) {
        rc = pthread_create(&workers[t], NULL, log_scanner, (void *)(intptr_t)t);
        if (rc) {
            fprintf(stderr, "pthread_create: %d\n", rc);
            return 1;
        }
    }
    t = 0;
    while (t < NTHREADS)
        pthread_join(workers[t++], NULL);

    for (t = 0; t < NTHREADS; t++) {
        printf("scanner %d: %lu lines, %lu bytes, %lu errors\n",
               t, stats[t].lines, stats[t].bytes, stats[t].errors);
        tot_bytes += stats[t].bytes;
        tot_err += stats[t].errors;
    }
    printf("total: %lu bytes, %lu errors\n", tot_bytes, tot_err);
    return 0;
}
