// __attribute__((cleanup)) unlock guards: the model would not run the cleanup when
// the variable leaves its scope (so the lock would stay held and hide the second
// thread's unprotected write): rejected with a clear error.
// expect-exit: 2
// expect-stderr: unsupported_cleanup.c:18:63: error: unsupported: __attribute__ ((cleanup)) on 'guard' (the model does not run the cleanup function when 'guard' leaves its scope)
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y;

static void unlock_guard (pthread_mutex_t **p) { pthread_mutex_unlock (*p); }

static void *
worker (void *arg)
{
  (void) arg;
  {
    __attribute__ ((cleanup (unlock_guard))) pthread_mutex_t *guard = (pthread_mutex_lock (&m), &m);
    x++;
  }
  y++;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
