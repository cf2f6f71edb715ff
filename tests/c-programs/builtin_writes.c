// A compiler builtin the table does not know reads and writes what its pointer
// arguments point to: the workers store checked sums into the shared totals with
// __builtin_add_overflow and __builtin_mul_overflow while main reads them, with no
// lock. Before, any unknown builtin only computed, and these writes were lost.
// expect: sum RACE
// expect: product RACE
// fixed-twin: builtin_writes_fixed.c
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int sum, product;

static void *
worker (void *arg)
{
  int a = (int) (long) arg;
  if (__builtin_add_overflow (a, 1, &sum))
    return NULL;
  int *p = &product;
  (void) __builtin_mul_overflow (a, 3, p);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, (void *) 1L);
  return sum + product;
}
