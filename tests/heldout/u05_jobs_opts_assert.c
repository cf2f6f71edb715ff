// expect: checksum race-free
// idiom: a
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct options {
    int jobs;
    int chunk;
};

struct job {
    int first;
    int len;
};

static unsigned long long checksum;
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;

static void *run_job(void *p)
{
    struct job *jb = p;
    unsigned long long h = 0;

    for (int k = jb->first; k < jb->first + jb->len; k++)
        h = h * 31 + (unsigned)k;
    pthread_mutex_lock(&mtx);
    checksum ^= h;
    pthread_mutex_unlock(&mtx);
    return NULL;
}

int main(int argc, char **argv)
{
    struct options opts = { .jobs = 2, .chunk = 4096 };
    pthread_t th[64], tail;
    struct job jb[65];
    int i, err;

    for (i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-j") == 0)
            opts.jobs = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-c") == 0)
            opts.chunk = atoi(argv[i + 1]);
    }
    if (opts.jobs < 1 || opts.jobs > 64)
        opts.jobs = 1;

    i = 0;
    while (i < opts.jobs) {
        jb[i].first = i * opts.chunk;
        jb[i].len = opts.chunk;
        err = pthread_create(&th[i], NULL, run_job, &jb[i]);
        assert(err == 0);
        i++;
    }
    jb[i].first = i * opts.chunk;
    jb[i].len = opts.chunk / 2;
    err = pthread_create(&tail, NULL, run_job, &jb[i]);
    assert(err == 0);

    i = 0;
    while (i < opts.jobs) {
        err = pthread_join(th[i], NULL);
        assert(err == 0);
        i++;
    }
    err = pthread_join(tail, NULL);
    assert(err == 0);
    (void)err;
    printf("%d jobs, checksum %llx\n", opts.jobs + 1, checksum);
    return 0;
}
