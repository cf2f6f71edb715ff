// expect: digest race-free
// idiom: b
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static uint64_t digest;
static pthread_mutex_t digest_mu = PTHREAD_MUTEX_INITIALIZER;

static void *hash_block(void *arg)
{
    uint64_t h = 1469598103934665603ULL;
    uintptr_t block = (uintptr_t)arg;

    for (unsigned k = 0; k < 4096; k++) {
        h ^= (block << 12) + k;
        h *= 1099511628211ULL;
    }
    pthread_mutex_lock(&digest_mu);
    digest ^= h;
    pthread_mutex_unlock(&digest_mu);
    return NULL;
}

static pthread_t *workers_start(size_t count)
{
    pthread_t *handles = malloc(count * sizeof(pthread_t));

    if (handles == NULL) {
        perror("malloc");
        exit(1);
    }
    for (size_t i = 0; i < count; i++) {
        if (pthread_create(&handles[i], NULL, hash_block, (void *)(uintptr_t)i) != 0) {
            fputs("workers_start: cannot create thread\n", stderr);
            exit(1);
        }
    }
    return handles;
}

static void workers_join(pthread_t *handles, size_t count)
{
    size_t i = count;

    while (i > 0) {
        i--;
        if (pthread_join(handles[i], NULL) != 0) {
            fputs("workers_join: join failed\n", stderr);
            exit(1);
        }
    }
    free(handles);
}

int main(int argc, char **argv)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    size_t count = cpus > 0 ? (size_t)cpus : 1;
    pthread_t *h;

    if (argc == 2)
        count = strtoul(argv[1], NULL, 0);
    if (count == 0)
        count = 1;
    h = workers_start(count);
    workers_join(h, count);
    printf("digest(%zu blocks) = %016llx\n", count, (unsigned long long)digest);
    return 0;
}
