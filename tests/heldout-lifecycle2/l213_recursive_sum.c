// expect: values race-free
// expect: local:root race-free
// idiom: d
// Recursive fork-join sum: a task splits its range, hands the left half to a new
// thread, sums the right half itself, then joins the child and adds both halves.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CUTOFF 64

static long *values;

struct span {
    size_t lo, hi;
    int depth;
    long long total;
};

static void *sum_span(void *arg)
{
    struct span *s = arg;
    size_t mid;
    pthread_t child;

    if (s->depth == 0 || s->hi - s->lo < CUTOFF) {
        long long t = 0;
        for (size_t i = s->lo; i < s->hi; i++)
            t += values[i];
        s->total = t;
        return NULL;
    }

    mid = s->lo + (s->hi - s->lo) / 2;
    struct span left = { s->lo, mid, s->depth - 1, 0 };
    struct span right = { mid, s->hi, s->depth - 1, 0 };

    if (pthread_create(&child, NULL, sum_span, &left) != 0) {
        /* out of threads: fall back to doing both halves here */
        sum_span(&left);
        sum_span(&right);
    } else {
        sum_span(&right);
        pthread_join(child, NULL);
    }
    s->total = left.total + right.total;
    return NULL;
}

int main(int argc, char **argv)
{
    size_t n = 100000;
    int depth = argc > 1 ? atoi(argv[1]) : 3;
    long long expect = 0;
    pthread_t top;

    if (depth < 0 || depth > 6)
        depth = 3;
    values = malloc(n * sizeof *values);
    if (!values)
        return EXIT_FAILURE;
    for (size_t i = 0; i < n; i++) {
        values[i] = (long)(i % 1000) - 300;
        expect += values[i];
    }

    struct span root = { 0, n, depth, 0 };
    if (pthread_create(&top, NULL, sum_span, &root) != 0) {
        perror("pthread_create");
        return EXIT_FAILURE;
    }
    pthread_join(top, NULL);

    printf("depth %d: total %lld (expected %lld)\n", depth, root.total, expect);
    free(values);
    return root.total == expect ? EXIT_SUCCESS : EXIT_FAILURE;
}
