// The fixed twin of builtin_writes.c: the builtins store under the lock, and main
// reads the totals under it.
// expect: sum race-free
// expect: product race-free
// racy-twin: builtin_writes.c
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int sum, product;

static void *
worker (void *arg)
{
  int a = (int) (long) arg;
  pthread_mutex_lock (&lock);
  int overflow = __builtin_add_overflow (a, 1, &sum);
  int *p = &product;
  (void) __builtin_mul_overflow (a, 3, p);
  pthread_mutex_unlock (&lock);
  return overflow ? NULL : arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, (void *) 1L);
  pthread_mutex_lock (&lock);
  int v = sum + product;
  pthread_mutex_unlock (&lock);
  return v;
}
