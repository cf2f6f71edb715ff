/* unlocked_reset: workers count under a mutex while a resetter clears the counter
 * without it. docs/reports.md shows racefree's report of this race in every format
 * next to ThreadSanitizer's (gcc -g -fsanitize=thread examples/unlocked_reset.c). */
#include <pthread.h>
#include <stdio.h>

static long counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  for (int i = 0; i < 100000; i++)
    {
      pthread_mutex_lock (&lock);
      counter++;
      pthread_mutex_unlock (&lock);
    }
  return arg;
}

static void *
resetter (void *arg)
{
  counter = 0;   /* the lock forgotten */
  return arg;
}

int
main (void)
{
  pthread_t t[3];
  pthread_create (&t[0], NULL, worker, NULL);
  pthread_create (&t[1], NULL, worker, NULL);
  pthread_create (&t[2], NULL, resetter, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter);
  return 0;
}
