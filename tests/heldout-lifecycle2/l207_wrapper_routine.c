// expect: payload race-free
// expect: local:st race-free
// expect: local:dg race-free
// idiom: b
// Two different analyses of one buffer run in parallel; start_task() wraps the
// pthread_attr setup and takes the start routine and its context as parameters.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PAYLOAD_LEN 8192

static unsigned char payload[PAYLOAD_LEN];

struct byte_stats {
    unsigned min, max;
    unsigned long sum;
};

struct digest {
    uint32_t adler;
};

static void *collect_stats(void *opaque)
{
    struct byte_stats *st = opaque;

    st->min = 255;
    st->max = 0;
    st->sum = 0;
    for (size_t i = 0; i < PAYLOAD_LEN; i++) {
        if (payload[i] < st->min)
            st->min = payload[i];
        if (payload[i] > st->max)
            st->max = payload[i];
        st->sum += payload[i];
    }
    return NULL;
}

static void *compute_adler(void *opaque)
{
    struct digest *d = opaque;
    uint32_t a = 1, b = 0;

    for (size_t i = 0; i < PAYLOAD_LEN; i++) {
        a = (a + payload[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    d->adler = (b << 16) | a;
    return NULL;
}

static int start_task(pthread_t *out, void *(*routine)(void *), void *ctx)
{
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);

    if (rc != 0)
        return rc;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    rc = pthread_create(out, &attr, routine, ctx);
    pthread_attr_destroy(&attr);
    return rc;
}

int main(void)
{
    pthread_t t_stats, t_sum;
    struct byte_stats st;
    struct digest dg;
    int rc;

    for (size_t i = 0; i < PAYLOAD_LEN; i++)
        payload[i] = (unsigned char)((i * 31u + 7u) ^ (i >> 3));

    rc = start_task(&t_stats, collect_stats, &st);
    if (rc != 0) {
        fprintf(stderr, "start_task(stats): %s\n", strerror(rc));
        return 1;
    }
    rc = start_task(&t_sum, compute_adler, &dg);
    if (rc != 0) {
        fprintf(stderr, "start_task(adler): %s\n", strerror(rc));
        pthread_join(t_stats, NULL);
        return 1;
    }

    pthread_join(t_sum, NULL);
    pthread_join(t_stats, NULL);

    printf("min=%u max=%u mean=%.2f adler32=%08x\n", st.min, st.max,
           (double)st.sum / PAYLOAD_LEN, (unsigned)dg.adler);
    return 0;
}
