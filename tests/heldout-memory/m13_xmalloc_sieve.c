// expect: local:tasks race-free
// expect: local:scratch race-free
// idiom: i
// twin: m13_xmalloc_sieve_racy.c
// main gives every task its own xmalloc'ed sieve buffer (a new one per loop
// iteration), so no two threads ever share scratch memory.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NTASKS 4
#define LIMIT  200000

struct task {
    int id;
    int limit;
    char *scratch;
    long nprimes;
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n);

    if (p == NULL) {
        fprintf(stderr, "out of memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}

static void *count_primes(void *arg)
{
    struct task *t = arg;
    char *sieve = t->scratch;
    long i, j, found = 0;

    for (i = 0; i < t->limit; i++)
        sieve[i] = (i >= 2);
    for (i = 2; i * i < t->limit; i++)
        if (sieve[i])
            for (j = i * i; j < t->limit; j += i)
                sieve[j] = 0;
    for (i = 0; i < t->limit; i++)
        if (sieve[i])
            found++;
    t->nprimes = found;
    return NULL;
}

int main(void)
{
    pthread_t th[NTASKS];
    struct task *tasks[NTASKS];
    char *scratch;
    int i;

    for (i = 0; i < NTASKS; i++) {
        scratch = xmalloc(LIMIT);
        tasks[i] = xmalloc(sizeof(struct task));
        tasks[i]->id = i;
        tasks[i]->limit = LIMIT / NTASKS * (i + 1);
        tasks[i]->scratch = scratch;
        tasks[i]->nprimes = 0;
        if (pthread_create(&th[i], NULL, count_primes, tasks[i]) != 0) {
            fprintf(stderr, "pthread_create failed for task %d\n", i);
            return EXIT_FAILURE;
        }
    }
    for (i = 0; i < NTASKS; i++)
        pthread_join(th[i], NULL);

    for (i = 0; i < NTASKS; i++) {
        printf("task %d: %ld primes below %d\n",
               tasks[i]->id, tasks[i]->nprimes, tasks[i]->limit);
        free(tasks[i]->scratch);
        free(tasks[i]);
    }
    return EXIT_SUCCESS;
}
