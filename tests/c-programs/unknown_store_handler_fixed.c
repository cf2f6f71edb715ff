// The fixed twin of unknown_store_handler.c: the handler goes into the program's own
// table, and the slot the library returned gets only a null pointer, so only the
// workers call the handler, under the lock, after main set what it reads.
// expect: verbose race-free
// expect: count race-free
// expect: h.run race-free
// expect: table[] race-free
// expect: external memory race-free
// racy-twin: unknown_store_handler.c
// mutant-skip: 28 its mutant races on count inside on_tick, which the section calls through the table (the mutants tool follows direct calls only)
#include <pthread.h>
#include <stdio.h>

struct handler { void (*run) (void); };
extern void **registry_slot (void);   /* defined elsewhere: no body here */

int verbose;
static long count;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void on_tick (void) { if (verbose) count++; }
static struct handler h = { on_tick };
static struct handler *table[4];

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  table[0]->run ();
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (int argc, char **argv)
{
  (void) argv;
  void **slot = registry_slot ();
  *slot = NULL;
  table[0] = &h;
  verbose = argc > 1;
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", count);
  return 0;
}
