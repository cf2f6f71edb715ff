// expect: local:vals race-free
// idiom: f
// One thread per array element: thread i is handed vals + i and replaces that value
// by its integer square root (Newton iteration); main prints after joining.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAXN = 32 };

static void *isqrt_in_place(void *slot)
{
    unsigned long *p = slot;
    unsigned long n = *p, x = n, y;

    if (n < 2)
        return NULL;
    y = (x + n / x) / 2;
    while (y < x) {
        x = y;
        y = (x + n / x) / 2;
    }
    *p = x;
    return NULL;
}

int main(int argc, char *argv[])
{
    unsigned long vals[MAXN];
    pthread_t th[MAXN];
    int n = 10;

    if (argc > 1) {
        char *end;
        long v = strtol(argv[1], &end, 10);

        if (*end != '\0' || v < 1 || v > MAXN) {
            fprintf(stderr, "bad count '%s'\n", argv[1]);
            return 2;
        }
        n = (int)v;
    }
    for (int i = 0; i < n; i++)
        vals[i] = (unsigned long)(i + 3) * (unsigned long)(i + 3) * 1000UL + 17;
    for (int i = 0; i < n; i++) {
        int err = pthread_create(&th[i], NULL, isqrt_in_place, vals + i);
        if (err != 0) {
            fprintf(stderr, "thread %d: error %d\n", i, err);
            return 1;
        }
    }
    for (int i = 0; i < n; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < n; i++)
        printf("vals[%d] = %lu\n", i, vals[i]);
    return 0;
}
