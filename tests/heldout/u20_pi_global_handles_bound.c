// expect: hits RACE
// race-lines: hits 28 57
// idiom: a
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 128
#define SAMPLES 200000

pthread_t workers[MAX_WORKERS];
int nworkers;
long hits;
pthread_mutex_t hits_mtx = PTHREAD_MUTEX_INITIALIZER;

void *monte_carlo(void *arg)
{
    unsigned int seed = (unsigned int)(long)arg + 1;
    long inside = 0;

    for (int k = 0; k < SAMPLES; k++) {
        double x = rand_r(&seed) / (double)RAND_MAX;
        double y = rand_r(&seed) / (double)RAND_MAX;
        if (x * x + y * y <= 1.0)
            inside++;
    }
    pthread_mutex_lock(&hits_mtx);
    hits += inside;
    pthread_mutex_unlock(&hits_mtx);
    return NULL;
}

int main(int argc, char *argv[])
{
    int i, total;

    nworkers = (argc > 1) ? atoi(argv[1]) : 4;
    if (nworkers < 1 || nworkers > MAX_WORKERS) {
        fprintf(stderr, "nworkers must be in 1..%d\n", MAX_WORKERS);
        return 2;
    }
    total = nworkers;
    for (i = 0; i < nworkers; i++) {
        if (pthread_create(&workers[i], NULL, monte_carlo, (void *)(long)i) != 0) {
            fprintf(stderr, "Unable to create thread %d\n", i);
            return 1;
        }
    }
    if (nworkers > 1)
        nworkers--;     /* last slot is the reporter, it finishes on its own */
    for (i = nworkers; i-- > 0; ) {
        if (pthread_join(workers[i], NULL) != 0) {
            fprintf(stderr, "Unable to join thread %d\n", i);
            return 1;
        }
    }
    printf("pi ~= %f\n", 4.0 * hits / ((double)SAMPLES * total));
    return 0;
}
