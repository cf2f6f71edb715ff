// expect: needle race-free
// expect: matches race-free
// idiom: c
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *needle = "ab";
static long matches;
static pthread_mutex_t match_lock = PTHREAD_MUTEX_INITIALIZER;
static sem_t finished;

static void *scan_chunk(void *arg)
{
    long seed = (long)arg;
    char buf[256];
    long found = 0;
    size_t nlen = strlen(needle);

    for (int k = 0; k < 255; k++)
        buf[k] = (char)('a' + (seed * 131 + k * 7) % 3);
    buf[255] = '\0';
    for (const char *p = buf; (p = strstr(p, needle)) != NULL; p += nlen)
        found++;

    pthread_mutex_lock(&match_lock);
    matches += found;
    pthread_mutex_unlock(&match_lock);
    sem_post(&finished);
    return NULL;
}

int main(void)
{
    const char *jobs_env = getenv("JOBS");
    const char *pat = getenv("PATTERN");
    int jobs = jobs_env ? atoi(jobs_env) : 4;
    int started = 0;

    if (pat != NULL && *pat != '\0')
        needle = pat;
    if (jobs < 1)
        jobs = 1;
    if (sem_init(&finished, 0, 0) == -1) {
        perror("sem_init");
        return 1;
    }
    for (int i = 0; i < jobs; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, scan_chunk, (void *)(long)i) != 0) {
            fprintf(stderr, "could not start job %d\n", i);
            break;
        }
        pthread_detach(t);
        started++;
    }
    for (int i = 0; i < started; i++) {
        while (sem_wait(&finished) == -1 && errno == EINTR)
            continue;
    }
    printf("'%s' occurs %ld times in %d chunks\n", needle, matches, started);
    return 0;
}
