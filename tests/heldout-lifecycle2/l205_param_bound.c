// expect: corpus race-free
// expect: hits race-free
// expect: batch_size race-free
// idiom: a
// Counts vowels in a global text twice, with a different number of threads each
// time: run_batch(n) creates n workers and joins them with a do/while loop.
#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_BATCH 16

static const char corpus[] =
    "It was the best of times, it was the worst of times, it was the age of "
    "wisdom, it was the age of foolishness, it was the epoch of belief, it was "
    "the epoch of incredulity, it was the season of Light, it was the season "
    "of Darkness, it was the spring of hope, it was the winter of despair.";
static unsigned hits[MAX_BATCH];
static int batch_size;

static int is_vowel(int c)
{
    switch (tolower(c)) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return 1;
    default:
        return 0;
    }
}

static void *count_vowels(void *arg)
{
    intptr_t me = (intptr_t)arg;
    size_t len = sizeof corpus - 1;
    size_t from = len * (size_t)me / (size_t)batch_size;
    size_t to = len * (size_t)(me + 1) / (size_t)batch_size;
    unsigned n = 0;

    while (from < to)
        n += (unsigned)is_vowel((unsigned char)corpus[from++]);
    hits[me] = n;
    return NULL;
}

static unsigned run_batch(int nthreads)
{
    pthread_t th[MAX_BATCH];
    unsigned total = 0;
    int k;

    if (nthreads < 1)
        nthreads = 1;
    if (nthreads > MAX_BATCH)
        nthreads = MAX_BATCH;
    batch_size = nthreads;

    for (k = 0; k < nthreads; k++) {
        if (pthread_create(&th[k], NULL, count_vowels, (void *)(intptr_t)k)) {
            fprintf(stderr, "run_batch: cannot create thread %d\n", k);
            exit(EXIT_FAILURE);
        }
    }

    k = 0;
    do {
        pthread_join(th[k], NULL);
        total += hits[k];
    } while (++k < nthreads);

    return total;
}

int main(int argc, char **argv)
{
    int first = argc > 1 ? atoi(argv[1]) : 3;
    unsigned a = run_batch(first);
    unsigned b = run_batch(first * 2 + 1);

    printf("vowels: %u (batch of %d) / %u (second batch)\n", a, first, b);
    return a == b ? 0 : 1;
}
