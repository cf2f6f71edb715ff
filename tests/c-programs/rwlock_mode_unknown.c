// The lock is taken for reading or for writing depending on a flag, and released by one
// unlock whose mode racefree cannot know: the model lets that unlock release the write
// lock or not, whichever the thread took. Updating the counter under the read lock is a
// race: two threads can hold the read lock at once.
// expect: count RACE
// expect: verbose race-free
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int count;
int verbose;

static void *worker (void *arg)
{
  (void) arg;
  if (verbose)
    pthread_rwlock_rdlock (&rw);
  else
    pthread_rwlock_wrlock (&rw);
  count++;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t t;
  (void) argv;
  verbose = argc > 1;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
