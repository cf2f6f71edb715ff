// expect: cfg race-free
// expect: result race-free
// idiom: e
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
    int nthreads;
    int iterations;
    int scale;
    char label[32];
};

static struct config cfg;
static double result;
static pthread_mutex_t result_lock = PTHREAD_MUTEX_INITIALIZER;

static void *simulate(void *arg)
{
    int id = *(const int *)arg;
    double acc = 0.0;

    for (int it = 0; it < cfg.iterations; it++)
        acc += (double)((id + it) % cfg.scale) / cfg.scale;
    pthread_mutex_lock(&result_lock);
    result += acc;
    pthread_mutex_unlock(&result_lock);
    return NULL;
}

static void parse_args(int argc, char **argv)
{
    cfg.nthreads = 2;
    cfg.iterations = 10000;
    cfg.scale = 10;
    strcpy(cfg.label, "sim");
    if (argc > 1) cfg.nthreads = atoi(argv[1]);
    if (argc > 2) cfg.iterations = atoi(argv[2]);
    if (argc > 3) cfg.scale = atoi(argv[3]);
    if (cfg.nthreads < 1) cfg.nthreads = 1;
    if (cfg.scale < 1) cfg.scale = 1;
}

int main(int argc, char **argv)
{
    pthread_t *th;
    int *ids;
    int i, rc;

    parse_args(argc, argv);
    th = malloc(cfg.nthreads * sizeof(pthread_t));
    ids = malloc(cfg.nthreads * sizeof(int));
    if (!th || !ids) {
        perror("malloc");
        return 1;
    }
    for (i = 0; i < cfg.nthreads; i++) {
        ids[i] = i;
        if ((rc = pthread_create(&th[i], NULL, simulate, &ids[i])) != 0) {
            fprintf(stderr, "%s: pthread_create failed (%d)\n", cfg.label, rc);
            return 1;
        }
    }
    for (i = 0; i < cfg.nthreads; i++)
        if ((rc = pthread_join(th[i], NULL)) != 0) {
            fprintf(stderr, "%s: pthread_join failed (%d)\n", cfg.label, rc);
            return 1;
        }
    printf("%s: %.4f\n", cfg.label, result / cfg.nthreads);
    free(ids);
    free(th);
    return 0;
}
