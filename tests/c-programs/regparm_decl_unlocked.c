// Old glibc headers (and CIL's output of them) put a calling-convention attribute
// inside a parenthesised declarator: `void (__attribute__ ((regparm (1))) f) (...)`.
// As regparm_decl.c, but the workers call the helper without the mutex.
// expect: total RACE
// expect-race-at: total 14 14
// fixed-twin: regparm_decl.c
#include <pthread.h>
#include <stdio.h>

extern void (__attribute__ ((__regparm__ (1))) bump) (int *p);

void (__attribute__ ((__regparm__ (1))) bump) (int *p)
{
  *p += 1;
}

static int total;

static void *
work (void *arg)
{
  (void) arg;
  bump (&total);   /* without the mutex */
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
