// expect: slots race-free
// idiom: c
// Each worker owns a private range of `slots`; the slots after the private ranges are shared. A worker
// computes `bool locked = !owns_slot(id, s)` and takes the mutex only if locked, releasing it the same way.
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#define NWORKERS 4
#define PRIVATE_PER_WORKER 8
#define NSHARED 4
#define NSLOTS (NWORKERS * PRIVATE_PER_WORKER + NSHARED)
#define OPS 5000

static long slots[NSLOTS];
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

static bool owns_slot(int id, int s)
{
    return s >= id * PRIVATE_PER_WORKER && s < (id + 1) * PRIVATE_PER_WORKER;
}

static int pick_slot(int id, unsigned *rng)
{
    *rng = *rng * 1103515245U + 12345U;
    if ((*rng >> 16) % 4 == 0)
        return NWORKERS * PRIVATE_PER_WORKER + (int)((*rng >> 8) % NSHARED);
    return id * PRIVATE_PER_WORKER + (int)((*rng >> 8) % PRIVATE_PER_WORKER);
}

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    unsigned rng = (unsigned)id + 17U;

    for (int i = 0; i < OPS; i++) {
        int s = pick_slot(id, &rng);
        bool locked = !owns_slot(id, s);

        if (locked)
            pthread_mutex_lock(&shared_lock);
        slots[s] += 1;
        if (locked)
            pthread_mutex_unlock(&shared_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t tids[NWORKERS];
    long priv = 0, shared = 0;

    for (long i = 0; i < NWORKERS; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(tids[i], NULL);

    for (int s = 0; s < NSLOTS; s++) {
        if (s < NWORKERS * PRIVATE_PER_WORKER)
            priv += slots[s];
        else
            shared += slots[s];
    }
    printf("private=%ld shared=%ld total=%ld\n", priv, shared, priv + shared);
    return 0;
}
