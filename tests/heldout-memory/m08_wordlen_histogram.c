// expect: tid race-free
// expect: words race-free
// expect: hist race-free
// expect: local:ids race-free
// idiom: g
// tid is a __thread copy of the worker's index, so bump() only touches the row
// hist[tid][*]; words is read-only; main merges the rows after joining.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define NTHREADS 3
#define MAXLEN   12

static const char *words[] = {
    "thread", "mutex", "join", "create", "barrier", "condition", "signal",
    "lock", "unlock", "atomic", "fence", "memory", "order", "relaxed",
    "acquire", "release", "spin", "yield", "schedule", "detach", "key",
    "once", "cancel", "cleanup", "attribute", "stack", "priority",
};
#define NWORDS ((int)(sizeof(words) / sizeof(words[0])))

static __thread int tid;
static unsigned int hist[NTHREADS][MAXLEN + 1];

static void bump(size_t len)
{
    if (len > MAXLEN)
        len = MAXLEN;
    hist[tid][len]++;
}

static void *count_words(void *arg)
{
    int w;

    tid = *(const int *)arg;
    for (w = tid; w < NWORDS; w += NTHREADS)
        bump(strlen(words[w]));
    return NULL;
}

int main(void)
{
    pthread_t th[NTHREADS];
    int ids[NTHREADS];
    unsigned int merged[MAXLEN + 1] = { 0 };
    int i, len;

    for (i = 0; i < NTHREADS; i++) {
        ids[i] = i;
        if (pthread_create(&th[i], NULL, count_words, &ids[i]) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);

    for (i = 0; i < NTHREADS; i++)
        for (len = 0; len <= MAXLEN; len++)
            merged[len] += hist[i][len];
    for (len = 1; len <= MAXLEN; len++)
        if (merged[len])
            printf("length %2d%s: %u\n", len, len == MAXLEN ? "+" : " ", merged[len]);
    return 0;
}
