// A handler is stored through a pointer that code without a body returned (a slot of a
// registry the library keeps): the library may call it later, from any thread, while
// main changes the setting the handler reads. racefree takes every object whose address
// the program stores through such a pointer as handed out to that code.
// expect: verbose RACE
// expect-race-at: verbose 22 40
// expect: count RACE
// expect: h.run race-free
// expect: external memory race-free
// expect-stderr: warning: 'on_tick' is passed to code without a body, which may call it: assumed called by any number of threads at any time
// fixed-twin: unknown_store_handler_fixed.c
#include <pthread.h>
#include <stdio.h>

struct handler { void (*run) (void); };
extern void **registry_slot (void);   /* defined elsewhere: no body here */

int verbose;
static long count;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void on_tick (void) { if (verbose) count++; }
static struct handler h = { on_tick };

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  h.run ();
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (int argc, char **argv)
{
  (void) argv;
  void **slot = registry_slot ();
  *slot = &h;
  verbose = argc > 1;
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", count);
  return 0;
}
