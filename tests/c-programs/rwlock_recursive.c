// A reader takes the read lock again in a helper (allowed: read locks are counted) and
// still holds it after the helper's unlock, when it reads the size; the writer takes
// the write lock. So the size is never read while it is written.
// expect: size race-free
// expect: table[] race-free
// mutant-skip: 15 equivalent: reader calls first () holding the read lock already
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int table[16];
int size;

static int first (void)
{
  pthread_rwlock_rdlock (&rw);
  int v = table[0];
  pthread_rwlock_unlock (&rw);
  return v;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_rwlock_rdlock (&rw);
  int v = first ();
  v += size;
  pthread_rwlock_unlock (&rw);
  return (void *) (long) v;
}

static void *writer (void *arg)
{
  (void) arg;
  pthread_rwlock_wrlock (&rw);
  table[0] = size++;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    {
      pthread_create (&t, NULL, reader, NULL);
      pthread_create (&t, NULL, writer, NULL);
    }
  return 0;
}
