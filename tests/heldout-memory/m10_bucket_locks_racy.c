// expect: heads race-free
// expect: count RACE
// race-lines: count 45 65
// idiom: h
// twin: m10_bucket_locks.c
// Race: table_remove() drops locks[h] before decrementing count[h], so the decrement
// can overlap the locked increment in table_add() (or another remove) on bucket h.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NBUCKETS  64
#define NWORKERS   4
#define PER_WORKER 5000

struct entry {
    unsigned long key;
    struct entry *next;
};

static pthread_mutex_t locks[NBUCKETS];
static struct entry *heads[NBUCKETS];
static int count[NBUCKETS];

static unsigned int bucket_of(unsigned long key)
{
    key ^= key >> 16;
    key *= 0x45d9f3bUL;
    key ^= key >> 16;
    return (unsigned int)(key % NBUCKETS);
}

static int table_add(unsigned long key)
{
    unsigned int h = bucket_of(key);
    struct entry *e = malloc(sizeof(*e));

    if (e == NULL)
        return -1;
    e->key = key;
    pthread_mutex_lock(&locks[h]);
    e->next = heads[h];
    heads[h] = e;
    count[h]++;
    pthread_mutex_unlock(&locks[h]);
    return 0;
}

static void table_remove(unsigned long key)
{
    unsigned int h = bucket_of(key);
    struct entry **pp, *victim = NULL;

    pthread_mutex_lock(&locks[h]);
    for (pp = &heads[h]; *pp != NULL; pp = &(*pp)->next) {
        if ((*pp)->key == key) {
            victim = *pp;
            *pp = victim->next;
            break;
        }
    }
    pthread_mutex_unlock(&locks[h]);
    if (victim != NULL) {
        count[h]--;
        free(victim);
    }
}

static void *worker(void *arg)
{
    unsigned long base = (unsigned long)(uintptr_t)arg * PER_WORKER;
    unsigned long k;

    for (k = base; k < base + PER_WORKER; k++)
        if (table_add(k) != 0)
            return (void *)1;
    for (k = base; k < base + PER_WORKER; k += 2)
        table_remove(k);
    return NULL;
}

int main(void)
{
    pthread_t th[NWORKERS];
    int i, total = 0, fullest = 0;

    for (i = 0; i < NBUCKETS; i++)
        pthread_mutex_init(&locks[i], NULL);
    for (i = 0; i < NWORKERS; i++)
        if (pthread_create(&th[i], NULL, worker, (void *)(uintptr_t)i) != 0) {
            fprintf(stderr, "pthread_create failed for worker %d\n", i);
            return 1;
        }
    for (i = 0; i < NWORKERS; i++)
        pthread_join(th[i], NULL);

    for (i = 0; i < NBUCKETS; i++) {
        total += count[i];
        if (count[i] > count[fullest])
            fullest = i;
        while (heads[i] != NULL) {
            struct entry *e = heads[i];

            heads[i] = e->next;
            free(e);
        }
    }
    printf("%d keys left, fullest bucket %d holds %d\n", total, fullest, count[fullest]);
    return 0;
}
