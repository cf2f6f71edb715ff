// expect: running race-free
// expect: total_bytes race-free
// idiom: c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_done = PTHREAD_COND_INITIALIZER;
static int running;
static long total_bytes;

static void *copier(void *arg)
{
    long id = (long)arg;
    long bytes = 0;

    for (int blk = 0; blk < 64; blk++)
        bytes += (id + 1) * 512 + blk;

    pthread_mutex_lock(&state_lock);
    total_bytes += bytes;
    if (--running == 0)
        pthread_cond_signal(&all_done);
    pthread_mutex_unlock(&state_lock);
    return NULL;
}

int main(int argc, char *argv[])
{
    pthread_attr_t attr;
    pthread_t tid;
    int nthreads, i, rc;

    nthreads = argc > 1 ? atoi(argv[1]) : 3;
    if (nthreads <= 0) {
        fprintf(stderr, "usage: %s NTHREADS\n", argv[0]);
        return 1;
    }
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    for (i = 0; i < nthreads; i++) {
        pthread_mutex_lock(&state_lock);
        running++;
        pthread_mutex_unlock(&state_lock);
        rc = pthread_create(&tid, &attr, copier, (void *)(long)i);
        if (rc != 0) {
            fprintf(stderr, "pthread_create: %s\n", strerror(rc));
            pthread_mutex_lock(&state_lock);
            running--;
            pthread_mutex_unlock(&state_lock);
            break;
        }
    }
    pthread_attr_destroy(&attr);

    pthread_mutex_lock(&state_lock);
    while (running > 0)
        pthread_cond_wait(&all_done, &state_lock);
    pthread_mutex_unlock(&state_lock);

    printf("copied %ld bytes with %d threads\n", total_bytes, i);
    return 0;
}
