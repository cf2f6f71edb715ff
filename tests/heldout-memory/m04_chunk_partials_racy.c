// expect: local:vals race-free
// expect: local:partial RACE
// expect: local:job race-free
// expect: local:prev race-free
// race-lines: local:partial 34 36
// idiom: f
// twin: m04_chunk_partials.c
// Race: job id reads partial[id-1] to record the previous chunk's total, while job
// id-1 may still be writing it; nothing orders the two jobs.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N      10000
#define NJOBS  5

struct job {
    int id;
    long *chunk;
    int len;
    long *partial;
    long *prev;
};

static void *square_chunk(void *arg)
{
    struct job *job = arg;
    long s = 0;

    for (int k = 0; k < job->len; k++) {
        job->chunk[k] = job->chunk[k] * job->chunk[k];
        s += job->chunk[k];
    }
    job->partial[job->id] = s;
    if (job->id > 0)
        job->prev[job->id] = job->partial[job->id - 1];
    free(job);
    return NULL;
}

int main(void)
{
    long vals[N];
    long partial[NJOBS];
    long prev[NJOBS];
    pthread_t tid[NJOBS];
    int i;

    for (i = 0; i < N; i++)
        vals[i] = i % 100;
    prev[0] = 0;

    for (i = 0; i < NJOBS; i++) {
        struct job *job = malloc(sizeof(*job));

        if (job == NULL) {
            perror("malloc");
            return 1;
        }
        job->id = i;
        job->chunk = &vals[i * (N / NJOBS)];
        job->len = N / NJOBS;
        job->partial = partial;
        job->prev = prev;
        if (pthread_create(&tid[i], NULL, square_chunk, job) != 0) {
            fprintf(stderr, "failed to create job %d\n", i);
            free(job);
            return 1;
        }
    }
    for (i = 0; i < NJOBS; i++)
        pthread_join(tid[i], NULL);

    for (i = 0; i < NJOBS; i++)
        printf("job %d: partial %ld, previous chunk %ld\n",
               i, partial[i], prev[i]);
    printf("last value %ld\n", vals[N - 1]);
    return 0;
}
