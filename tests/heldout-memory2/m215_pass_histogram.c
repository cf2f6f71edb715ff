// expect: text race-free
// expect: text_len race-free
// expect: nthreads race-free
// idiom: i
// Letter histogram in passes: for every pass a thread calloc's a fresh count table,
// scans one window of its share of the text, merges into its own heap result, and
// frees the table; the result is handed back through pthread_join's return value.
#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 512

struct histo { unsigned long n[26]; int passes; };

static char *text;
static size_t text_len;
static int nthreads;

static void *scan_share(void *arg)
{
    size_t me = (size_t)(uintptr_t)arg;
    size_t lo = text_len * me / (size_t)nthreads;
    size_t hi = text_len * (me + 1) / (size_t)nthreads;
    struct histo *res = calloc(1, sizeof *res);

    if (!res)
        return NULL;
    for (size_t at = lo; at < hi; at += WINDOW) {
        size_t end = at + WINDOW < hi ? at + WINDOW : hi;
        unsigned *tmp = calloc(26, sizeof *tmp);
        if (!tmp)
            break;
        for (size_t i = at; i < end; i++)
            if (isalpha((unsigned char)text[i]))
                tmp[tolower((unsigned char)text[i]) - 'a']++;
        for (int c = 0; c < 26; c++)
            res->n[c] += tmp[c];
        res->passes++;
        free(tmp);
    }
    return res;
}

int main(int argc, char *argv[])
{
    const char *seed = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ";
    size_t seedlen = strlen(seed);
    pthread_t *th;
    unsigned long total[26] = {0};

    nthreads = argc > 1 ? atoi(argv[1]) : 4;
    if (nthreads < 1 || nthreads > 32)
        nthreads = 4;
    text_len = 40000;
    text = malloc(text_len);
    th = malloc(sizeof(pthread_t) * (size_t)nthreads);
    if (!text || !th)
        return 1;
    for (size_t i = 0; i < text_len; i++)
        text[i] = seed[i % seedlen];

    for (int t = 0; t < nthreads; t++)
        pthread_create(&th[t], NULL, scan_share, (void *)(uintptr_t)t);
    for (int t = 0; t < nthreads; t++) {
        void *ret = NULL;
        struct histo *h;
        pthread_join(th[t], &ret);
        if ((h = ret) == NULL)
            continue;
        for (int c = 0; c < 26; c++)
            total[c] += h->n[c];
        printf("thread %d: %d passes\n", t, h->passes);
        free(h);
    }
    for (int c = 0; c < 26; c++)
        if (total[c])
            printf("%c %lu\n", 'a' + c, total[c]);
    free(th);
    free(text);
    return 0;
}
