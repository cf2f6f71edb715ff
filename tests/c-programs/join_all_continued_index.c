// The join loop has no init of its own: it counts the create loop's index back down
// from where the create loop stopped (`while (i-- > 0)`), so it joins the same slots.
// racy-twin: join_all_continued_index_short.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: hits race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long hits;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
probe (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&hits_lock);
  hits++;
  pthread_mutex_unlock (&hits_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n > 64)
    n = 64;
  pthread_t tid[64];
  int i = 0;
  while (i < n)
    {
      if (pthread_create (&tid[i], NULL, probe, NULL) != 0)
        exit (1);
      i++;
    }
  while (i-- > 0)
    pthread_join (tid[i], NULL);
  printf ("%ld\n", hits);
  return 0;
}
