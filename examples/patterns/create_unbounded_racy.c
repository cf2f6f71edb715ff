// Pattern: unbounded thread creation, error count unlocked — as create_unbounded.c, but the
// (rare) error path counts without the lock.
// expect: ok_count race-free
// expect: error_count RACE
// why: two handlers of failing requests can increment error_count at the same time.
//   ok_count is still only touched under count_lock.
// fixed-twin: create_unbounded.c
#include <pthread.h>
#include <stdlib.h>

static long ok_count, error_count;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static void *handle_request (void *arg)
{
  long request = (long) arg;
  int ok = request % 13 != 0;
  if (ok)
    {
      pthread_mutex_lock (&count_lock);
      ok_count++;
      pthread_mutex_unlock (&count_lock);
    }
  else
    error_count++;
  return NULL;
}

static long next_request (void)
{
  return random ();
}

int main (void)
{
  for (;;)
    {
      pthread_t t;
      if (pthread_create (&t, NULL, handle_request, (void *) next_request ()) == 0)
        pthread_detach (t);
    }
}
