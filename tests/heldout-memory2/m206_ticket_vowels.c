// expect: next_ticket race-free
// expect: vowel_tally race-free
// expect: corpus race-free
// idiom: g
// Workers draw a unique slot with atomic_fetch_add on a ticket counter, count vowels
// in the matching block of a read-only text and store the count in vowel_tally[slot].
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 256
#define MAXW  16

static char corpus[BLOCK * MAXW];
static atomic_uint next_ticket;
static unsigned vowel_tally[MAXW];

static int is_vowel(char ch)
{
    switch (ch) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return 1;
    default:
        return 0;
    }
}

static void *tally_block(void *unused)
{
    unsigned slot = atomic_fetch_add(&next_ticket, 1u);
    const char *p = corpus + (size_t)slot * BLOCK;
    unsigned n = 0;

    (void)unused;
    for (int k = 0; k < BLOCK; k++)
        n += (unsigned)is_vowel(p[k]);
    vowel_tally[slot] = n;
    return NULL;
}

int main(void)
{
    static const char pattern[] = "the quick brown fox jumps over a lazy dog ";
    const char *s = getenv("WORKERS");
    int nworkers = s ? atoi(s) : 6;
    pthread_t pool[MAXW];
    unsigned sum = 0;
    int i;

    if (nworkers < 1 || nworkers > MAXW)
        nworkers = 6;
    for (i = 0; i < BLOCK * MAXW; i++)
        corpus[i] = pattern[i % (int)(sizeof pattern - 1)];

    for (i = 0; i < nworkers; i++) {
        if (pthread_create(&pool[i], NULL, tally_block, NULL) != 0) {
            perror("pthread_create");
            exit(1);
        }
    }
    i = 0;
    while (i < nworkers)
        pthread_join(pool[i++], NULL);

    for (i = 0; i < nworkers; i++)
        sum += vowel_tally[i];
    printf("%u slots handed out, %u vowels\n", atomic_load(&next_ticket), sum);
    return 0;
}
