// expect: go race-free
// expect: cfg race-free
// expect: area race-free
// idiom: b
// twin: s05_atomic_go_racy.c
// main starts a data-dependent number of workers that spin on `while (!atomic_load(&go));`, then fills
// the plain struct `cfg` and does atomic_store(&go, 1) (seq_cst); each worker reads cfg into its own `area` slot.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORKERS 16

struct config {
    int width;
    int height;
    char name[16];
};

static atomic_int go;
static struct config cfg;
static long area[MAX_WORKERS];

static void *worker(void *arg)
{
    int id = (int)(long)arg;

    while (!atomic_load(&go))
        ;
    area[id] = (long)cfg.width * cfg.height + (long)strlen(cfg.name) + id;
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[MAX_WORKERS];
    int n = argc > 1 ? atoi(argv[1]) : 4;
    long sum = 0;

    if (n < 1)
        n = 1;
    if (n > MAX_WORKERS)
        n = MAX_WORKERS;

    for (long i = 0; i < n; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i);

    cfg.width = 640;
    cfg.height = 480;
    strcpy(cfg.name, "preview");
    atomic_store(&go, 1);

    for (int i = 0; i < n; i++)
        pthread_join(tids[i], NULL);
    for (int i = 0; i < n; i++)
        sum += area[i];
    printf("%d workers, sum = %ld\n", n, sum);
    return 0;
}
