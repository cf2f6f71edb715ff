// expect: slots race-free
// expect: threshold race-free
// expect: verbose race-free
// expect: above race-free
// idiom: e
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_SLOTS 256

struct slot {
    pthread_t tid;
    int lo, hi;
};

static struct slot slots[MAX_SLOTS];
static double threshold = 0.5;
static int verbose;
static int above;
static pthread_mutex_t above_lock = PTHREAD_MUTEX_INITIALIZER;

static void *classify(void *arg)
{
    struct slot *me = arg;
    int n = 0;

    for (int v = me->lo; v < me->hi; v++) {
        double x = v * 0.6180339887;
        if (x - (long)x > threshold)
            n++;
    }
    if (verbose)
        fprintf(stderr, "[%d,%d): %d above %.2f\n", me->lo, me->hi, n, threshold);
    pthread_mutex_lock(&above_lock);
    above += n;
    pthread_mutex_unlock(&above_lock);
    return NULL;
}

int main(void)
{
    long nslots = sysconf(_SC_NPROCESSORS_ONLN);
    const char *t = getenv("THRESHOLD");
    int i, rc;

    if (t)
        threshold = atof(t);
    verbose = getenv("VERBOSE") != NULL;
    if (nslots < 1)
        nslots = 1;
    if (nslots > MAX_SLOTS)
        nslots = MAX_SLOTS;

    i = 0;
    while (i < nslots) {
        slots[i].lo = i * 1000;
        slots[i].hi = (i + 1) * 1000;
        rc = pthread_create(&slots[i].tid, NULL, classify, &slots[i]);
        if (rc) {
            fprintf(stderr, "pthread_create: error %d\n", rc);
            exit(EXIT_FAILURE);
        }
        i++;
    }
    while (i-- > 0) {
        rc = pthread_join(slots[i].tid, NULL);
        if (rc) {
            fprintf(stderr, "pthread_join: error %d\n", rc);
            exit(EXIT_FAILURE);
        }
    }
    printf("%d of %ld values above %.2f\n", above, nslots * 1000, threshold);
    return 0;
}
