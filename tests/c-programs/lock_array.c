// A lock taken from an array may denote several mutexes: no exclusion is assumed,
// so the counter guarded by locks[i] is reported (with a warning naming the lock), and
// the race report says that lock is why the access is not protected.
// expect: count RACE
// expect-stderr: warning: lock 'locks[i]' may denote several mutexes: no mutual exclusion assumed
// expect-stderr: note: lock 'locks[i]' (tests/c-programs/lock_array.c:15:3) may denote several mutexes
#include <pthread.h>

pthread_mutex_t locks[4];
int count;

static void *worker (void *arg)
{
  long i = (long) arg;
  pthread_mutex_lock (&locks[i]);
  count++;
  pthread_mutex_unlock (&locks[i]);
  return NULL;
}

int main (void)
{
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    {
      pthread_mutex_init (&locks[i], NULL);
      pthread_create (&t[i], NULL, worker, (void *) i);
    }
  return 0;
}
