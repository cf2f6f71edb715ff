// Control flow: switch with fallthrough, goto, do/while, break/continue, ?:, && and
// ||, recursion and exit. The write to late happens only after a path every thread
// may take; the reads in conditions are accesses too.
// expect: mode RACE
// expect: late RACE
// expect: never race-free
#include <pthread.h>
#include <stdlib.h>

int mode;
int late;
int never;

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
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long k = 0; k < 8; k++)
    pthread_create (&t, NULL, worker, (void *) k);
  return never;
}
