// As asm_operands.c, but main's asm reads the counter without the mutex while the
// workers step it.
// expect: counter RACE
// expect-race-at: counter 32 19
// fixed-twin: asm_operands.c
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
  __asm__ ("movq %1, %0" : "=r" (seen) : "m" (counter));   /* without the mutex */
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", seen, counter);
  return 0;
}
