// The element is named once in the create loop's body (`struct job *j = &jobs[i];`),
// filled in through that pointer and handed to the thread, which writes its checksum
// back into it; main prints the checksums after joining every thread.
// expect: static@main:jobs[].first race-free
// expect: static@main:jobs[].len race-free
// expect: static@main:jobs[].sum race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: elem_alias_outside.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job
{
  int first, len;
  unsigned long sum;
};

static void *
run_job (void *p)
{
  struct job *jb = p;
  unsigned long h = 0;
  for (int k = jb->first; k < jb->first + jb->len; k++)
    h = h * 31 + (unsigned) k;
  jb->sum = h;
  return NULL;
}

int
main (int argc, char **argv)
{
  static struct job jobs[16];
  pthread_t th[16];
  int n = argc > 1 ? atoi (argv[1]) : 4, i;
  if (n < 0 || n > 16)
    n = 16;
  for (i = 0; i < n; i++)
    {
      struct job *j = &jobs[i];
      j->first = i * 100;
      j->len = 100;
      pthread_create (&th[i], NULL, run_job, j);
    }
  for (i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  for (i = 0; i < n; i++)
    printf ("%d: %lx\n", i, jobs[i].sum);
  return 0;
}
