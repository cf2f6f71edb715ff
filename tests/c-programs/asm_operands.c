// Inline asm on shared data: racefree takes an asm statement to read its inputs and
// write its outputs (a "memory" clobber is a compiler barrier, no access). The
// counter is stepped by an asm instruction under the mutex and read under it too.
// expect: counter race-free
// racy-twin: asm_operands_unlocked.c
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *
worker (void *arg)
{
  (void) arg;
  for (int k = 0; k < 1000; k++)
    {
      pthread_mutex_lock (&mu);
      __asm__ __volatile__ ("incq %0" : "+m" (counter) : : "memory");
      pthread_mutex_unlock (&mu);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  long seen;
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  pthread_mutex_lock (&mu);
  __asm__ ("movq %1, %0" : "=r" (seen) : "m" (counter));
  pthread_mutex_unlock (&mu);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", seen, counter);
  return 0;
}
