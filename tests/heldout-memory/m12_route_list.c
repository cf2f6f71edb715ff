// expect: routes race-free
// expect: local:seeds race-free
// idiom: h
// The route list is built by main before the threads start and never relinked;
// workers walk it read-only and lock the node's own mutex to update its counters.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NROUTES  12
#define NTHREADS  4
#define NPACKETS 8000

struct route {
    unsigned int prefix;
    pthread_mutex_t lock;
    unsigned long packets;
    unsigned long bytes;
    struct route *next;
};

static struct route *routes;

static struct route *route_lookup(unsigned int dst)
{
    struct route *r;

    for (r = routes; r != NULL; r = r->next)
        if ((dst >> 28) == r->prefix)
            return r;
    return NULL;
}

static void *forwarder(void *arg)
{
    unsigned int seed = *(unsigned int *)arg;
    int n;

    for (n = 0; n < NPACKETS; n++) {
        unsigned int dst = (unsigned int)rand_r(&seed) * 2654435761u;
        struct route *r = route_lookup(dst);

        if (r == NULL)
            continue;
        pthread_mutex_lock(&r->lock);
        r->packets++;
        r->bytes += 64 + dst % 1400;
        pthread_mutex_unlock(&r->lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t th[NTHREADS];
    unsigned int seeds[NTHREADS];
    struct route *r;
    int i;

    for (i = NROUTES - 1; i >= 0; i--) {
        r = calloc(1, sizeof(*r));
        if (r == NULL) {
            perror("calloc");
            return 1;
        }
        r->prefix = (unsigned int)i;
        pthread_mutex_init(&r->lock, NULL);
        r->next = routes;
        routes = r;
    }

    for (i = 0; i < NTHREADS; i++) {
        seeds[i] = 42u + (unsigned int)i;
        if (pthread_create(&th[i], NULL, forwarder, &seeds[i]) != 0) {
            fprintf(stderr, "cannot create forwarder %d\n", i);
            return 1;
        }
    }
    for (i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);

    while (routes != NULL) {
        r = routes;
        routes = r->next;
        printf("route %x/4: %lu packets, %lu bytes\n", r->prefix, r->packets, r->bytes);
        pthread_mutex_destroy(&r->lock);
        free(r);
    }
    return 0;
}
