// expect: next_slot race-free
// expect: reports race-free
// expect: local:seeds race-free
// idiom: g
// Each worker takes a slot with __sync_fetch_and_add and stores its own malloc'ed
// report string into reports[slot]; main prints and frees them after the joins.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NWORKERS   5
#define REPORT_LEN 96

static unsigned int next_slot;
static char *reports[NWORKERS];

static unsigned long checksum_block(unsigned int seed)
{
    unsigned long h = 5381;
    int k;

    for (k = 0; k < 100000; k++)
        h = h * 33 + (unsigned long)(rand_r(&seed) & 0xff);
    return h;
}

static void *checker(void *arg)
{
    unsigned int slot = __sync_fetch_and_add(&next_slot, 1);
    unsigned int seed = *(unsigned int *)arg;
    char *msg = malloc(REPORT_LEN);

    if (msg == NULL)
        return NULL;
    snprintf(msg, REPORT_LEN, "slot %u: seed %u -> %#lx", slot, seed,
             checksum_block(seed));
    reports[slot] = msg;
    return NULL;
}

int main(void)
{
    pthread_t th[NWORKERS];
    unsigned int seeds[NWORKERS];
    size_t longest = 0;
    int i;

    for (i = 0; i < NWORKERS; i++) {
        seeds[i] = 1000u + 17u * (unsigned int)i;
        if (pthread_create(&th[i], NULL, checker, &seeds[i]) != 0) {
            fprintf(stderr, "could not start checker %d\n", i);
            exit(1);
        }
    }
    for (i = 0; i < NWORKERS; i++) {
        if (pthread_join(th[i], NULL) != 0) {
            fprintf(stderr, "could not join checker %d\n", i);
            exit(1);
        }
    }

    for (i = 0; i < NWORKERS; i++) {
        if (reports[i] == NULL) {
            printf("slot %d: (no report)\n", i);
            continue;
        }
        puts(reports[i]);
        if (strlen(reports[i]) > longest)
            longest = strlen(reports[i]);
        free(reports[i]);
    }
    printf("%d reports, longest %zu chars\n", NWORKERS, longest);
    return 0;
}
