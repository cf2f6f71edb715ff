// A statement expression that changes the counter makes the join loop uncounted (not
// unrolled): here it skips every other index, so only half the workers are joined,
// and main's read of the total races with the others.
// expect: total RACE
// fixed-twin: counted_loop_stmt_expr_fixed.c
#include <pthread.h>

#define N 4
long total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  pthread_mutex_lock (&m);
  total++;
  pthread_mutex_unlock (&m);
  return arg;
}

int main (void)
{
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < N; i++)
    {
      pthread_join (t[i], NULL);
      ({ i++; 0; });
    }
  return (int) total;
}
