// expect: phase race-free
// expect: scale race-free
// expect: results race-free
// idiom: a
// A coordinator publishes one `scale[p]` per phase and then raises the int `phase` to p under a mutex;
// workers wait through a predicate helper `phase_reached(p)` before reading `scale[p]` for that phase.
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 3
#define NPHASES 4

static int phase; /* 0: nothing published yet */
static int scale[NPHASES + 1];
static int results[NWORKERS][NPHASES + 1];
static pthread_mutex_t phase_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t phase_cond = PTHREAD_COND_INITIALIZER;

/* caller must hold phase_lock */
static int phase_reached(int p)
{
    return phase >= p;
}

static void wait_for_phase(int p)
{
    pthread_mutex_lock(&phase_lock);
    while (!phase_reached(p))
        pthread_cond_wait(&phase_cond, &phase_lock);
    pthread_mutex_unlock(&phase_lock);
}

static void advance_phase(int p)
{
    pthread_mutex_lock(&phase_lock);
    phase = p;
    pthread_cond_broadcast(&phase_cond);
    pthread_mutex_unlock(&phase_lock);
}

static void *coordinator(void *arg)
{
    (void)arg;
    for (int p = 1; p <= NPHASES; p++) {
        scale[p] = p * 10 + 1;
        advance_phase(p);
    }
    return NULL;
}

static void *worker(void *arg)
{
    int id = (int)(long)arg;

    for (int p = 1; p <= NPHASES; p++) {
        wait_for_phase(p);
        results[id][p] = scale[p] * (id + 1);
    }
    return NULL;
}

int main(void)
{
    pthread_t coord, workers[NWORKERS];
    long total = 0;

    for (long i = 0; i < NWORKERS; i++)
        pthread_create(&workers[i], NULL, worker, (void *)i);
    pthread_create(&coord, NULL, coordinator, NULL);

    pthread_join(coord, NULL);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(workers[i], NULL);

    for (int i = 0; i < NWORKERS; i++)
        for (int p = 1; p <= NPHASES; p++)
            total += results[i][p];
    printf("total = %ld\n", total);
    return 0;
}
