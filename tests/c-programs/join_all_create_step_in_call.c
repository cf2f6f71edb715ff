// The create loop steps its index inside the create call, `pthread_create (&t[k++],
// ...)`, as the condition of a checked call (a while loop with no other step); the
// join loop is an ordinary for loop over the same slots.
// racy-twin: join_all_create_step_in_call_short.c
// expect: c race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static long c;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *w (void *a) { (void) a; pthread_mutex_lock (&m); c++; pthread_mutex_unlock (&m); return NULL; }
int main (int argc, char **argv)
{
  (void) argv;
  pthread_t t[16];
  int n = argc > 16 ? 16 : argc;
  int k = 0;
  while (k < n)
    if (pthread_create (&t[k++], NULL, w, NULL))
      exit (1);
  for (int j = 0; j < n; j++)
    pthread_join (t[j], NULL);
  printf ("%ld\n", c);
  return 0;
}
