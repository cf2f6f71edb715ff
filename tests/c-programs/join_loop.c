// Threads created and joined in loops over an array of handles, as many as the data
// says (n <= N): every join takes the exit token of one thread created through t[],
// and in reality every worker has ended when main reads done_count. The model does
// not count loop iterations (the bound is data), so it may leave the join loop
// early: a false alarm, the documented over-approximation of joins in loops.
// expect: done_count RACE
// fixed-twin: join_counted.c
#include <pthread.h>
#define N 4
int done_count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  done_count++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t t[N];
  int n = argc < N ? argc : N;
  (void) argv;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  return done_count;
}
