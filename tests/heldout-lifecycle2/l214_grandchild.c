// expect: message race-free
// expect: header race-free
// expect: body_sum race-free
// idiom: d
// A loader thread starts a grandchild that parses the message header while the
// loader checksums the body; the loader joins the grandchild before it returns.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct header {
    int version;
    int length;
    char type[16];
};

static const char message[] =
    "v=3;len=57;type=text|The quick brown fox jumps over the lazy dog, twice.";
static struct header header;
static unsigned long body_sum;

static void *parse_header(void *unused)
{
    struct header h = { 0, 0, "" };

    (void)unused;
    if (sscanf(message, "v=%d;len=%d;type=%15[^|]", &h.version, &h.length, h.type) != 3)
        h.version = -1;
    header = h;
    return NULL;
}

static void *loader(void *unused)
{
    pthread_t parser;
    const char *body = strchr(message, '|') + 1;
    unsigned long sum = 0;
    int have_parser;

    (void)unused;
    have_parser = pthread_create(&parser, NULL, parse_header, NULL) == 0;
    if (!have_parser)
        parse_header(NULL);

    for (int pass = 0; pass < 20000; pass++)
        for (const char *p = body; *p; p++)
            sum = (sum << 5) + sum + (unsigned char)*p;
    body_sum = sum;

    if (have_parser)
        pthread_join(parser, NULL);
    return NULL;
}

int main(void)
{
    pthread_t t;

    if (pthread_create(&t, NULL, loader, NULL) != 0) {
        fputs("cannot start loader\n", stderr);
        return 1;
    }
    pthread_join(t, NULL);

    printf("version %d, %d bytes of %s, ", header.version, header.length, header.type);
    printf("body checksum %lx\n", body_sum);
    return 0;
}
