// deadlock_mirror_gate.c: A writer updates a primary record and its backup copy (primary_lock then backup_lock) while an auditor compares them (backup_lock then primary_lock); nothing keeps the two nested sections apart, so each thread can hold one lock and wait for the other.
// expect: primary_version race-free
// expect: mismatches race-free
// expect: backup_version race-free
// expect-deadlock: lock order primary_lock -> backup_lock -> primary_lock: DEADLOCK
// fixed-twin: deadlock_mirror_gate_fixed.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t primary_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t backup_lock = PTHREAD_MUTEX_INITIALIZER;

static long primary_version;  /* guarded by primary_lock */
static long backup_version;   /* guarded by backup_lock */
static int mismatches;        /* guarded by backup_lock */

static void update_ab(void)
{
    pthread_mutex_lock(&primary_lock);
    pthread_mutex_lock(&backup_lock);
    primary_version++;
    backup_version = primary_version;
    pthread_mutex_unlock(&backup_lock);
    pthread_mutex_unlock(&primary_lock);
}

static void check_ba(void)
{
    pthread_mutex_lock(&backup_lock);
    pthread_mutex_lock(&primary_lock);
    if (backup_version != primary_version)
        mismatches++;
    pthread_mutex_unlock(&primary_lock);
    pthread_mutex_unlock(&backup_lock);
}

static void *writer(void *arg)
{
    (void)arg;
    for (int i = 0; i < 2000; i++)
        update_ab();
    return NULL;
}

static void *auditor(void *arg)
{
    (void)arg;
    for (int i = 0; i < 2000; i++)
        check_ba();
    return NULL;
}

int main(void)
{
    pthread_t w, a;

    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&a, NULL, auditor, NULL);
    pthread_join(w, NULL);
    pthread_join(a, NULL);
    printf("version %ld, mismatches %d\n", primary_version, mismatches);
    return 0;
}
