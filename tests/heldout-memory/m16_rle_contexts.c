// expect: ctxs race-free
// idiom: i
// main allocates one context per worker (ctxs[i]); each worker fills only the
// context it was handed, including an output buffer it xmallocs itself.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NWORKERS 4
#define INLEN    64

struct worker_ctx {
    int id;
    char input[INLEN + 1];
    char *out;
    size_t outlen;
};

static struct worker_ctx **ctxs;

static void *xmalloc(size_t n)
{
    void *p = malloc(n);

    if (p == NULL) {
        fputs("xmalloc: out of memory\n", stderr);
        abort();
    }
    return p;
}

static void *rle_worker(void *arg)
{
    struct worker_ctx *ctx = arg;
    const char *s = ctx->input;
    size_t o = 0;

    ctx->out = xmalloc(2 * INLEN + 1);
    while (*s != '\0') {
        char c = *s;
        int run = 0;

        while (*s == c && run < 9) {
            s++;
            run++;
        }
        ctx->out[o++] = (char)('0' + run);
        ctx->out[o++] = c;
    }
    ctx->out[o] = '\0';
    ctx->outlen = o;
    return NULL;
}

int main(void)
{
    pthread_t th[NWORKERS];
    int i = 0;

    ctxs = xmalloc(NWORKERS * sizeof(*ctxs));
    while (i < NWORKERS) {
        struct worker_ctx *ctx = xmalloc(sizeof(*ctx));

        ctx->id = i;
        for (int k = 0; k < INLEN; k++)
            ctx->input[k] = (char)('a' + (k / (i + 2)) % 3);
        ctx->input[INLEN] = '\0';
        ctx->out = NULL;
        ctxs[i] = ctx;
        if (pthread_create(&th[i], NULL, rle_worker, ctx) != 0) {
            fprintf(stderr, "cannot create worker %d\n", i);
            return 1;
        }
        i++;
    }
    for (i = 0; i < NWORKERS; i++)
        pthread_join(th[i], NULL);

    for (i = 0; i < NWORKERS; i++) {
        printf("worker %d: %zu -> %zu bytes: %s\n", ctxs[i]->id,
               strlen(ctxs[i]->input), ctxs[i]->outlen, ctxs[i]->out);
        free(ctxs[i]->out);
        free(ctxs[i]);
    }
    free(ctxs);
    return 0;
}
