// The racy twin of join_all_element_arg.c: each thread stores pthread_self () into its
// own handle slot, which pthread_create writes too (it may store the handle after the
// thread has started) and main reads in its join loop: a race on the handles. (The value is the same, so every thread is still
// joined, but racefree no longer knows it: see the known gap.)
// expect: heap@join_all_element_self.c:47.tid RACE
// expect-race-at: heap@join_all_element_self.c:47.tid 56 33
// expect: total race-free
// known-gap: total RACE: a thread writes its handle slot, so the claim that the join loop joins every thread is withdrawn
// expect: heap@join_all_element_self.c:47.first race-free
// known-gap: heap@join_all_element_self.c:47.first RACE: with the claim withdrawn, free (w) after the join loop may run beside a thread
// expect: heap@join_all_element_self.c:47.count race-free
// known-gap: heap@join_all_element_self.c:47.count RACE: with the claim withdrawn, free (w) after the join loop may run beside a thread
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: join_all_element_arg.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct task
{
  pthread_t tid;
  long first, count;
};

static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *
sum_range (void *arg)
{
  struct task *t = arg;
  t->tid = pthread_self ();
  long s = 0;
  for (long k = t->first; k < t->first + t->count; k++)
    s += k;
  pthread_mutex_lock (&total_lock);
  total += s;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  struct task *w = calloc (n, sizeof *w);
  if (!w)
    return 1;
  for (int i = 0; i < n; i++)
    {
      w[i].first = i * 1000L;
      w[i].count = 1000;
    }
  for (int i = 0; i < n; i++)
    if (pthread_create (&w[i].tid, NULL, sum_range, &w[i]) != 0)
      {
        perror ("pthread_create");
        return 1;
      }
  for (int i = 0; i < n; i++)
    pthread_join (w[i].tid, NULL);
  printf ("%ld\n", total);
  free (w);
  return 0;
}
