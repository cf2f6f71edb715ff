// expect: accounts RACE
// race-lines: accounts 33 58
// idiom: h
// twin: m09_bank_transfer.c
// Race: teller() skips transfers from poor accounts by reading the balance before
// taking any lock, while another teller may be updating it inside transfer().
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NACCOUNTS  16
#define NTELLERS    4
#define NTRANSFERS 20000

struct account {
    pthread_mutex_t lock;
    long balance;
    unsigned int ops;
};

static struct account accounts[NACCOUNTS];

static int transfer(int from, int to, long amount)
{
    struct account *first = &accounts[from < to ? from : to];
    struct account *second = &accounts[from < to ? to : from];
    int ok = 0;

    pthread_mutex_lock(&first->lock);
    pthread_mutex_lock(&second->lock);
    if (accounts[from].balance >= amount) {
        accounts[from].balance -= amount;
        accounts[to].balance += amount;
        accounts[from].ops++;
        accounts[to].ops++;
        ok = 1;
    }
    pthread_mutex_unlock(&second->lock);
    pthread_mutex_unlock(&first->lock);
    return ok;
}

static void *teller(void *arg)
{
    unsigned int seed = (unsigned int)(uintptr_t)arg * 7919u + 1u;
    long done = 0;
    int n;

    for (n = 0; n < NTRANSFERS; n++) {
        int from = rand_r(&seed) % NACCOUNTS;
        int to = rand_r(&seed) % NACCOUNTS;
        long amount = 1 + rand_r(&seed) % 50;

        if (from == to)
            continue;
        /* cheap pre-check to avoid taking two locks for nothing */
        if (accounts[from].balance < amount)
            continue;
        done += transfer(from, to, amount);
    }
    return (void *)(intptr_t)done;
}

int main(void)
{
    pthread_t tellers[NTELLERS];
    long total = 0, moved = 0;
    int i;

    for (i = 0; i < NACCOUNTS; i++) {
        pthread_mutex_init(&accounts[i].lock, NULL);
        accounts[i].balance = 1000;
    }
    for (i = 0; i < NTELLERS; i++) {
        if (pthread_create(&tellers[i], NULL, teller, (void *)(uintptr_t)i) != 0) {
            fprintf(stderr, "teller %d: pthread_create failed\n", i);
            return 1;
        }
    }
    for (i = 0; i < NTELLERS; i++) {
        void *ret;

        pthread_join(tellers[i], &ret);
        moved += (long)(intptr_t)ret;
    }

    for (i = 0; i < NACCOUNTS; i++) {
        total += accounts[i].balance;
        pthread_mutex_destroy(&accounts[i].lock);
    }
    printf("%ld transfers done, total balance %ld (expected %d)\n",
           moved, total, 1000 * NACCOUNTS);
    return total == 1000L * NACCOUNTS ? 0 : 1;
}
