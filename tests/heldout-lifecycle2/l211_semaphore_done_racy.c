// expect: blocks race-free
// expect: digest RACE
// expect: finished race-free
// race-lines: digest 33 71
// idiom: c
// twin: l211_semaphore_done.c
// Block hashing with detached threads and a "done" semaphore. Bug: the wait loop starts at
// 1, so main waits only nblocks-1 times and can read the slowest worker's digest too early.
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_BLOCKS 32
#define BLOCK_SIZE 512

static unsigned char blocks[MAX_BLOCKS][BLOCK_SIZE];
static uint64_t digest[MAX_BLOCKS];
static sem_t finished;

static void *hash_block(void *arg)
{
    long id = (long)(intptr_t)arg;
    uint64_t h = 0xcbf29ce484222325ULL;

    for (long round = 0; round < (id + 1) * 128; round++)
        for (int i = 0; i < BLOCK_SIZE; i++) {
            h ^= blocks[id][i];
            h *= 0x100000001b3ULL;
        }
    digest[id] = h;
    sem_post(&finished);
    return NULL;
}

int main(int argc, char **argv)
{
    long nblocks = argc > 1 ? strtol(argv[1], NULL, 10) : 6;
    long i;

    if (nblocks < 1 || nblocks > MAX_BLOCKS)
        nblocks = 6;
    for (i = 0; i < nblocks; i++)
        for (int j = 0; j < BLOCK_SIZE; j++)
            blocks[i][j] = (unsigned char)(i * 131 + j * 7);
    if (sem_init(&finished, 0, 0) == -1) {
        perror("sem_init");
        return 1;
    }

    i = 0;
    while (i < nblocks) {
        pthread_t t;
        int rc = pthread_create(&t, NULL, hash_block, (void *)(intptr_t)i);
        if (rc != 0) {
            fprintf(stderr, "block %ld: pthread_create returned %d\n", i, rc);
            return 1;
        }
        pthread_detach(t);
        i++;
    }

    for (i = 1; i < nblocks; i++) {
        while (sem_wait(&finished) == -1 && errno == EINTR)
            continue;
    }

    for (i = 0; i < nblocks; i++)
        printf("block %2ld: %016llx\n", i, (unsigned long long)digest[i]);
    sem_destroy(&finished);
    return 0;
}
