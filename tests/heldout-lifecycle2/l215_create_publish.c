// expect: settings race-free
// expect: local:job race-free
// expect: scaled_total race-free
// expect: summary race-free
// idiom: e
// main fills in global settings and a local job before starting a coordinator; the
// coordinator and the helper it spawns only read them. Results are read after joins.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_READINGS 64

struct settings {
    int threshold;
    double scale;
    char label[32];
};

struct job {
    size_t n;
    int data[MAX_READINGS];
};

struct summary {
    size_t above;
    char label[32];
};

static struct settings settings;
static double scaled_total;
static struct summary summary;

static void *helper(void *arg)
{
    const struct job *job = arg;
    double acc = 0.0;

    for (size_t i = 0; i < job->n; i++)
        acc += job->data[i] * settings.scale;
    scaled_total = acc;
    return NULL;
}

static void *coordinator(void *arg)
{
    const struct job *job = arg;
    struct summary s;
    pthread_t h;

    if (pthread_create(&h, NULL, helper, arg) != 0) {
        perror("helper");
        exit(1);
    }
    s.above = 0;
    for (size_t i = 0; i < job->n; i++)
        if (job->data[i] > settings.threshold)
            s.above++;
    snprintf(s.label, sizeof s.label, "%s", settings.label);
    pthread_join(h, NULL);
    summary = s;
    return NULL;
}

int main(int argc, char **argv)
{
    struct job job;
    pthread_t c;
    long n = argc > 1 ? atol(argv[1]) : 24;

    if (n < 1 || n > MAX_READINGS)
        n = 24;
    settings.threshold = 50;
    settings.scale = 0.5;
    strcpy(settings.label, "sensor-A");
    job.n = (size_t)n;
    for (size_t i = 0; i < job.n; i++)
        job.data[i] = (int)((i * 37) % 101);

    if (pthread_create(&c, NULL, coordinator, &job) != 0) {
        perror("coordinator");
        return 1;
    }
    pthread_join(c, NULL);

    printf("%s: %zu of %zu readings above %d, scaled total %.1f\n",
           summary.label, summary.above, job.n, settings.threshold, scaled_total);
    return 0;
}
