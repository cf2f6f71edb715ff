// expect: local:vals race-free
// expect: local:partial race-free
// expect: local:job race-free
// idiom: f
// twin: m04_chunk_partials_racy.c
// Each job squares its own chunk of main's stack array vals and writes partial[id];
// the offsets of the running total are computed by main after all joins.
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
    free(job);
    return NULL;
}

int main(void)
{
    long vals[N];
    long partial[NJOBS];
    long offset[NJOBS];
    pthread_t tid[NJOBS];
    int i;

    for (i = 0; i < N; i++)
        vals[i] = i % 100;

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
        if (pthread_create(&tid[i], NULL, square_chunk, job) != 0) {
            fprintf(stderr, "failed to create job %d\n", i);
            free(job);
            return 1;
        }
    }
    for (i = 0; i < NJOBS; i++)
        pthread_join(tid[i], NULL);

    offset[0] = 0;
    for (i = 1; i < NJOBS; i++)
        offset[i] = offset[i - 1] + partial[i - 1];
    for (i = 0; i < NJOBS; i++)
        printf("job %d: partial %ld, starts at running total %ld\n",
               i, partial[i], offset[i]);
    printf("sum of squares: %ld (last value %ld)\n",
           offset[NJOBS - 1] + partial[NJOBS - 1], vals[N - 1]);
    return 0;
}
