// A mutex handed to a function the analysis has no body for: that function may
// unlock it (here release_it is defined in no analysed file), so the mutex gives no
// exclusion in the model (warning). The writer writes after handing `m` over, while
// a reader holding `m` reads.
// expect: data RACE
// expect-stderr: warning: mutex 'm' gives no mutual exclusion in the model: '&m' is passed to 'release_it'
#include <pthread.h>

void release_it (pthread_mutex_t *m);

int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *writer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  release_it (&m);
  data = 1;
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  int v = data;
  pthread_mutex_unlock (&m);
  return (void *) (long) v;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, writer, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
