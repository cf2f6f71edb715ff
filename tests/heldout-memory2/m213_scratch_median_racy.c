// expect: readings race-free
// expect: local:jobs race-free
// expect: local:scratch RACE
// race-lines: local:scratch 54 54
// idiom: i
// twin: m213_scratch_median.c
// Same median computation, but main "saves allocations" by xmalloc'ing one scratch
// buffer and handing the same pointer to every job, so all threads sort in it at once.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREADINGS 2400
#define NJOBS     6

static int readings[NREADINGS];

struct median_job {
    size_t first, count;
    int *scratch;
    int median;
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL) {
        fprintf(stderr, "xmalloc: out of memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}

static void insertion_sort(int *a, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        int key = a[i];
        size_t j = i;
        while (j > 0 && a[j - 1] > key) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = key;
    }
}

static void *median_worker(void *arg)
{
    struct median_job *job = arg;
    int *scratch = job->scratch;

    for (size_t k = 0; k < job->count; k++)
        scratch[k] = readings[job->first + k];
    insertion_sort(scratch, job->count);
    job->median = scratch[job->count / 2];
    return NULL;
}

int main(void)
{
    struct median_job jobs[NJOBS];
    pthread_t th[NJOBS];
    int *scratch = xmalloc((NREADINGS / NJOBS) * sizeof *scratch);
    unsigned x = 7;

    for (size_t i = 0; i < NREADINGS; i++) {
        x = x * 1664525u + 1013904223u;
        readings[i] = (int)(x >> 20);
    }
    memset(jobs, 0, sizeof jobs);
    for (int j = 0; j < NJOBS; j++) {
        jobs[j].first = (size_t)j * (NREADINGS / NJOBS);
        jobs[j].count = NREADINGS / NJOBS;
        jobs[j].scratch = scratch;
        if (pthread_create(&th[j], NULL, median_worker, &jobs[j]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    for (int j = 0; j < NJOBS; j++)
        pthread_join(th[j], NULL);
    for (int j = 0; j < NJOBS; j++)
        printf("segment %d: median %d\n", j, jobs[j].median);
    free(scratch);
    return 0;
}
