// Pointer fields are separate locations: h.in only ever points to x and h.out to y,
// each counter with its own lock, and each count is read and written under the lock
// reached through the same field. (By type, or with one location for the whole
// struct, either lock could be either counter's: no exclusion.)
// expect: x.n race-free
// expect: y.n race-free
// expect: h.in race-free
// expect: h.out race-free
#include <pthread.h>
#include <stddef.h>

struct counter { pthread_mutex_t m; int n; };
struct counter x = { PTHREAD_MUTEX_INITIALIZER, 0 };
struct counter y = { PTHREAD_MUTEX_INITIALIZER, 0 };
struct { struct counter *in, *out; } h = { &x, &y };

static void *writer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&h.in->m);
  h.in->n++;
  pthread_mutex_unlock (&h.in->m);
  pthread_mutex_lock (&h.out->m);
  h.out->n++;
  pthread_mutex_unlock (&h.out->m);
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&h.in->m);
  long v = h.in->n;
  pthread_mutex_unlock (&h.in->m);
  pthread_mutex_lock (&h.out->m);
  v += h.out->n;
  pthread_mutex_unlock (&h.out->m);
  return (void *) v;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, writer, NULL);
  pthread_create (&t, NULL, writer, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
