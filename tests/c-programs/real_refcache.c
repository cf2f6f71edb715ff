// A realistic reference-counted object cache: a hash table of chains under one
// table lock (a static struct with PTHREAD_MUTEX_INITIALIZER), objects with a
// flexible array member for the key, an atomic reference count, a per-object mutex
// for the payload (a union), and a const vtable of function pointers; clients
// look up random keys (rand_r); main joins them, prints the statistics and clears
// the cache (the last reference frees each object).
// expect: cache.lookups race-free
// expect: cache.misses race-free
// expect: cache.buckets[] race-free
// expect: released race-free
// expect: num_ops.init race-free
// expect: num_ops.touch race-free
// expect: num_ops.release race-free
// expect: heap@real_refcache.c:128.refs race-free
// expect: heap@real_refcache.c:128.next race-free
// expect: heap@real_refcache.c:128.ops race-free
// expect: heap@real_refcache.c:128.hits race-free
// expect: heap@real_refcache.c:128.value race-free
// expect: heap@real_refcache.c:128.keylen race-free
// expect: heap@real_refcache.c:128.key[] race-free
// known-gap: heap@real_refcache.c:128.hits RACE: o->lock excludes now, but cache_get writes a
//   new object before publishing it, and the model does not see o is fresh there
// known-gap: heap@real_refcache.c:128.value RACE: as heap@real_refcache.c:128.hits
// known-gap: heap@real_refcache.c:128.next RACE: object_unref frees an object when its count
//   drops to zero, which only happens in cache_clear after the joins; the model does not
//   keep the count, so any unref may free (and one allocation site is one location)
// known-gap: heap@real_refcache.c:128.ops RACE: as heap@real_refcache.c:128.next
// known-gap: heap@real_refcache.c:128.keylen RACE: as heap@real_refcache.c:128.next
// known-gap: heap@real_refcache.c:128.key[] RACE: as heap@real_refcache.c:128.next
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 64
#define NTHREADS 4

struct object;

struct object_ops
{
  const char *name;
  void (*init) (struct object *obj);
  void (*touch) (struct object *obj);
  void (*release) (struct object *obj);
};

struct object
{
  struct object *next;            /* chain, under cache.lock */
  const struct object_ops *ops;
  atomic_int refs;
  pthread_mutex_t lock;           /* protects hits and value */
  unsigned long hits;
  union
  {
    long num;
    double real;
  } value;
  size_t keylen;
  char key[];                     /* flexible array member */
};

static struct
{
  pthread_mutex_t lock;
  struct object *buckets[NBUCKETS];
  unsigned long lookups, misses;
} cache = { .lock = PTHREAD_MUTEX_INITIALIZER };

static atomic_ulong released;

static uint32_t
hash_key (const char *s, size_t n)
{
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char) s[i]) * 16777619u;
  return h;
}

static void num_init (struct object *o) { o->value.num = 0; }
static void num_touch (struct object *o) { o->value.num++; }
static void num_release (struct object *o) { (void) o; atomic_fetch_add (&released, 1); }

static const struct object_ops num_ops = {
  .name = "number", .init = num_init, .touch = num_touch, .release = num_release,
};

static inline void
object_ref (struct object *o)
{
  atomic_fetch_add_explicit (&o->refs, 1, memory_order_relaxed);
}

static void
object_unref (struct object *o)
{
  if (atomic_fetch_sub_explicit (&o->refs, 1, memory_order_acq_rel) == 1)
    {
      o->ops->release (o);
      pthread_mutex_destroy (&o->lock);
      free (o);
    }
}

/* Returns a new reference to the object for KEY, creating it if needed. */
static struct object *
cache_get (const char *key)
{
  size_t n = strlen (key);
  uint32_t b = hash_key (key, n) % NBUCKETS;
  struct object *o;

  pthread_mutex_lock (&cache.lock);
  cache.lookups++;
  for (o = cache.buckets[b]; o; o = o->next)
    if (o->keylen == n && memcmp (o->key, key, n) == 0)
      {
        object_ref (o);
        goto out;
      }
  cache.misses++;
  o = malloc (sizeof *o + n + 1);
  if (!o)
    goto out;
  o->ops = &num_ops;
  atomic_init (&o->refs, 2);      /* one for the table, one for the caller */
  pthread_mutex_init (&o->lock, NULL);
  o->hits = 0;
  o->keylen = n;
  memcpy (o->key, key, n + 1);
  o->ops->init (o);
  o->next = cache.buckets[b];
  cache.buckets[b] = o;
out:
  pthread_mutex_unlock (&cache.lock);
  return o;
}

static void
cache_clear (void)
{
  pthread_mutex_lock (&cache.lock);
  for (int b = 0; b < NBUCKETS; b++)
    {
      struct object *o = cache.buckets[b];
      cache.buckets[b] = NULL;
      while (o)
        {
          struct object *next = o->next;
          object_unref (o);
          o = next;
        }
    }
  pthread_mutex_unlock (&cache.lock);
}

static void *
client (void *arg)
{
  unsigned seed = (unsigned) (uintptr_t) arg;
  char key[16];

  for (int i = 0; i < 1000; i++)
    {
      snprintf (key, sizeof key, "k%u", rand_r (&seed) % 100);
      struct object *o = cache_get (key);
      if (!o)
        continue;
      pthread_mutex_lock (&o->lock);
      o->hits++;
      o->ops->touch (o);
      pthread_mutex_unlock (&o->lock);
      object_unref (o);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[NTHREADS];

  for (uintptr_t i = 0; i < NTHREADS; i++)
    if (pthread_create (&t[i], NULL, client, (void *) (i + 1)) != 0)
      {
        perror ("pthread_create");
        return 1;
      }
  for (int i = 0; i < NTHREADS; i++)
    pthread_join (t[i], NULL);
  printf ("%lu lookups, %lu misses\n", cache.lookups, cache.misses);
  cache_clear ();
  printf ("%lu released\n", (unsigned long) atomic_load (&released));
  return 0;
}
