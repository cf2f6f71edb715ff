// expect: balance race-free
// expect: transfers race-free
// expect: audits_ok race-free
// idiom: e
// Bank transfers under a PTHREAD_MUTEX_ERRORCHECK mutex whose lock result is always checked
// (`if (pthread_mutex_lock(&m) != 0) return -1;`, `rc = pthread_mutex_lock(...); if (rc) {...}`).
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define NACCOUNTS 5
#define NTHREADS 3
#define ROUNDS 400

static pthread_mutex_t acct_lock;
static long balance[NACCOUNTS];
static long transfers;
static int audits_ok;

static int transfer(int from, int to, long amount)
{
    if (pthread_mutex_lock(&acct_lock) != 0)
        return -1;
    if (balance[from] < amount) {
        pthread_mutex_unlock(&acct_lock);
        return 0;
    }
    balance[from] -= amount;
    balance[to] += amount;
    transfers++;
    pthread_mutex_unlock(&acct_lock);
    return 1;
}

static void *teller(void *arg)
{
    int id = (int)(long)arg;
    long sum = 0;
    int rc;

    for (int r = 0; r < ROUNDS; r++) {
        int from = (id + r) % NACCOUNTS, to = (id * 3 + r * 7 + 1) % NACCOUNTS;
        if (from != to && transfer(from, to, 10 + r % 25) < 0)
            return (void *)1;
    }

    rc = pthread_mutex_lock(&acct_lock);
    if (rc) {
        fprintf(stderr, "teller %d: lock: %s\n", id, strerror(rc));
        return (void *)1;
    }
    for (int a = 0; a < NACCOUNTS; a++)
        sum += balance[a];
    if (sum == NACCOUNTS * 1000L)
        audits_ok++;
    pthread_mutex_unlock(&acct_lock);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t attr;
    pthread_t tids[NTHREADS];
    int failed = 0;

    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&acct_lock, &attr);
    pthread_mutexattr_destroy(&attr);
    for (int a = 0; a < NACCOUNTS; a++)
        balance[a] = 1000;

    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&tids[i], NULL, teller, (void *)i);
    for (int i = 0; i < NTHREADS; i++) {
        void *ret;
        pthread_join(tids[i], &ret);
        failed += ret != NULL;
    }

    printf("transfers=%ld audits_ok=%d failed=%d\n", transfers, audits_ok, failed);
    pthread_mutex_destroy(&acct_lock);
    return 0;
}
