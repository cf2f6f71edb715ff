// expect: reqs RACE
// race-lines: reqs 35 82
// idiom: b
// twin: l209_handle_returned.c
// One thread per simulated request, handles returned by launch(). Bug: the last request
// is detached as "fire and forget", yet main still prints its digest without waiting.
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct request {
    const char *path;
    unsigned rounds;
    unsigned long digest;
};

static struct request reqs[] = {
    { "/index.html", 2000, 0 },
    { "/img/logo.png", 3000, 0 },
    { "/api/v1/users", 1500, 0 },
    { "/api/v1/orders", 2500, 0 },
    { "/robots.txt", 500, 0 },
};
#define NREQ (sizeof reqs / sizeof reqs[0])

static void *serve(void *arg)
{
    struct request *r = arg;
    unsigned long h = 5381;

    for (unsigned round = 0; round < r->rounds; round++)
        for (const char *c = r->path; *c; c++)
            h = h * 33 + (unsigned char)*c + round;
    r->digest = h;
    return NULL;
}

static pthread_t launch(struct request *r)
{
    pthread_t t;
    int e = pthread_create(&t, NULL, serve, r);

    if (e != 0) {
        errno = e;
        perror("launch");
        exit(2);
    }
    return t;
}

static void finish(pthread_t t)
{
    int e = pthread_join(t, NULL);

    if (e != 0) {
        errno = e;
        perror("finish");
    }
}

int main(int argc, char **argv)
{
    pthread_t handle[NREQ];
    size_t nreq = NREQ;
    size_t i;

    if (argc > 1) {
        long want = atol(argv[1]);
        if (want > 0 && (size_t)want < NREQ)
            nreq = (size_t)want;
    }

    for (i = 0; i + 1 < nreq; i++)
        handle[i] = launch(&reqs[i]);
    /* the last request is only a cache warm-up: fire and forget */
    pthread_detach(launch(&reqs[nreq - 1]));
    for (i = 0; i + 1 < nreq; i++)
        finish(handle[i]);

    for (i = 0; i < nreq; i++)
        printf("%-16s etag=%016lx\n", reqs[i].path, reqs[i].digest);
    return 0;
}
