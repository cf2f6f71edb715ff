// expect: served race-free
// idiom: b
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int served;
static pthread_mutex_t served_lock = PTHREAD_MUTEX_INITIALIZER;

static void *handle_requests(void *arg)
{
    int quota = *(const int *)arg;

    for (int r = 0; r < quota; r++) {
        pthread_mutex_lock(&served_lock);
        served++;
        pthread_mutex_unlock(&served_lock);
    }
    return NULL;
}

static int spawn_all(pthread_t *tids, int n, int *quota)
{
    for (int i = 0; i < n; i++) {
        int rc = pthread_create(&tids[i], NULL, handle_requests, quota);
        if (rc != 0) {
            fprintf(stderr, "spawn_all: thread %d: error %d\n", i, rc);
            return -1;
        }
    }
    return 0;
}

static void join_all(pthread_t *tids, int n)
{
    for (int i = 0; i < n; i++)
        if (pthread_join(tids[i], NULL) != 0) {
            fprintf(stderr, "join_all: cannot join thread %d\n", i);
            exit(EXIT_FAILURE);
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    int quota = argc > 2 ? atoi(argv[2]) : 1000;
    pthread_t *tids;

    if (n < 1)
        n = 1;
    tids = malloc(n * sizeof *tids);
    if (tids == NULL)
        return 1;
    if (spawn_all(tids, n, &quota) != 0)
        exit(EXIT_FAILURE);
    join_all(tids, n);
    printf("served %d requests with %d threads\n", served, n);
    free(tids);
    return 0;
}
