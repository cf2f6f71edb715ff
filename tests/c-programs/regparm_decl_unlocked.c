// Old glibc headers (and CIL's output of them) put a calling-convention attribute
// inside a parenthesised declarator: `void (__attribute__ ((regparm (1))) f) (...)`.
// As regparm_decl.c, but the workers call the helper without the mutex.
// expect: total RACE
// expect-race-at: total 23 23
// fixed-twin: regparm_decl.c
#include <pthread.h>
#include <stdio.h>

extern int (__attribute__ ((__regparm__ (1))) next) (int v);

int (__attribute__ ((__regparm__ (1))) next) (int v)
{
  return v + 1;
}

static int total;

static void *
work (void *arg)
{
  (void) arg;
  total = next (total);   /* without the mutex */
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
