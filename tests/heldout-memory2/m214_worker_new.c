// expect: local:crew race-free
// idiom: i
// Objects built by a constructor, worker_new(), each owning a heap sample buffer;
// every object is handed to exactly one thread, which fills it and computes stats.
// main reads the stats after joining and releases everything with worker_free().
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct Worker {
    pthread_t thread;
    int id;
    size_t len;
    double scale;
    double *samples;
    double mean, peak;
} Worker;

static Worker *worker_new(int id, size_t len)
{
    Worker *w = calloc(1, sizeof *w);

    if (w == NULL)
        return NULL;
    w->samples = malloc(len * sizeof *w->samples);
    if (w->samples == NULL) {
        free(w);
        return NULL;
    }
    w->id = id;
    w->len = len;
    w->scale = 1.0;
    return w;
}

static void worker_free(Worker *w)
{
    if (w) {
        free(w->samples);
        free(w);
    }
}

static void *worker_run(void *opaque)
{
    Worker *self = opaque;
    unsigned long s = 2463534242UL + (unsigned long)self->id;
    double sum = 0.0;

    for (size_t i = 0; i < self->len; ++i) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        self->samples[i] = self->scale * (double)(s % 10000) / 100.0;
        sum += self->samples[i];
        if (self->samples[i] > self->peak)
            self->peak = self->samples[i];
    }
    self->mean = sum / (double)self->len;
    return NULL;
}

int main(int argc, char **argv)
{
    int count = (argc > 1) ? atoi(argv[1]) : 3;
    Worker **crew;

    if (count < 1 || count > 64)
        count = 3;
    crew = calloc((size_t)count, sizeof *crew);
    if (crew == NULL)
        return EXIT_FAILURE;

    for (int i = 0; i < count; ++i) {
        crew[i] = worker_new(i, 4096);
        if (crew[i] == NULL)
            return EXIT_FAILURE;
        crew[i]->scale = 1.0 + 0.5 * i;
        if (pthread_create(&crew[i]->thread, NULL, worker_run, crew[i]) != 0)
            return EXIT_FAILURE;
    }
    for (int i = 0; i < count; ++i)
        pthread_join(crew[i]->thread, NULL);

    for (int i = 0; i < count; ++i) {
        printf("worker %d: mean %.3f peak %.3f\n", crew[i]->id, crew[i]->mean, crew[i]->peak);
        worker_free(crew[i]);
    }
    free(crew);
    return EXIT_SUCCESS;
}
