// Fixed twin of obj_label_retry.c: the retry with goto (a label in the body) fills the
// object in before it is handed over. A loop whose body holds a label is not split,
// so the threads share one location; they write it under a lock.
// racy-twin: obj_label_retry.c
// expect: heap@obj_label_retry_fixed.c:38.out race-free
// known-gap: heap@obj_label_retry_fixed.c:38.out RACE: the loop's body holds a label, so it is not split and every pass's object is one location: main fills the next one in while a thread writes its own
// expect: heap@obj_label_retry_fixed.c:38.id race-free
// known-gap: heap@obj_label_retry_fixed.c:38.id RACE: as heap@obj_label_retry_fixed.c:38.out
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct arg
{
  int id;
  long out;
};

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *p)
{
  struct arg *a = p;
  pthread_mutex_lock (&out_lock);
  a->out = a->id;
  pthread_mutex_unlock (&out_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  pthread_t t;
  for (int i = 0; i < argc; i++)
    {
      struct arg *a = malloc (sizeof *a);
      if (!a)
        return 1;
      int tries = 0;
    again:
      a->out = -1;
      if (tries++ < 2)
        goto again;
      a->id = i;
      pthread_create (&t, NULL, worker, a);
      pthread_detach (t);
    }
  return 0;
}
