// Each thread gets its own element of the array that holds the handles (&w[i] as its
// argument) and reads its parameters from it; main fills them in before the create
// loop, joins every thread, then reads the total. The threads never write their
// handle, so the join loop still joins them all.
// expect: total race-free
// expect: heap@join_all_element_arg.c:42.tid race-free
// expect: heap@join_all_element_arg.c:42.first race-free
// expect: heap@join_all_element_arg.c:42.count race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: join_all_element_self.c
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
  const struct task *t = arg;
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
