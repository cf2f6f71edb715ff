// Old glibc headers (and CIL's output of them) put a calling-convention attribute
// inside a parenthesised declarator: `void (__attribute__ ((regparm (1))) f) (...)`.
// The scanner drops such an attribute (it means nothing to the model); the counter's
// update is under the mutex.
// expect: total race-free
// racy-twin: regparm_decl_unlocked.c
#include <pthread.h>
#include <stdio.h>

extern int (__attribute__ ((__regparm__ (1))) next) (int v);

int (__attribute__ ((__regparm__ (1))) next) (int v)
{
  return v + 1;
}

static int total;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *
work (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&mu);
  total = next (total);
  pthread_mutex_unlock (&mu);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, work, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", total);
  return 0;
}
