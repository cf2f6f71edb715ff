// expect: g_state race-free
// idiom: i
// twin: m15_shared_progress_racy.c
// The one state struct is allocated by main and every field is read or written
// by the workers only while holding the mutex embedded in it.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NWORKERS   4
#define NCHUNKS  600

struct progress {
    pthread_mutex_t mu;
    unsigned long bytes_done;
    unsigned int chunks_done;
    unsigned int largest;
};

static struct progress *g_state;

static unsigned int chunk_size(unsigned int worker, unsigned int n)
{
    return 512u + (worker * 131u + n * 977u) % 8192u;
}

static void *fetcher(void *arg)
{
    unsigned int me = (unsigned int)(uintptr_t)arg;
    struct progress *st = g_state;
    unsigned int n, len, done;

    for (n = 0; n < NCHUNKS; n++) {
        len = chunk_size(me, n);
        pthread_mutex_lock(&st->mu);
        st->bytes_done += len;
        st->chunks_done++;
        if (len > st->largest)
            st->largest = len;
        done = st->chunks_done;
        pthread_mutex_unlock(&st->mu);
        if (done % 500 == 0)
            printf("[fetcher %u] %u chunks done\n", me, done);
    }
    return NULL;
}

static struct progress *progress_new(void)
{
    struct progress *p = calloc(1, sizeof(*p));

    if (p == NULL)
        return NULL;
    if (pthread_mutex_init(&p->mu, NULL) != 0) {
        free(p);
        return NULL;
    }
    return p;
}

int main(void)
{
    pthread_t th[NWORKERS];
    int i;

    g_state = progress_new();
    if (g_state == NULL) {
        fprintf(stderr, "cannot allocate progress state\n");
        return 1;
    }
    for (i = 0; i < NWORKERS; i++) {
        if (pthread_create(&th[i], NULL, fetcher, (void *)(uintptr_t)i) != 0) {
            fprintf(stderr, "cannot start fetcher %d\n", i);
            return 1;
        }
    }
    for (i = 0; i < NWORKERS; i++)
        pthread_join(th[i], NULL);

    printf("%u chunks, %lu bytes, largest chunk %u\n",
           g_state->chunks_done, g_state->bytes_done, g_state->largest);
    pthread_mutex_destroy(&g_state->mu);
    free(g_state);
    return 0;
}
