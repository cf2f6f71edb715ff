// expect: g_head race-free
// expect: local:strides race-free
// idiom: h
// A singly linked list built by main whose nodes each embed a mutex. Walker threads
// traverse the (fixed) list and bump a node's hit counter, capped at HIT_CAP, while
// holding that node's lock.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define HIT_CAP 1500

struct node {
    int key;
    int hits;
    pthread_mutex_t mtx;
    struct node *next;
};

static struct node *g_head;

static struct node *node_push(struct node *head, int key)
{
    struct node *n = malloc(sizeof *n);
    if (!n) { perror("malloc"); exit(1); }
    n->key = key;
    n->hits = 0;
    pthread_mutex_init(&n->mtx, NULL);
    n->next = head;
    return n;
}

static void *walker(void *arg)
{
    int stride = *(int *)arg;

    for (int round = 0; round < 400; round++) {
        for (struct node *n = g_head; n != NULL; n = n->next) {
            if (n->key % stride != 0)
                continue;
            pthread_mutex_lock(&n->mtx);
            if (n->hits < HIT_CAP)
                n->hits++;
            pthread_mutex_unlock(&n->mtx);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    long nthr = argc > 1 ? strtol(argv[1], NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    pthread_t *tid;
    int *strides;
    long i;

    if (nthr < 1) nthr = 1;
    if (nthr > 32) nthr = 32;
    for (int k = 0; k < 40; k++)
        g_head = node_push(g_head, k);
    tid = malloc((size_t)nthr * sizeof *tid);
    strides = malloc((size_t)nthr * sizeof *strides);
    if (!tid || !strides) return 1;

    for (i = 0; i < nthr; i++) {
        strides[i] = 1 + (int)(i % 3);
        pthread_create(&tid[i], NULL, walker, &strides[i]);
    }
    for (i = 0; i < nthr; i++)
        pthread_join(tid[i], NULL);

    while (g_head) {
        struct node *n = g_head;
        g_head = n->next;
        if (n->hits)
            printf("key %2d: %d hits\n", n->key, n->hits);
        pthread_mutex_destroy(&n->mtx);
        free(n);
    }
    free(strides);
    free(tid);
    return 0;
}
