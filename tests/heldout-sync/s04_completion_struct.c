// expect: local:reqs race-free
// expect: client_total race-free
// expect: client_steps race-free
// idiom: a
// twin: s04_completion_struct_racy.c
// Each request in main's array `reqs` embeds a completion (mutex + cond + bool done); a server thread
// fills in output and steps and then completes the request, and a client waits on each completion before reading them.
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#define NREQ 8

struct completion {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool done;
};

struct request {
    int input;
    long output;
    int steps;
    struct completion comp;
};

static long client_total;
static long client_steps;

static void init_completion(struct completion *c)
{
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    c->done = false;
}

static void complete(struct completion *c)
{
    pthread_mutex_lock(&c->mu);
    c->done = true;
    pthread_cond_signal(&c->cv);
    pthread_mutex_unlock(&c->mu);
}

static void wait_for_completion(struct completion *c)
{
    pthread_mutex_lock(&c->mu);
    while (!c->done)
        pthread_cond_wait(&c->cv, &c->mu);
    pthread_mutex_unlock(&c->mu);
}

static void *server(void *arg)
{
    struct request *req = arg;

    for (int i = 0; i < NREQ; i++) {
        long acc = 1;
        int steps = 0;
        for (int k = 2; k <= req[i].input; k++, steps++)
            acc *= k;
        req[i].output = acc;
        req[i].steps = steps;
        complete(&req[i].comp);
    }
    return NULL;
}

static void *client(void *arg)
{
    struct request *req = arg;

    for (int i = 0; i < NREQ; i++) {
        wait_for_completion(&req[i].comp);
        client_total += req[i].output;
        client_steps += req[i].steps;
    }
    return NULL;
}

int main(void)
{
    struct request reqs[NREQ];
    pthread_t srv, cli;

    for (int i = 0; i < NREQ; i++) {
        reqs[i].input = i + 3;
        reqs[i].output = 0;
        reqs[i].steps = 0;
        init_completion(&reqs[i].comp);
    }

    pthread_create(&cli, NULL, client, reqs);
    pthread_create(&srv, NULL, server, reqs);
    pthread_join(srv, NULL);
    pthread_join(cli, NULL);

    printf("total = %ld, steps = %ld\n", client_total, client_steps);
    return 0;
}
