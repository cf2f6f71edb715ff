// The fixed twin of counted_loop_stmt_expr.c: every worker is joined. Statement
// expressions elsewhere in main (atomic_load is one in glibc's <stdatomic.h>) that do
// not touch the counter leave the loops counted, so the joins are exact.
// expect: total race-free
// expect: hits race-free
// racy-twin: counted_loop_stmt_expr.c
#include <pthread.h>
#include <stdatomic.h>

#define N 4
long total;
atomic_int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  pthread_mutex_lock (&m);
  total++;
  pthread_mutex_unlock (&m);
  atomic_fetch_add (&hits, 1);
  return arg;
}

int main (void)
{
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  return (int) total + atomic_load (&hits);
}
