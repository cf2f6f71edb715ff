// expect: partial race-free
// expect: total race-free
// idiom: d
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXW 32

static long partial[MAXW];
static long total;
static pthread_mutex_t total_mtx = PTHREAD_MUTEX_INITIALIZER;

static void *helper(void *arg)
{
    long id = (long)arg;
    long s = 0;

    for (long k = 0; k < 10000; k++)
        s += (k ^ id) & 0xff;
    partial[id] = s;
    return NULL;
}

static void *outer(void *arg)
{
    long id = (long)arg;
    pthread_t child;
    long mine = 0;
    int rc;

    if ((rc = pthread_create(&child, NULL, helper, arg)) != 0) {
        fprintf(stderr, "worker %ld: cannot start helper (%d)\n", id, rc);
        return NULL;
    }
    for (long k = 0; k < 10000; k++)
        mine += (k * id) & 0xff;
    if ((rc = pthread_join(child, NULL)) != 0)
        return NULL;
    mine += partial[id];

    pthread_mutex_lock(&total_mtx);
    total += mine;
    pthread_mutex_unlock(&total_mtx);
    return NULL;
}

int main(int argc, char **argv)
{
    int nw = argc > 1 ? atoi(argv[1]) : 4;
    pthread_t tids[MAXW];
    int i;

    if (nw < 1 || nw > MAXW) {
        fprintf(stderr, "need 1..%d workers\n", MAXW);
        return 1;
    }
    for (i = 0; i < nw; i++)
        if (pthread_create(&tids[i], NULL, outer, (void *)(long)i) != 0) {
            fprintf(stderr, "cannot create worker %d\n", i);
            return 1;
        }
    for (i = 0; i < nw; i++)
        pthread_join(tids[i], NULL);
    printf("total = %ld\n", total);
    return 0;
}
