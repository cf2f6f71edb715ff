// A computed goto (GNU C's `goto *p` with `&&label`, as interpreters dispatch) may go
// to any label of its function whose address is taken: each worker runs a small
// dispatch loop whose `add` handler bumps the shared total with no lock, and whose
// `done` handler returns. Before, a computed goto was an error.
// expect: total RACE
// expect: program[] race-free
// expect: static@interpreter:handlers[] race-free
// fixed-twin: computed_goto_fixed.c
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
long total;
const unsigned char program[] = { 0, 0, 1 };

static void *
interpreter (void *arg)
{
  static void *const handlers[] = { &&add, &&done };
  const unsigned char *pc = program;
  goto *handlers[*pc++];
add:
  total++;
  goto *handlers[*pc++];
done:
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, interpreter, NULL);
  pthread_create (&t, NULL, interpreter, NULL);
  return 0;
}
