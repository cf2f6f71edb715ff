// deadlock_bank_transfer.c: Two tellers move money between two accounts, each locking the paying account first and then the receiving one; since one teller pays from acc_a and the other from acc_b, each can hold its source lock while waiting for the other's.
// expect: acc_a.balance race-free
// expect: acc_b.balance race-free
// expect-deadlock: lock order acc_a.lock -> acc_b.lock -> acc_a.lock: DEADLOCK
// fixed-twin: deadlock_bank_transfer_fixed.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

struct account {
    pthread_mutex_t lock;
    int balance;
};

static struct account acc_a = {PTHREAD_MUTEX_INITIALIZER, 1000};
static struct account acc_b = {PTHREAD_MUTEX_INITIALIZER, 1000};

static int transfer_a_to_b(int amount)
{
    int ok = 0;
    pthread_mutex_lock(&acc_a.lock);
    pthread_mutex_lock(&acc_b.lock);
    if (acc_a.balance >= amount) {
        acc_a.balance -= amount;
        acc_b.balance += amount;
        ok = 1;
    }
    pthread_mutex_unlock(&acc_b.lock);
    pthread_mutex_unlock(&acc_a.lock);
    return ok;
}

static int transfer_b_to_a(int amount)
{
    int ok = 0;
    pthread_mutex_lock(&acc_b.lock);
    pthread_mutex_lock(&acc_a.lock);
    if (acc_b.balance >= amount) {
        acc_b.balance -= amount;
        acc_a.balance += amount;
        ok = 1;
    }
    pthread_mutex_unlock(&acc_a.lock);
    pthread_mutex_unlock(&acc_b.lock);
    return ok;
}

static void *teller_ab(void *arg)
{
    (void)arg;
    int failed = 0;
    for (int i = 0; i < 500; i++)
        failed += !transfer_a_to_b(7);
    printf("a->b: %d refused\n", failed);
    return NULL;
}

static void *teller_ba(void *arg)
{
    (void)arg;
    int failed = 0;
    for (int i = 0; i < 500; i++)
        failed += !transfer_b_to_a(5);
    printf("b->a: %d refused\n", failed);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, teller_ab, NULL);
    pthread_create(&t2, NULL, teller_ba, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("a=%d b=%d total=%d\n", acc_a.balance, acc_b.balance,
           acc_a.balance + acc_b.balance);
    return 0;
}
