// Pattern: unbounded thread creation in a loop — a server starts one detached handler
// thread per request, forever; handlers count requests per status under a lock.
// expect: ok_count race-free
// expect: error_count race-free
// why: the number of handlers alive at once is unbounded, but every access to the counts
//   holds count_lock, so no two of them are in an access at once.
// racy-twin: create_unbounded_racy.c
#include <pthread.h>
#include <stdlib.h>

static long ok_count, error_count;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static void *handle_request (void *arg)
{
  long request = (long) arg;
  int ok = request % 13 != 0;
  pthread_mutex_lock (&count_lock);
  if (ok)
    ok_count++;
  else
    error_count++;
  pthread_mutex_unlock (&count_lock);
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
