// CheckThenAct (Table 1): each thread checks a shared flag and acts on it without a lock.
// expect: flag RACE
// fixed-twin: check_then_act_lock.c
#include <pthread.h>
int flag;

static void *worker (void *arg)
{
  (void) arg;
  if (flag == 0)
    flag = 1;
  return NULL;
}

int main (void)
{
  pthread_t t;
  while (1)
    pthread_create (&t, NULL, worker, NULL);
}
