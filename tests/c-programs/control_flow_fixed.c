// Control flow: switch with fallthrough, goto, do/while, break/continue, ?:, && and
// ||, recursion and exit; every update of mode and late is under one lock, and the
// write to never is unreachable (after exit).
// expect: mode race-free
// expect: late race-free
// expect: never race-free
#include <pthread.h>
#include <stdlib.h>

int mode;
int late;
int never;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int depth (int n)
{
  return n <= 0 ? 0 : 1 + depth (n - 1);
}

static void *worker (void *arg)
{
  long k = (long) arg;
  int i = 0;
  do
    {
      if (i == 3)
        continue;
      if (k > 2 && i > 5)
        break;
    }
  while (++i < 10);
  pthread_mutex_lock (&m);
  switch (k)
    {
    case 0:
      i = depth (3);
      /* fallthrough */
    case 1:
      if (mode || k)
        goto out;
      break;
    default:
      exit (1);
      never = 1;
    }
  late = i > 2 ? 1 : 2;
 out:
  if (k == 7)
    mode = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long k = 0; k < 8; k++)
    pthread_create (&t, NULL, worker, (void *) k);
  return never;
}
