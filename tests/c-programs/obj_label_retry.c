// A label inside the create loop's body (a retry with goto): main writes the object it
// has just handed to the thread, which writes it too. A loop whose body holds a label
// is never split (the three copies of the body would share the label), so the object
// stays one location and the race is shown.
// fixed-twin: obj_label_retry_fixed.c
// expect: heap@obj_label_retry.c:34.out RACE
// expect: heap@obj_label_retry.c:34.id race-free
// expect-race-at: heap@obj_label_retry.c:34.out 42 23
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct arg
{
  int id;
  long out;
};

static void *
worker (void *p)
{
  struct arg *a = p;
  a->out = a->id;
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
      a->id = i;
      pthread_create (&t, NULL, worker, a);
      pthread_detach (t);
      int tries = 0;
    again:
      a->out = -1;
      if (tries++ < 2)
        goto again;
    }
  return 0;
}
