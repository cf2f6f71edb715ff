// The fixed twin of computed_goto.c: the `add` handler bumps the total under the lock.
// expect: total race-free
// expect: program[] race-free
// expect: static@interpreter:handlers[] race-free
// racy-twin: computed_goto.c
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
  pthread_mutex_lock (&lock);
  total++;
  pthread_mutex_unlock (&lock);
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
