// expect: mat race-free
// expect: frob_sq race-free
// expect: rows_done race-free
// idiom: a
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 128

static double mat[N][N];
static double frob_sq;
static int rows_done;
static pthread_mutex_t acc_lock = PTHREAD_MUTEX_INITIALIZER;

struct run_cfg {
    long nthreads;
    int verbose;
};

struct slice { int row0, row1; };

static void *row_worker(void *arg)
{
    const struct slice *s = arg;
    double part = 0.0;

    for (int r = s->row0; r < s->row1; r++)
        for (int c = 0; c < N; c++)
            part += mat[r][c] * mat[r][c];
    pthread_mutex_lock(&acc_lock);
    frob_sq += part;
    rows_done += s->row1 - s->row0;
    pthread_mutex_unlock(&acc_lock);
    return NULL;
}

int main(void)
{
    struct run_cfg cfg = { sysconf(_SC_NPROCESSORS_ONLN), getenv("VERBOSE") != NULL };
    pthread_t *tids;
    struct slice *slices;
    long t;
    int rc;
    if (cfg.nthreads < 1)
        cfg.nthreads = 1;
    if (cfg.nthreads > N)
        cfg.nthreads = N;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            mat[r][c] = (r + 1) * 0.5 - c * 0.25;

    tids = calloc(cfg.nthreads, sizeof *tids);
    slices = calloc(cfg.nthreads, sizeof *slices);
    if (!tids || !slices) {
        perror("calloc");
        return EXIT_FAILURE;
    }
    for (t = 0; t < cfg.nthreads; t++) {
        slices[t].row0 = (int)(N * t / cfg.nthreads);
        slices[t].row1 = (int)(N * (t + 1) / cfg.nthreads);
        if ((rc = pthread_create(&tids[t], NULL, row_worker, &slices[t])) != 0) {
            fprintf(stderr, "pthread_create: %s\n", strerror(rc));
            return EXIT_FAILURE;
        }
        if (cfg.verbose)
            fprintf(stderr, "thread %ld: rows %d..%d\n", t, slices[t].row0, slices[t].row1);
    }
    t = 0;
    while (t < cfg.nthreads)
        if ((rc = pthread_join(tids[t++], NULL)) != 0) {
            fprintf(stderr, "pthread_join: %s\n", strerror(rc));
            return EXIT_FAILURE;
        }
    printf("rows=%d ||A||_F^2=%.3f\n", rows_done, frob_sq);
    free(slices), free(tids);
    return 0;
}
