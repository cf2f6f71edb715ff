// expect: sentence race-free
// expect: batch RACE
// expect: freq race-free
// race-lines: batch 40 46
// idiom: e
// twin: l216_sequential_stages.c
// Two-stage pipeline. Bug: stage two is started before stage one has been joined, so its
// copy of the global batch races with stage one's store of it.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define MAX_TOKENS 64
#define MAX_LEN 12

struct token_batch {
    int count;
    unsigned len[MAX_TOKENS];
};

static const char *sentence;
static struct token_batch batch;
static unsigned freq[MAX_LEN + 1];

static void *tokenize_stage(void *arg)
{
    struct token_batch tb;
    const char *p = sentence;

    (void)arg;
    memset(&tb, 0, sizeof tb);
    while (*p && tb.count < MAX_TOKENS) {
        size_t n;
        p += strspn(p, " \t,.;");
        n = strcspn(p, " \t,.;");
        if (n > 0)
            tb.len[tb.count++] = (unsigned)n;
        p += n;
    }
    batch = tb;
    return NULL;
}

static void *histogram_stage(void *arg)
{
    struct token_batch b = batch;

    (void)arg;
    for (int i = 0; i < b.count; i++)
        freq[b.len[i] > MAX_LEN ? MAX_LEN : b.len[i]]++;
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t stage1, stage2;

    sentence = argc > 1 ? argv[1]
                        : "the rain in Spain stays mainly in the plain, said the professor";

    if (pthread_create(&stage1, NULL, tokenize_stage, NULL) != 0)
        return 1;
    if (pthread_create(&stage2, NULL, histogram_stage, NULL) != 0)
        return 1;

    pthread_join(stage1, NULL);
    pthread_join(stage2, NULL);

    for (int len = 1; len <= MAX_LEN; len++)
        if (freq[len])
            printf("%2d%s letters: %u\n", len, len == MAX_LEN ? "+" : " ", freq[len]);
    return 0;
}
