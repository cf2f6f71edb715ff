// CheckThenAct with a lock (Table 1): the check and the act are one critical section.
// expect: flag race-free
#include <pthread.h>

int flag;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  if (flag == 0)
    flag = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  while (1)
    pthread_create (&t, NULL, worker, NULL);
}
