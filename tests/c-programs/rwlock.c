// Readers take the read lock and writers the write lock, but a reader also counts its
// lookups in a shared counter under the read lock: read locks do not exclude each
// other, so two readers update `lookups` at once.
// expect: table[] race-free
// expect: size race-free
// expect: lookups RACE
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int table[16];
int size;
long lookups;

static void *reader (void *arg)
{
  int key = (int) (long) arg, found = -1;
  pthread_rwlock_rdlock (&rw);
  for (int i = 0; i < size; i++)
    if (table[i] == key)
      found = i;
  lookups++;
  pthread_rwlock_unlock (&rw);
  return (void *) (long) found;
}

static void *writer (void *arg)
{
  pthread_rwlock_wrlock (&rw);
  if (size < 16)
    table[size++] = (int) (long) arg;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    {
      pthread_create (&t, NULL, reader, (void *) 1L);
      pthread_create (&t, NULL, writer, (void *) 2L);
    }
  return 0;
}
