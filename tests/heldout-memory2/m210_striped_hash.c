// expect: buckets race-free
// expect: stripe_lock race-free
// idiom: h
// Word-count style hash table with lock striping: NBUCKETS chains share NSTRIPES
// mutexes (bucket b is guarded by stripe_lock[b % NSTRIPES]); threads insert keys.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NBUCKETS 64
#define NSTRIPES 8
#define NTHREADS 4
#define KEYS_PER_THREAD 5000

typedef struct entry {
	uint32_t key;
	unsigned count;
	struct entry *next;
} entry_t;

static entry_t *buckets[NBUCKETS];
static pthread_mutex_t stripe_lock[NSTRIPES];

static inline unsigned bucket_of(uint32_t key)
{
	key ^= key >> 16;
	key *= 0x45d9f3bu;
	key ^= key >> 16;
	return key % NBUCKETS;
}

static void ht_bump(uint32_t key)
{
	unsigned b = bucket_of(key);
	pthread_mutex_t *m = &stripe_lock[b % NSTRIPES];
	entry_t *e;

	pthread_mutex_lock(m);
	for (e = buckets[b]; e != NULL; e = e->next)
		if (e->key == key)
			break;
	if (e == NULL) {
		e = malloc(sizeof(*e));
		if (e == NULL) { pthread_mutex_unlock(m); return; }
		e->key = key;
		e->count = 0;
		e->next = buckets[b];
		buckets[b] = e;
	}
	e->count++;
	pthread_mutex_unlock(m);
}

static void *inserter(void *arg)
{
	uint32_t base = (uint32_t)(uintptr_t)arg;

	for (uint32_t k = 0; k < KEYS_PER_THREAD; k++)
		ht_bump((base * 7919u + k * 31u) % 3000u);
	return NULL;
}

int main(void)
{
	pthread_t th[NTHREADS];
	unsigned long distinct = 0, hits = 0;

	for (int s = 0; s < NSTRIPES; s++)
		pthread_mutex_init(&stripe_lock[s], NULL);
	for (uintptr_t t = 0; t < NTHREADS; t++)
		if (pthread_create(&th[t], NULL, inserter, (void *)t)) {
			fprintf(stderr, "pthread_create failed\n");
			return 1;
		}
	for (int t = 0; t < NTHREADS; t++)
		pthread_join(th[t], NULL);

	for (int b = 0; b < NBUCKETS; b++) {
		entry_t *e = buckets[b];
		while (e) {
			entry_t *next = e->next;
			distinct++;
			hits += e->count;
			free(e);
			e = next;
		}
	}
	printf("%lu distinct keys, %lu insertions\n", distinct, hits);
	return 0;
}
