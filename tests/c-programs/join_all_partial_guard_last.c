// RACY twin of join_all_partial_guard.c: the first pool's join loop stops one short
// (`i + 1 < started`), so the last worker started may still add to the sum while main
// reads it. Its fixed twin's header follows.
//
// Workers started while there are slots left and pthread_create succeeds, the create
// in the loop's test (`while (started < n && pthread_create (...) == 0) started++;`),
// then joined up to the count started; a second pool the same way with a `for` loop
// whose empty body is all in its header, joined counting down from where it stopped.
// The workers add to a sum under a lock; main reads it, and the hits, without one.
// expect: workers[].tid race-free
// expect: workers[].id race-free
// expect: total RACE
// expect-race-at: total 41 69
// expect: helpers[] race-free
// expect: hits race-free
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: join_all_partial_guard.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXW 16

struct worker
{
  pthread_t tid;
  int id;
};

static struct worker workers[MAXW];
static pthread_t helpers[MAXW];
static long hits, total;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
run (void *arg)
{
  struct worker *w = arg;
  pthread_mutex_lock (&hits_lock);
  total += 10L * w->id;
  pthread_mutex_unlock (&hits_lock);
  return NULL;
}

static void *
help (void *arg)
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
  if (n < 0 || n > MAXW)
    n = MAXW;
  for (int k = 0; k < n; k++)
    workers[k].id = k;
  int started = 0;
  while (started < n && pthread_create (&workers[started].tid, NULL, run, &workers[started]) == 0)
    started++;
  for (int i = 0; i + 1 < started; i++)
    pthread_join (workers[i].tid, NULL);
  long sum = total;
  int h;
  for (h = 0; h < n && !pthread_create (&helpers[h], NULL, help, NULL); h++)
    ;
  while (h-- > 0)
    pthread_join (helpers[h], NULL);
  printf ("%ld %ld\n", sum, hits);
  return 0;
}
