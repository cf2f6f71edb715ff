// expect: accounts race-free
// expect: local:tellers race-free
// idiom: h
// Bank simulation: every account carries its own mutex; move_funds() withdraws under
// the source account's lock and deposits under the destination account's lock.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NACCOUNTS   8
#define MAX_TELLERS 16
#define OPS         20000

struct account {
    pthread_mutex_t lock;
    long balance;
};

struct teller {
    pthread_t thread;
    unsigned seed;
    unsigned moved;
};

static struct account accounts[NACCOUNTS];

static int move_funds(struct account *src, struct account *dst, long amount)
{
    pthread_mutex_lock(&src->lock);
    if (src->balance < amount) {
        pthread_mutex_unlock(&src->lock);
        return 0;
    }
    src->balance -= amount;
    pthread_mutex_unlock(&src->lock);

    pthread_mutex_lock(&dst->lock);
    dst->balance += amount;
    pthread_mutex_unlock(&dst->lock);
    return 1;
}

static void *teller_main(void *arg)
{
    struct teller *t = arg;

    for (int n = 0; n < OPS; n++) {
        int from = rand_r(&t->seed) % NACCOUNTS;
        int to = rand_r(&t->seed) % NACCOUNTS;

        if (from != to)
            t->moved += (unsigned)move_funds(&accounts[from], &accounts[to],
                                             1 + rand_r(&t->seed) % 50);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    struct teller tellers[MAX_TELLERS];
    int ntellers = argc > 1 ? atoi(argv[1]) : 4;
    long total = 0;

    if (ntellers < 1 || ntellers > MAX_TELLERS)
        ntellers = 4;
    for (int a = 0; a < NACCOUNTS; a++) {
        pthread_mutex_init(&accounts[a].lock, NULL);
        accounts[a].balance = 1000;
    }
    for (int i = 0; i < ntellers; i++) {
        tellers[i].seed = 42u + (unsigned)i;
        tellers[i].moved = 0;
        if (pthread_create(&tellers[i].thread, NULL, teller_main, &tellers[i]) != 0)
            abort();
    }
    for (int i = 0; i < ntellers; i++) {
        pthread_join(tellers[i].thread, NULL);
        printf("teller %d made %u transfers\n", i, tellers[i].moved);
    }
    for (int a = 0; a < NACCOUNTS; a++) {
        total += accounts[a].balance;
        pthread_mutex_destroy(&accounts[a].lock);
    }
    printf("money in the bank: %ld (expected %d)\n", total, NACCOUNTS * 1000);
    return total == NACCOUNTS * 1000 ? 0 : 1;
}
