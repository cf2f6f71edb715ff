// The fixed twin of rwlock_mode_unknown.c: the counter is updated under the write
// lock only; the read lock only guards a read of it.
// expect: count race-free
// expect: verbose race-free
// racy-twin: rwlock_mode_unknown.c
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int count;
int verbose;

static void *worker (void *arg)
{
  (void) arg;
  if (verbose)
    {
      pthread_rwlock_rdlock (&rw);
      int seen = count;
      pthread_rwlock_unlock (&rw);
      (void) seen;
    }
  else
    {
      pthread_rwlock_wrlock (&rw);
      count++;
      pthread_rwlock_unlock (&rw);
    }
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t t;
  (void) argv;
  verbose = argc > 1;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
