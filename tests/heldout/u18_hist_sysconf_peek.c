// expect: histogram RACE
// race-lines: histogram 27 56
// idiom: a
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define NBUCKETS 16

static unsigned long histogram[NBUCKETS];
static pthread_mutex_t hist_mutex = PTHREAD_MUTEX_INITIALIZER;

static void *hist_worker(void *arg)
{
    unsigned seed = (unsigned)(unsigned long)arg * 2654435761u;
    unsigned long local[NBUCKETS] = {0};
    int k;

    for (k = 0; k < 100000; k++) {
        seed = seed * 1103515245u + 12345u;
        local[(seed >> 16) % NBUCKETS]++;
    }
    pthread_mutex_lock(&hist_mutex);
    for (k = 0; k < NBUCKETS; k++)
        histogram[k] += local[k];
    pthread_mutex_unlock(&hist_mutex);
    return NULL;
}

int main(void)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    pthread_t *threads;
    long i;
    int rc;

    if (ncpu < 1)
        ncpu = 1;
    threads = malloc(ncpu * sizeof(*threads));
    if (threads == NULL) {
        perror("malloc");
        exit(EXIT_FAILURE);
    }
    i = 0;
    while (i < ncpu) {
        rc = pthread_create(&threads[i], NULL, hist_worker, (void *)i);
        if (rc != 0) {
            errno = rc;
            perror("pthread_create");
            exit(EXIT_FAILURE);
        }
        i++;
    }
    fprintf(stderr, "started %ld workers, bucket 0 = %lu\n", ncpu, histogram[0]);
    for (i = ncpu - 1; i >= 0; i--) {
        rc = pthread_join(threads[i], NULL);
        if (rc != 0) {
            errno = rc;
            perror("pthread_join");
            exit(EXIT_FAILURE);
        }
    }
    free(threads);
    for (i = 0; i < NBUCKETS; i++)
        printf("%2ld: %lu\n", i, histogram[i]);
    return 0;
}
